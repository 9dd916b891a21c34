/**
 * The built-in engine: answers from the chatbot's listings and settings, no model server needed.
 * It reads the question in the conversation so far (conversation.ts), finds the listings it is
 * about, sums them up in prose followed by their cards (protocol/cards.ts) and up to three
 * follow-up suggestions (protocol/answer.ts), and streams the answer word by word. What it cannot
 * check it says; when nothing matches it offers what comes closest; anything it cannot answer gets
 * `noAnswer` and an offer of a person.
 */
import { describeFile } from '../../files/facts.ts';
import { BURST, pacer } from '../../pace.ts';
import { estimateTokens, type AnswerEngine, type AnswerInput, type AnswerMeta, type AttachedFile } from '../index.ts';
import { readable } from '../languages/readable.ts';
import { reply, type Reply } from './reply.ts';

export { MAX_NAMED } from './reply.ts';
export { describe } from './summary.ts';

export interface OfflineOptions {
  /** A pause between words, to look like a model typing (0 in tests and benchmarks). */
  wordDelayMs?: number;
}

export function createOfflineEngine(options: OfflineOptions = {}): AnswerEngine {
  // The turns this engine's answers share (pace.ts).
  const nextTurn = pacer();
  return {
    waiting: nextTurn.waiting,
    async *answer(input, signal): AsyncGenerator<string, AnswerMeta, undefined> {
      const { text, noAnswer, asked } = await compose(input, await describeFiles(input.question.files));
      // Words with the space after them: the fragments join back to exactly `text`.
      const words = text.split(/(?<=\s)(?=\S)/);
      for (let i = 0; i < words.length; i++) {
        if (signal.aborted) break;
        // With no delay: the first word at once, then BURST words a turn of the event loop, shared with the engine's other answers.
        if (options.wordDelayMs) await new Promise((r) => setTimeout(r, options.wordDelayMs));
        else if (i > 0 && i % BURST === 0) await nextTurn();
        if (signal.aborted) break;
        yield words[i]!;
      }
      return { noAnswer, totalTokens: estimateTokens(input.question.content, text), ...(asked ? { asked } : {}) };
    },
  };
}

/** "your image: a PNG image, 1,200 × 800 pixels" — what the attached files are, in words. */
export async function describeFiles(files: AttachedFile[]): Promise<string> {
  if (!files.length) return '';
  const each = await Promise.all(files.map(describeFile));
  const noun = { Image: 'image', Audio: 'recording', Video: 'video' }[files[0]!.kind];
  return files.length === 1 ? `your ${noun}: ${each[0]}` : `your ${files.length} ${noun}s: ${each.join('; ')}`;
}

/** What the engine cannot do with a kind of file, and what it offers instead. */
const MEDIA_OFFER: Record<string, string> = {
  Image:
    "I can't see what is in pictures myself, but I can help you find a home like it — tell me the area, budget or number of bedrooms you have in mind.",
  Audio:
    "I can't listen to recordings myself, so please type your question — for example the area, budget or number of bedrooms you are looking for.",
  Video:
    "I can't watch videos myself, but I can help with our listings — tell me the area, budget or number of bedrooms you have in mind.",
};

/** The answer: to the text, after what the engine can know of any attached files (`media`, from describeFiles). */
export async function compose(asked: AnswerInput, media = ''): Promise<Reply> {
  const { input } = readable(asked);
  const { askType } = input.question;
  if (askType === 'Text') return reply(input);
  const received = `Thank you — I received ${media || 'your file'}.`;
  if (!input.question.content.trim()) {
    const person = input.settings.TalkToHumanEmail
      ? ' Or use **Talk to a person** and someone from the team will take a look.'
      : '';
    return { text: `${received} ${MEDIA_OFFER[askType] ?? ''}${person}`, noAnswer: false };
  }
  const answer = await reply(input);
  return { ...answer, text: `${received}\n\n${answer.text}` };
}
