import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [
    vue({
      template: {
        compilerOptions: {
          // <chat-bot> is a custom element, not a Vue component: without this Vue first tries to
          // resolve it as one, warning "Failed to resolve component: chat-bot" on every render.
          isCustomElement: (tag) => tag === 'chat-bot',
        },
      },
    }),
  ],
});
