/**
 * Data blocks in answers: a `listings` block (src/protocol/cards.ts) is shown as
 * <chat-bot-listings> (which reads the CardContext of the element it is in), a `sources` block
 * (src/protocol/sources.ts) as <chat-bot-sources> — their code (blocks.ts) loads the first time
 * an answer carries either. A `slots` block (src/protocol/slots.ts) is <chat-bot-slots>, a chunk of
 * its own with the booking form (elements/chat-bot-slots.ts). A `suggestions` block
 * (src/protocol/answer.ts) is shown nowhere in the answer: the panel offers it as chips.
 */
import { CARDS_INFO, SOURCES_INFO, SUGGESTIONS_INFO } from '../client/answers.ts';
import type { Fence } from './markdown/index.ts';
import { loadable, safeUrl } from './markdown/links.ts';

/**
 * A data block drawn by the element named after its info string (<chat-bot-listings>,
 * <chat-bot-sources>, <chat-bot-slots>), whose code (blocks.ts; the slots' own) loads the first
 * time an answer has one; it gets the answers' own URL rules with its lines.
 */
const drawn: Fence = (lines, final, made, info) => {
  // `slots` is SLOTS_INFO written out: importing it would put the slots' reader in the panel.
  void (info === 'slots' ? import('./elements/chat-bot-slots.ts') : import('./blocks.ts'));
  return Object.assign(made ?? document.createElement(`chat-bot-${info}`), { lines, final, safeUrl, loadable });
};

/** The fence renderers of an answer's MarkdownView. */
export const answerFences: Record<string, Fence> = {
  [CARDS_INFO]: drawn,
  // Where the answer came from: links under its prose.
  [SOURCES_INFO]: drawn,
  // The way to a person: a button where the answer offers one (<chat-bot-handoff>, which is also its form).
  handoff: drawn,
  // Times to see a listing: a button each, grouped by day; one picked opens the booking form.
  slots: drawn,
  // The follow-ups are chips under the last answer (chat-bot-panel.ts), never code in it.
  [SUGGESTIONS_INFO]: () => null,
};
