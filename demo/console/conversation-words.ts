/** How the console names what happened in a conversation, and its routes to conversations. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ConversationFlag, FeedbackReason, NoAnswerReason, TranscriptMessage } from 'chat-bot-element';

/** Every flag, in the order the Flag filter offers them. */
export const FLAG_LABELS: Record<ConversationFlag, string> = {
  unanswered: 'Unanswered',
  handoff: 'Handed to a person',
  ratedDown: 'Rated down',
  rateLimited: 'Rate-limited',
  files: 'Has files',
};
export const FLAGS = Object.keys(FLAG_LABELS) as ConversationFlag[];
export const isFlag = (value: string): value is ConversationFlag => Object.hasOwn(FLAG_LABELS, value);

export const REASON_LABELS: Record<FeedbackReason, string> = {
  'wrong-listing': 'Wrong listing',
  'not-helpful': "Didn't help",
  incorrect: 'Incorrect',
  'too-long': 'Too long',
};
/** A reason as the owner reads it; one this console does not know yet, as the service wrote it. */
export const reasonLabel = (reason: string) => REASON_LABELS[reason as FeedbackReason] ?? reason;

/** Why an answer is marked NoAnswer, as its badge in a transcript says it. */
export const NO_ANSWER_LABELS: Record<NoAnswerReason, string> = {
  unknown: 'No answer: nothing known about this',
  'cannot-filter': 'No answer: can’t filter homes by this',
  'unsure-reading': 'No answer: not sure what was meant',
};

/** A moment in the owner's own time zone and words. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const timeOf = (iso: string) => html`<time datetime=${iso}>${when(iso)}</time>`;

export const conversationRoute = (sessionId: number) => `#/conversations/${sessionId}`;

/** The flags as text badges (never colour alone). */
export function flagBadges(flags: readonly string[]): TemplateResult | typeof nothing {
  if (!flags.length) return nothing;
  return html`<ul class="badges">${flags.map((f) => html`<li class="badge" data-flag=${f}>${FLAG_LABELS[f as ConversationFlag] ?? f}</li>`)}</ul>`;
}

/** What became of an answer, when it was not simply answered. */
export function answerStatus(m: TranscriptMessage): string[] {
  const notes: string[] = [];
  // An answer kept before reasons were is marked without one.
  if (m.NoAnswer) notes.push(m.NoAnswerReason ? NO_ANSWER_LABELS[m.NoAnswerReason] : 'No answer');
  if (m.Status === 'partial') notes.push('Cut off before the end');
  if (m.Status === 'failed') notes.push('Failed');
  if (m.Status === 'streaming') notes.push('Still being written');
  return notes;
}

/** A web page's address as a link, when it is one; anything else as text. */
export function pageLink(url: string): TemplateResult | string {
  if (!/^https?:\/\//i.test(url)) return url || '—';
  return html`<a href=${url} target="_blank" rel="noopener noreferrer">${url.replace(/^https?:\/\//i, '')}<span class="sr"> (opens in a new tab)</span></a>`;
}
