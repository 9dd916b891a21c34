/**
 * One generation of an answer: the engine's fragments go to `onFragment` as they come, then
 * AnswerSuffix as the last fragment; the outcome is stored — complete, partial (the asker left,
 * which aborts `signal`) or failed — by the attempt that owns the answer row, and whoever waits for
 * the answer is told (store/answers-settled.ts). Every way out stores an outcome, a failure to read
 * the listings or the conversation included — or, when the database cannot be reached to store it,
 * lets the answer's lease lapse, for a retry to take it over or the sweep to mark it cut
 * (store/answer-lease.ts): no answer stays `streaming` behind a request that ended. While it
 * streams, the lease's renewals store the text so far: a writer killed mid-answer leaves what the
 * visitor saw.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ServiceContext } from './context.ts';
import type { AttachedFile } from '../engines/index.ts';
import type { Where } from '../engines/reading/page.ts';
import { pageListing } from '../engines/search/catalog.ts';
import { knowledgeBase } from '../store/knowledge.ts';
import { engineKind } from './metrics/index.ts';
import type { ChatbotRow } from '../store/chatbots.ts';
import { finishAnswer, historyBefore, type AnswerOutcome } from '../store/messages.ts';
import { agentPresent } from '../store/live.ts';
import { chatbotSlots } from '../store/viewings.ts';
import { handOver } from './live-events.ts';
import { handoffOf } from '../../protocol/index.ts';
import { databaseUnavailable } from '../store/unavailable.ts';

/** How long storing an outcome is tried again (after 0.25, 0.5, 1, 2 s) while the database cannot be reached. */
const FINISH_PATIENCE_MS = 4_000;

export interface Generation {
  chatbot: ChatbotRow;
  sessionId: number;
  questionId: number;
  answerId: number;
  attempt: number;
  question: { content: string; askType: string; files: AttachedFile[] };
  /** Where the visitor asks from (ClientAsk's `page` and `listing`). */
  where?: Where;
  /** The language the visitor reads (ClientAsk's [ext] `locale`). */
  locale?: string;
}

export async function generate(
  ctx: ServiceContext,
  g: Generation,
  signal: AbortSignal,
  onFragment: (text: string) => void | Promise<void>,
): Promise<AnswerOutcome> {
  const settings = g.chatbot.settings;
  const engine = ctx.engines.engineFor(settings.Model);
  // The visitor's waits, first words and whole answer, and the engine's part of them (http/metrics/index.ts).
  const timing = ctx.metrics.answer(engineKind(ctx.engines, engine));
  let content = '';
  // The lease says this attempt still writes the answer, renewed with this process's others, and
  // stores the text as it grows (answer-lease.ts) — a string kept in memory here, no statement per fragment.
  const lease = ctx.leases.hold(g.answerId, g.attempt);
  // The engine is asked for the next fragment once this one is taken: a slow reader holds it back.
  const emit = async (text: string) => {
    if (!text) return;
    content += text;
    lease.grew(content);
    timing.fragment();
    await onFragment(text);
  };
  // Storing how it ended outlasts a database restart of a few seconds; past that, the lease lapses
  // and the sweep marks the answer cut, with the text its renewals stored (store/answer-lease.ts).
  const finish = async (outcome: AnswerOutcome) => {
    const giveUpAt = Date.now() + FINISH_PATIENCE_MS;
    for (let wait = 250; ; wait *= 2) {
      try {
        if (await finishAnswer(ctx.db, g.answerId, g.attempt, outcome, ctx.clock.now()))
          ctx.answers.announce(g.answerId);
        return;
      } catch (error) {
        if (!databaseUnavailable(error) || Date.now() + wait > giveUpAt) throw error;
        await delay(wait);
      }
    }
  };
  let outcome: AnswerOutcome;
  try {
    // Until its first words are out, this answer's statements go first on the embedded database
    // (store/pglite/urgency.ts): what it reads, and the engine's work up to its first fragment.
    const [catalog, history] = await ctx.urgency.run(() =>
      Promise.all([ctx.listings.get(g.chatbot), historyBefore(ctx.reads, g.sessionId, g.questionId)]),
    );
    const { where } = g;
    const onPage = where ? await ctx.urgency.run(() => pageListing(catalog, where)) : undefined;
    const run = engine.answer(
      {
        settings,
        question: g.question,
        history: history.map((m) => ({ role: m.role === 'question' ? 'user' : 'assistant', content: m.content })),
        catalog,
        knowledge: knowledgeBase(ctx.db, g.chatbot.serialNumber, ctx.vectors),
        ...(onPage ? { pageListing: onPage } : {}),
        ...(g.locale ? { locale: g.locale } : {}),
        agentPresent: () => agentPresent(ctx.db, g.chatbot.serialNumber, ctx.clock.now()),
        ...(settings.ViewingHours.length
          ? {
              // One agent shows every listing: a listing's free times are the chatbot's.
              viewingSlots: () => chatbotSlots(ctx.db, g.chatbot.serialNumber, settings, ctx.clock.now()),
            }
          : {}),
        lexicon: ctx.lexicon,
        now: ctx.clock.now(),
      },
      signal,
    );
    let step = await ctx.urgency.run(() => timing.engine(run.next()));
    while (!step.done && !signal.aborted) {
      await emit(step.value);
      step = await timing.engine(run.next());
    }
    if (signal.aborted) {
      await run.return({ noAnswer: false, totalTokens: 0 });
      outcome = { content, status: 'partial', totalToken: 0, noAnswer: false };
    } else {
      if (settings.AnswerSuffix) await emit(`${content ? '\n\n' : ''}${settings.AnswerSuffix}`);
      const meta = step.done ? step.value : null;
      outcome = {
        content,
        status: 'complete',
        totalToken: meta?.totalTokens ?? 0,
        noAnswer: meta?.noAnswer ?? false,
        // An engine that does not say why it could not answer: the knowledge and listings held nothing.
        ...(meta?.noAnswer ? { noAnswerReason: meta.noAnswerReason ?? 'unknown' } : {}),
        ...(meta?.asked ? { asked: meta.asked } : {}),
        ...(meta?.language ? { language: meta.language } : {}),
      };
    }
  } catch (error) {
    lease.release();
    const aborted = signal.aborted;
    timing.done(aborted ? 'partial' : 'failed');
    // Unstored (the database is gone too), the lease lapses and the sweep marks it cut.
    await finish({ content, status: aborted ? 'partial' : 'failed', totalToken: 0, noAnswer: false }).catch(
      () => undefined,
    );
    if (aborted) return { content, status: 'partial', totalToken: 0, noAnswer: false };
    throw error;
  }
  lease.release();
  timing.done(outcome.status);
  await finish(outcome);
  // The answer told the visitor an agent was told: so it is, now (the lead, and the owner's streams).
  if (outcome.status === 'complete' && handoffOf(content)?.live)
    await handOver(
      ctx,
      g.chatbot.serialNumber,
      g.sessionId,
      { name: '', email: '', message: g.question.content },
      ctx.clock.now(),
    );
  return outcome;
}
