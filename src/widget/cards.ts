/**
 * Listing cards in answers: a `listings` block (src/protocol/cards.ts) is shown as
 * <chat-bot-listings>, whose code loads the first time an answer carries one (and which reads the
 * CardContext of the element it is in); a `sources` block as <chat-bot-sources>, likewise. A `suggestions` block (src/protocol/answer.ts) is shown
 * nowhere in the answer: the panel offers it as chips.
 */
import { CARDS_INFO, SOURCES_INFO, SUGGESTIONS_INFO } from '../client/index.ts';
import type { Fence } from './markdown/index.ts';
import { loadable, safeUrl } from './markdown/links.ts';

/** The fence renderers of an answer's MarkdownView; the cards get the answers' own URL rules with their lines. */
export const answerFences: Record<string, Fence> = {
  [CARDS_INFO]: (lines, final, made) => {
    void import('./elements/chat-bot-listings.ts');
    return Object.assign(made ?? document.createElement('chat-bot-listings'), { lines, final, safeUrl, loadable });
  },
  // Where the answer came from: links under its prose, their code loaded the first time an answer names any.
  [SOURCES_INFO]: (lines, final, made) => {
    void import('./elements/chat-bot-sources.ts');
    return Object.assign(made ?? document.createElement('chat-bot-sources'), { lines, final, safeUrl });
  },
  // The follow-ups are chips under the last answer (chat-bot-panel.ts), never code in it.
  [SUGGESTIONS_INFO]: () => null,
};
