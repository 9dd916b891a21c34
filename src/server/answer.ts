/**
 * One generation of an answer: the engine's fragments go to `onFragment` as they come, then
 * AnswerSuffix as the last fragment; the outcome is stored — complete, partial (the asker left,
 * which aborts `signal`) or failed — by the attempt that owns the answer row, and whoever waits for
 * the answer is told (store/answers-settled.ts). Every way out stores an outcome, a failure to read
 * the listings or the conversation included: no answer stays `streaming` behind a request that ended.
 */
import type { ServiceContext } from './context.ts';
import type { AttachedFile } from './engines/index.ts';
import type { ChatbotRow } from './store/chatbots.ts';
import { cachedListings } from './store/listings.ts';
import { finishAnswer, historyBefore, type AnswerOutcome } from './store/messages.ts';

export interface Generation {
  chatbot: ChatbotRow;
  sessionId: number;
  questionId: number;
  answerId: number;
  attempt: number;
  question: { content: string; askType: string; files: AttachedFile[] };
}

export async function generate(
  ctx: ServiceContext,
  g: Generation,
  signal: AbortSignal,
  onFragment: (text: string) => void,
): Promise<AnswerOutcome> {
  const settings = g.chatbot.settings;
  let content = '';
  const emit = (text: string) => {
    if (!text) return;
    content += text;
    onFragment(text);
  };
  const finish = async (outcome: AnswerOutcome) => {
    if (await finishAnswer(ctx.db, g.answerId, g.attempt, outcome, ctx.clock.now())) ctx.answers.announce(g.answerId);
  };
  let outcome: AnswerOutcome;
  try {
    const [listings, history] = await Promise.all([cachedListings(ctx.db, g.chatbot), historyBefore(ctx.db, g.sessionId, g.questionId)]);
    const engine = ctx.engines.engineFor(settings.Model);
    const run = engine.answer(
      {
        settings,
        question: g.question,
        history: history.map((m) => ({ role: m.role === 'question' ? 'user' : 'assistant', content: m.content })),
        listings,
        now: ctx.clock.now(),
      },
      signal,
    );
    let step = await run.next();
    while (!step.done && !signal.aborted) {
      emit(step.value);
      step = await run.next();
    }
    if (signal.aborted) {
      await run.return({ noAnswer: false, totalTokens: 0 });
      outcome = { content, status: 'partial', totalToken: 0, noAnswer: false };
    } else {
      if (settings.AnswerSuffix) emit(`${content ? '\n\n' : ''}${settings.AnswerSuffix}`);
      const meta = step.done ? step.value : null;
      outcome = { content, status: 'complete', totalToken: meta?.totalTokens ?? 0, noAnswer: meta?.noAnswer ?? false, ...(meta?.asked ? { asked: meta.asked } : {}) };
    }
  } catch (error) {
    const aborted = signal.aborted;
    await finish({ content, status: aborted ? 'partial' : 'failed', totalToken: 0, noAnswer: false });
    if (aborted) return { content, status: 'partial', totalToken: 0, noAnswer: false };
    throw error;
  }
  await finish(outcome);
  return outcome;
}
