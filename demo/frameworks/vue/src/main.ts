import { createApp } from 'vue';
import 'chat-bot-element'; // defines <chat-bot>
import App from './App.vue';

createApp(App).mount('#app');
