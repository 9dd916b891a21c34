/**
 * Entry for pages that show answers outside the widget (`chat-bot-element/markdown`): the admin
 * console's transcripts, an owner's own tools. The widget's own renderer — DOM built node by node,
 * never parsed HTML, so nothing in an answer can run — with the answer's `listings` and
 * `suggestions` blocks, the styles the widget gives an answer, and the cards' English words. The
 * cards take their words, locale and image hosts from the element that shows the answer, which
 * provides them as the widget's panel does: `new ContextProvider(host, chatContext)`, its value set.
 * Nothing here defines an element until a card is shown (then `<chat-bot-listings>`).
 */
import { cardsEn } from './widget/strings/cards.ts';
import { en, launcherStrings } from './widget/strings/index.ts';

export { MarkdownView, type MarkdownOptions } from './widget/markdown/index.ts';
export { answerFences } from './widget/cards.ts';
export { ContextProvider } from './widget/context.ts';
export { chatContext, type ChatContext } from './widget/chat-context.ts';
export { messageStyles as answerStyles } from './widget/elements/chat-bot-message.styles.ts';

/** The words an answer's cards show, in English (a ChatContext's `strings`). */
export const answerWordsEn = { ...en, ...launcherStrings('en'), ...cardsEn };
