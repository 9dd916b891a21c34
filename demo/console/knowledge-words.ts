/**
 * How the console names the owner's knowledge: a source in a sentence, where its reading stands,
 * and the route that opens a new FAQ entry for a visitor's question.
 */
import type { KnowledgeSource } from 'chat-bot-element';
import { routeWith } from './date-range.ts';
import { KINDS } from './knowledge-fields.ts';

/** Words at the start of a line or a cell ("Web page"). */
export const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export const STATE_WORDS: Record<KnowledgeSource['State'], string> = {
  ready: 'Ready',
  pending: 'Waiting to be read',
  syncing: 'Being read',
  failed: 'Could not be read',
};
/** A source being read, whose State will change without the owner doing anything. */
export const reading = (s: KnowledgeSource) => s.State === 'pending' || s.State === 'syncing';

/** How a sentence names a source: its title, else its address, else its Kind and Id. */
export const sourceName = (s: KnowledgeSource) => s.Title || s.Url || `${capitalized(KINDS[s.Kind].one)} ${s.Id}`;

/** The Knowledge page with a new FAQ entry open for this question: what "Add an answer" on Unanswered opens. */
export const answerRoute = (question: string) => routeWith('#/knowledge', { answer: question });
