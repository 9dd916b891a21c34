/**
 * Entry for pages that show answers outside the widget (`chat-bot-element/markdown`): the admin
 * console's transcripts, an owner's own tools. The widget's own renderer — DOM built node by node,
 * never parsed HTML, so nothing in an answer can run — with the answer's `listings` and
 * `suggestions` blocks, the styles the widget gives an answer, and the cards' English words.
 * Nothing here defines an element until a card is shown (then `<chat-bot-listings>`).
 */
import { cardsEn } from './widget/strings/cards.ts';
import { en, launcherStrings } from './widget/strings/index.ts';

export { MarkdownView, type MarkdownOptions } from './widget/markdown/index.ts';
export { answerFences } from './widget/cards.ts';
export type { CardContext } from './widget/elements/chat-bot-listings.ts';
export { messageStyles as answerStyles } from './widget/elements/chat-bot-message.styles.ts';

/** The words an answer's cards show, in English (a CardContext's `strings`). */
export const answerWordsEn = { ...en, ...launcherStrings('en'), ...cardsEn };
