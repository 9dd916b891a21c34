import { createApp } from 'vue';
import 'chat-bot'; // defines <chat-bot>
import App from './App.vue';

createApp(App).mount('#app');
