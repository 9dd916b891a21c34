/**
 * The built-in engine: answers from the chatbot's listings and settings, no model server needed. It
 * reads the question in the conversation so far (search/conversation.ts), finds the listings it is
 * about, sums them up in prose followed by their cards (protocol/cards.ts) and up to three
 * follow-up suggestions (protocol/answer.ts), and streams the answer word by word. What it cannot
 * check it says; when nothing matches it offers what comes closest; anything it cannot answer gets
 * `noAnswer` and an offer of a person.
 */
import { handoffBlock } from '../../../protocol/index.ts';
import { factsOf } from '../reading/file-facts.ts';
import { BURST, pacer } from './pace.ts';
import { estimateTokens, type AnswerEngine, type AnswerInput, type AnswerMeta, type AttachedFile } from '../index.ts';
import { readable } from '../languages/readable.ts';
import { reply, type Reply } from './reply.ts';
import { english, writingFor, type Writing } from '../writing/index.ts';

export { MAX_NAMED } from './reply.ts';

export interface OfflineOptions {
  /** A pause between words, to look like a model typing (0 in tests and benchmarks). */
  wordDelayMs?: number;
}

export function createOfflineEngine(options: OfflineOptions = {}): AnswerEngine {
  // The turns this engine's answers share (engines/answer/pace.ts).
  const nextTurn = pacer();
  return {
    waiting: nextTurn.waiting,
    async *answer(input, signal): AsyncGenerator<string, AnswerMeta, undefined> {
      const { text, noAnswer, noAnswerReason, asked, language } = await compose(input);
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
      return {
        noAnswer,
        ...(noAnswer && noAnswerReason ? { noAnswerReason } : {}),
        totalTokens: estimateTokens(input.question.content, text),
        language,
        ...(asked ? { asked } : {}),
      };
    },
  };
}

/** "a PNG image, 1,200 × 800 pixels" — one attached file in words, from its bytes; its kind alone when they cannot be read. */
export async function describeFile(file: AttachedFile, w: Writing = english): Promise<string> {
  return w.fileFacts(await factsOf(file).catch(() => null), file.kind);
}

/** "your image: a PNG image, 1,200 × 800 pixels" — what the attached files are, in words. */
export async function describeFiles(files: AttachedFile[], w: Writing = english): Promise<string> {
  if (!files.length) return '';
  return w.files(files[0]!.kind, await Promise.all(files.map((f) => describeFile(f, w))));
}

/** The answer: to the text, after what the engine can know of any attached files; and the language it is written in. */
export async function compose(asked: AnswerInput): Promise<Reply & { language: string }> {
  const { input, language } = readable(asked);
  const said = [...asked.history.filter((m) => m.role === 'user').map((m) => m.content), asked.question.content];
  const w = writingFor(input.settings.AIResponseLanguage, language, input.locale, said);
  const { askType } = input.question;
  const written = w.language;
  if (askType === 'Text') return { ...(await reply(input, w, asked.question.content)), language: written };
  const received = w.received(await describeFiles(input.question.files, w));
  if (!input.question.content.trim()) {
    const kind = (['Image', 'Audio', 'Video'] as const).find((k) => k === askType);
    const person = Boolean(input.settings.TalkToHumanEmail);
    const offer = kind ? ` ${w.mediaOffer(kind, person)}` : '';
    // Where the offer names a person, the way to one is drawn right under it.
    const handoff = kind && person ? `\n\n${handoffBlock({ open: false })}` : '';
    return { text: `${received}${offer}${handoff}`, noAnswer: false, language: written };
  }
  const answer = await reply(input, w, asked.question.content);
  return { ...answer, text: `${received}\n\n${answer.text}`, language: written };
}
