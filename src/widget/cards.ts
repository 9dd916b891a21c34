/**
 * Listing cards in answers: a `listings` block (src/protocol/cards.ts) is shown as
 * <chat-bot-listings>, whose code loads the first time an answer carries one. A `suggestions`
 * block (src/protocol/answer.ts) is shown nowhere in the answer: the panel offers it as chips.
 */
import { CARDS_INFO, SUGGESTIONS_INFO } from '../client/index.ts';
import type { Fence } from './markdown/index.ts';
import { loadable, safeUrl } from './markdown/links.ts';
import type { Strings } from './strings.ts';

/**
 * What the cards show their listings with: the message they are in (its words, locale, image
 * hosts, and whether a person can be reached), read when they render.
 */
export interface CardContext {
  strings: Strings;
  /** Locale of prices and numbers. */
  locale: string;
  /** Hosts photos may load from (the answers' image-hosts). */
  imageHosts: readonly string[];
  /** Offer "Talk to a person" on each card. */
  talk: boolean;
  /** False where nobody can act on a card (the owner's transcript): no "Ask about this home", no "Talk to a person". */
  actions?: boolean;
}

/** The fence renderers of an answer's MarkdownView; the cards get the answers' own URL rules with their lines. */
export const answerFences: Record<string, Fence> = {
  [CARDS_INFO]: (lines, final, made) => {
    void import('./chat-bot-listings.ts');
    return Object.assign(made ?? document.createElement('chat-bot-listings'), { lines, final, safeUrl, loadable });
  },
  // The follow-ups are chips under the last answer (chat-bot-panel.ts), never code in it.
  [SUGGESTIONS_INFO]: () => null,
};
