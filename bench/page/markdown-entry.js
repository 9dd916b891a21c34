// The widget's Markdown renderer alone, with the styles its messages give it — the package's
// `chat-bot-element/markdown` entry: the bench bundles this (markdown.vite.config.mjs →
// .tmp/markdown/markdown.js) to time the renderer without the rest.
export { MarkdownView, answerStyles as messageStyles } from '../../src/markdown.ts';
