/**
 * A visitor asking for a person — or to book a viewing, which a person arranges — answered by both
 * engines the same way, before anything is searched: a short reply and the handoff block
 * (protocol/answer.ts), which the widget draws where the answer says it: the form to leave a name and
 * email, open at once, or — with an agent present — the conversation handed over there and then.
 * Read from the question as the engines read it (in English: languages/gloss.ts); each pattern
 * is bounded, so reading stays linear in the question's length.
 */
import { addressText, handoffBlock, type Listing, type Settings } from '../../../protocol/index.ts';
import { md } from '../search/format.ts';
import { ASKS_IF_BOT } from '../reading/intent.ts';
import { readable } from '../languages/readable.ts';
import { writingFor, type Writing } from '../writing/index.ts';
import type { AnswerInput } from '../index.ts';

/** Who a visitor may ask for. */
const WHO =
  '(?:(?:a|an|the|one of your|your|some|a real|a live|an actual|real|live|actual|human)\\s+){0,2}(?:person|people|human|humans|agent|agents|realtor|realtors|someone|somebody|representative|rep|broker|advisor|adviser|consultant|team|staff|operator|manager|salesperson)\\b';

/** "talk to a person", "speak with one of your agents", "get me a human", "connect me with an agent", "can someone call me back". */
const ASKS_FOR_PERSON = new RegExp(
  [
    `\\b(?:talk|talking|speak|speaking|chat|chatting|get in touch|be in touch)\\s+(?:to|with)\\s+${WHO}`,
    `\\b(?:get|connect|put|transfer|pass|hand)\\s+me\\s+(?:(?:to|with|through to|over to|in touch with)\\s+)?${WHO}`,
    `\\b(?:is there|are there|do you have)\\s+${WHO}[^.?!]{0,30}\\b(?:talk|speak|chat)`,
    `\\b(?:someone|somebody|an agent|a person|a human)\\s+(?:(?:can|could|to)\\s+)?(?:call|ring|phone|contact)\\s+me\\b`,
    '\\b(?:call|ring|phone)\\s+me(?:\\s+back)?\\b',
    `^(?:${WHO}|live chat)(?: please| pls| now)?[.!?]*$`,
  ].join('|'),
);

/** "book a viewing", "schedule a tour", "can I see it in person". */
const ASKS_TO_BOOK =
  /\b(book|schedule|arrange|set up|organi[sz]e)\b.{0,40}\b(viewing|showing|tour|visit|appointment)\b|\b(see it|see the (?:home|house|place|property)|visit it|view it) in person\b|\bcan i (?:see|visit|view) it\b/;

/** A question (read as English, lowercased) that asks for a person, not whether the assistant is one. */
export const asksForPerson = (q: string): boolean => ASKS_FOR_PERSON.test(q) && !ASKS_IF_BOT.test(q);

/** A question (read as English, lowercased) that asks to see a home. */
export const asksToBook = (q: string): boolean => ASKS_TO_BOOK.test(q);

export interface PersonReply {
  text: string;
  /** A person was asked for and none can be reached: the owner should see it. */
  noAnswer: boolean;
}

/**
 * The reply to a request for a person or a viewing: the team is told at once when an agent is
 * present (`live`), otherwise the form opens in place; with neither an agent nor a handoff email,
 * an honest word that no person can be reached from the chat.
 */
export async function personReply(
  w: Writing,
  settings: Settings,
  kind: 'person' | 'viewing',
  agentPresent: (() => Promise<boolean>) | undefined,
  home?: Listing,
): Promise<PersonReply> {
  const live = (await agentPresent?.().catch(() => false)) ?? false;
  const person = live || Boolean(settings.TalkToHumanEmail);
  const about = home ? addressText(home) : undefined;
  const text = kind === 'viewing' ? w.viewing(person, about && md(about), home?.Url, live) : w.handoff(person, live);
  if (!person) return { text, noAnswer: true };
  return {
    text: `${text}\n\n${handoffBlock({ open: true, ...(live ? { live } : {}), ...(about ? { about } : {}) })}`,
    noAnswer: false,
  };
}

/**
 * The reply to a question that asks for a person or to book a viewing, read as the engines read
 * it, in the language the answer is written in; null for any other question. The model engine
 * answers these so, as the offline engine does, before its model is asked.
 */
export async function answerIfPerson(input: AnswerInput): Promise<(PersonReply & { language: string }) | null> {
  if (input.question.askType !== 'Text') return null;
  const { input: read, language } = readable(input);
  const q = read.question.content.trim().toLowerCase();
  const kind = asksForPerson(q) ? 'person' : asksToBook(q) && !/^how\b/.test(q) ? 'viewing' : null;
  if (!kind) return null;
  // Showing hours set: the model finds the times itself (find_viewing_slots), and they are offered to book.
  if (kind === 'viewing' && input.viewingSlots && input.settings.ViewingHours.length) return null;
  const said = [...input.history.filter((m) => m.role === 'user').map((m) => m.content), input.question.content];
  const w = writingFor(input.settings.AIResponseLanguage, language, input.locale, said);
  return {
    ...(await personReply(w, input.settings, kind, input.agentPresent, input.pageListing)),
    language: w.language,
  };
}
