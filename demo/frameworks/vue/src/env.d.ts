/// <reference types="vite/client" />
// Types <chat-bot> in templates: its props (`:settings`, `:theme`…) and its events (`@chat-bot-answer`).
/// <reference types="chat-bot-element/vue" />
