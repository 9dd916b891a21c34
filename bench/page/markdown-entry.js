// The widget's Markdown renderer alone, with the styles its messages give it: the bench bundles this
// (markdown.vite.config.mjs → .tmp/markdown/markdown.js) to time the renderer without the rest.
export { MarkdownView } from '../../src/widget/markdown/index.ts';
export { messageStyles } from '../../src/widget/chat-bot-message.styles.ts';
