/// <reference types="svelte" />
/// <reference types="vite/client" />
/// <reference types="chat-bot-element/svelte" />
