import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: '/',
  resolve: {
    // `chat-bot-element` is a symlink to the repository root, so `chat-bot-element/react` (dist/lib/react.js)
    // would import `react` from the repository's own node_modules: a second React, and hooks
    // that fail. Dedupe makes every import of react and react-dom resolve to this app's copy.
    dedupe: ['react', 'react-dom'],
  },
});
