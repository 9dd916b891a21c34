/**
 * ClientAsk (API.md §3.5) and TalkToHuman (§3.8). A question is stored once per clientMessageId:
 * asking again returns the stored answer, or — when the first try was cut short — generates it
 * again into the same answer. Limits count only questions that are really asked.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FAILURE, type AskBody } from '../../../protocol/index.ts';
import type { Caller } from '../auth.ts';
import type { ServiceContext } from '../context.ts';
import { ModelUnavailable, type AttachedFile } from '../../engines/index.ts';
import { forbidden, invalid, notFound, rateLimited, unavailable, unsupported } from '../envelope.ts';
import { giveBack, limitsCount, rateRetryAfter, takeQuestion, type Asking } from '../limits.ts';
import { enqueueHandoff } from '../../mail/outbox.ts';
import { operation, originOf, REPLIED } from '../operation.ts';
import { assertPageAllowed } from '../origins.ts';
import { throttle } from '../throttle.ts';
import { generate, type Generation } from '../generation.ts';
import { openSse } from '../sse-reply.ts';
import { SHUTDOWN_MESSAGE, SHUTDOWN_RETRY_AFTER_S } from '../shutdown.ts';
import {
  beginQuestion,
  existingQuestion,
  findMessage,
  findSessionWithChatbot,
  finishAnswer,
  markCharged,
  markRateLimited,
  takeOverAnswer,
  type Begun,
  type MessageRow,
  type Question,
} from '../../store/messages.ts';
import { leaseLeft } from '../../store/answer-lease.ts';
import { leads } from '../../store/schema.ts';
import { agentPresent, storeHeldQuestion } from '../../store/live.ts';
import { handOver, toOwner } from '../live-events.ts';
import { databaseUnavailable } from '../../store/unavailable.ts';
import { findFile, mayUseFile } from './files.ts';

/** How long, at most, a retry waits for an answer an earlier request is still writing (its lease renewed). */
const SETTLE_MS = 30_000;

/** The session the caller may ask in (or rate answers of), and its chatbot. */
export async function sessionFor(
  ctx: ServiceContext,
  caller: Caller,
  sessionId: number,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  if (caller.kind === 'visitor' && caller.sessionId !== sessionId)
    throw forbidden('This visitor token belongs to another session');
  const found = await findSessionWithChatbot(ctx.reads, sessionId);
  if (!found) throw notFound(`No session has the id ${sessionId}`);
  const { session, chatbot } = found;
  if (caller.kind === 'visitor' && caller.chatbot !== session.chatbot)
    throw forbidden('This visitor token belongs to another chatbot');
  if (!chatbot) throw notFound('The chatbot of this session no longer exists');
  if (caller.kind === 'visitor') assertPageAllowed(chatbot.settings, req, reply);
  else if (caller.kind !== 'owner' || caller.ownerId !== chatbot.ownerId)
    throw forbidden('This credential does not give access to this session');
  return { session, chatbot, heldBy: found.heldBy };
}

async function attachedFiles(
  ctx: ServiceContext,
  caller: Caller,
  sessionId: number,
  askType: string,
  ids: number[],
): Promise<AttachedFile[]> {
  const out: AttachedFile[] = [];
  for (const id of ids) {
    const file = await findFile(ctx, id);
    if (!file) throw notFound(`No file has the FileStoreId "${id}"`);
    if (file.sessionId !== sessionId || !(await mayUseFile(ctx, caller, file)))
      throw forbidden(`File "${id}" was not uploaded in this session`);
    if (file.status !== 'checked') throw invalid(`File "${id}" was not confirmed with UploadSuccess`);
    if (file.kind !== askType)
      throw unsupported(
        `File "${id}" is ${file.kind === 'Image' ? 'an image' : `${file.kind.toLowerCase()}`}; chatAskType ${askType} takes ${askType === 'Image' ? 'images' : askType.toLowerCase()}`,
      );
    out.push({
      id: file.id,
      kind: file.kind as AttachedFile['kind'],
      mimeType: file.mimeType,
      size: file.size,
      head: (bytes) => ctx.files.head(file, bytes),
      whole: () => ctx.files.whole(file),
    });
  }
  return out;
}

/**
 * Waits while another request, of this instance or another, is still writing this answer, told
 * when it ends (store/answers-settled.ts), until `until`; then it is complete, or cut short. A
 * writer that is gone (its lease lapsed: store/answer-lease.ts) is not waited for: its answer is
 * returned still streaming, to be taken over.
 */
async function settled(ctx: ServiceContext, answer: MessageRow, until: number): Promise<MessageRow> {
  let row = answer;
  while (row.status === 'streaming') {
    const left = Math.min(await leaseLeft(ctx.db, row.id), until - Date.now());
    if (left <= 0) break;
    row = (await ctx.answers.untilSettled(row.id, () => findMessage(ctx.db, row.id), left)) ?? row;
  }
  return row;
}

/**
 * An unfinished answer, once its writer ended or is gone: complete (to give again), or taken over by
 * this request for a new attempt — by this request only, when several wait for it (takeOverAnswer);
 * the others wait on for the new attempt's answer. A writer still alive after SETTLE_MS is left to
 * finish (never two writers of one answer): the repeat is a 503, to be asked again in a moment.
 */
async function waitOrTakeOver(
  ctx: ServiceContext,
  unfinished: MessageRow,
): Promise<{ complete: MessageRow } | { attempt: number; was: MessageRow['status'] }> {
  const until = Date.now() + SETTLE_MS;
  let answer = unfinished;
  for (;;) {
    answer = await settled(ctx, answer, until);
    if (answer.status === 'complete') return { complete: answer };
    const attempt = await takeOverAnswer(ctx.db, answer.id, answer.attempt, ctx.clock.now());
    if (attempt !== null) return { attempt, was: answer.status };
    if (Date.now() >= until) throw unavailable(STILL_WRITTEN);
    // Another request took it over first, or its writer renewed its lease meanwhile: wait for that one.
    answer = (await findMessage(ctx.db, answer.id)) ?? answer;
  }
}

/** What to do with a question: give a stored answer again, or generate one (`chargedAt`: when the limits counted it). */
type Prepared =
  | { kind: 'replay'; questionId: number; answer: MessageRow }
  | { kind: 'held'; questionId: number; heldBy: string }
  | { kind: 'generate'; generation: Generation; limit: Asking; chargedAt: Date | null };

const MODEL_UNAVAILABLE = 'The assistant is unavailable just now; please try again in a moment';
const STILL_WRITTEN = 'This question is still being answered by another request; please try again in a moment';

export function chatRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  /** A visitor's message, for the owner's streams; a failure to tell them is logged, never the visitor's. */
  const toldOwner = (chatbot: string, sessionId: number, messageId: number, content: string, at: Date) =>
    toOwner(
      ctx,
      chatbot,
      'message',
      { SessionID: sessionId, Content: content, CreatedAt: at.toISOString(), MessageId: messageId },
      at,
    ).then(
      () => undefined,
      (error: unknown) => void app.log.error({ err: error }, 'a live event was not stored'),
    );

  async function prepare(
    body: AskBody,
    caller: Caller,
    req: FastifyRequest,
    reply: FastifyReply,
    now: Date,
  ): Promise<Prepared> {
    const { session, chatbot, heldBy } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    // The service's backstop, before the owner's limits (which count only questions really asked).
    if (caller.kind === 'visitor')
      await throttle(
        ctx.db,
        ctx.throttles,
        'ClientAsk',
        { chatbot: chatbot.serialNumber, sessionId: session.id, address: req.ip },
        now,
      );
    const askType = body.chatAskType ?? 'Text';
    const files = await attachedFiles(ctx, caller, session.id, askType, body.fileIds ?? []);
    const question: Question = {
      sessionId: session.id,
      chatbot: chatbot.serialNumber,
      content: body.content,
      askType,
      fileIds: body.fileIds ?? [],
      clientMessageId: body.clientMessageId ?? null,
    };
    // An agent holds the conversation: the question is theirs — stored, told to the owner's streams,
    // and answered by no engine (nor counted by the limits: no answer is written).
    if (heldBy) {
      const held = await storeHeldQuestion(ctx.db, question, now);
      if (!held.repeated) await toldOwner(chatbot.serialNumber, session.id, held.id, body.content, now);
      return { kind: 'held', questionId: held.id, heldBy };
    }
    // A question asked again costs nothing against the limits, so where one counts, a repeat is
    // looked for first; otherwise storing the question finds a repeat itself.
    const limit = {
      chatbot: chatbot.serialNumber,
      settings: chatbot.settings,
      clientIp: req.ip,
      visitor: caller.kind === 'visitor',
      now,
    };
    const counted = limitsCount(limit);
    const take = async () => {
      const refused = await takeQuestion(ctx.db, limit);
      if (!refused) return;
      ctx.metrics.refused(req, refused);
      await markRateLimited(ctx.db, session.id, now);
      // Retry-After for a rate window: when its oldest question leaves it (a month's limit has none to give).
      const retryAfter = refused === 'rate' ? await rateRetryAfter(ctx.db, limit) : undefined;
      throw rateLimited(
        chatbot.settings.RateLimitMessage || 'Too many questions; please wait a moment and try again',
        retryAfter,
      );
    };
    let begun: Begun | null = counted ? await existingQuestion(ctx.db, question, now) : null;
    let chargedAt = counted ? now : null;
    if (!begun) {
      if (counted) await take();
      begun = await beginQuestion(ctx.db, question, now, chargedAt);
    }
    // The owner's streams see the conversations happening now (the console's Live page); told in the background.
    if (begun.kind === 'new') void toldOwner(chatbot.serialNumber, session.id, begun.questionId, body.content, now);
    if (begun.kind === 'answered') return { kind: 'replay', questionId: begun.questionId, answer: begun.answer };
    let { answerId, attempt } = begun.kind === 'new' ? begun : { answerId: begun.answer.id, attempt: 0 };
    if (begun.kind === 'unfinished') {
      const next = await waitOrTakeOver(ctx, begun.answer);
      if ('complete' in next) return { kind: 'replay', questionId: begun.questionId, answer: next.complete };
      attempt = next.attempt;
      // A Retry is free — unless its question's charge was given back when the model failed it: then
      // it counts again. Charged by the one request that took the answer over; refused, the answer
      // is failed again, as it was.
      chargedAt = begun.chargedAt;
      if (counted && chargedAt === null && next.was === 'failed') {
        try {
          await take();
        } catch (refused) {
          if (
            await finishAnswer(
              ctx.db,
              answerId,
              attempt,
              { content: '', status: 'failed', totalToken: 0, noAnswer: false },
              ctx.clock.now(),
            )
          )
            ctx.answers.announce(answerId);
          throw refused;
        }
        await markCharged(ctx.db, begun.questionId, (chargedAt = now));
      }
    }
    const generation = {
      chatbot,
      sessionId: session.id,
      questionId: begun.questionId,
      answerId,
      attempt,
      question: { content: body.content, askType, files },
      where: { page: body.page ?? null, listing: body.listing ?? null },
      ...(body.locale ? { locale: body.locale } : {}),
    };
    return { kind: 'generate', generation, limit, chargedAt };
  }

  /** Generates the answer; when the model server could not, the question's charge is given back (http/limits.ts). */
  async function generateAnswer(
    prepared: Extract<Prepared, { kind: 'generate' }>,
    signal: AbortSignal,
    onFragment: (text: string) => void | Promise<void>,
  ) {
    try {
      return await generate(ctx, prepared.generation, signal, onFragment);
    } catch (error) {
      // Not given back (the database failing too) is the visitor's loss of one question, not the answer's.
      if (error instanceof ModelUnavailable && prepared.chargedAt)
        await giveBack(ctx.db, prepared.limit, prepared.generation.questionId, prepared.chargedAt).catch(
          () => undefined,
        );
      throw error;
    }
  }

  operation(app, ctx, 'ClientAsk', async ({ body, caller, req, reply, now }) => {
    // Until its first words are out, a question's statements go first (store/pglite/urgency.ts; generate() runs the rest).
    const prepared = await ctx.urgency.run(() => prepare(body, caller, req, reply, now));
    if (prepared.kind === 'held') {
      const { questionId, heldBy } = prepared;
      if (!body.stream) return { messageid: questionId, content: '', totalToken: 0, noAnswer: false, HeldBy: heldBy };
      openSse(reply, ctx.pingMs, ctx.stallMs, ctx.metrics.streamOpened).end({
        QuestionID: questionId,
        AnswerID: 0,
        Answer: '',
        TotalToken: 0,
        HeldBy: heldBy,
      });
      return REPLIED;
    }
    if (!body.stream) {
      if (prepared.kind === 'replay') {
        const { answer } = prepared;
        return {
          messageid: answer.id,
          content: answer.content,
          totalToken: answer.totalToken,
          noAnswer: answer.noAnswer,
          ...(answer.noAnswer && answer.noAnswerReason ? { noAnswerReason: answer.noAnswerReason } : {}),
          ...(answer.language ? { language: answer.language } : {}),
        };
      }
      const gone = new AbortController();
      reply.raw.on('close', () => !reply.raw.writableFinished && gone.abort());
      const outcome = await generateAnswer(prepared, gone.signal, () => undefined).catch((error: unknown) => {
        // What the model server said goes to the log with the 503 (http/envelope.ts), as a streamed answer's does.
        throw error instanceof ModelUnavailable ? unavailable(MODEL_UNAVAILABLE, error) : error;
      });
      return {
        messageid: prepared.generation.answerId,
        content: outcome.content,
        totalToken: outcome.totalToken,
        noAnswer: outcome.noAnswer,
        ...(outcome.noAnswerReason ? { noAnswerReason: outcome.noAnswerReason } : {}),
        ...(outcome.language ? { language: outcome.language } : {}),
      };
    }
    const sse = openSse(reply, ctx.pingMs, ctx.stallMs, ctx.metrics.streamOpened);
    if (prepared.kind === 'replay') {
      const { answer, questionId } = prepared;
      if (answer.content) sse.event({ content: answer.content });
      sse.end({
        QuestionID: questionId,
        AnswerID: answer.id,
        Answer: answer.content,
        TotalToken: answer.totalToken,
        ...(answer.language ? { Language: answer.language } : {}),
      });
      return REPLIED;
    }
    const { generation } = prepared;
    // A shutdown whose drain time is over ends it with a 503 for the visitor to ask again (http/shutdown.ts).
    const answered = ctx.shutdown.answering(() =>
      sse.cut({ Code: FAILURE.unavailable, Message: SHUTDOWN_MESSAGE, RetryAfter: SHUTDOWN_RETRY_AFTER_S }, 'error'),
    );
    try {
      const outcome = await generateAnswer(prepared, sse.signal, (text) =>
        sse.event({ content: text }) ? undefined : sse.drained(),
      );
      if (outcome.status === 'complete')
        sse.end({
          QuestionID: generation.questionId,
          AnswerID: generation.answerId,
          Answer: outcome.content,
          TotalToken: outcome.totalToken,
          ...(outcome.language ? { Language: outcome.language } : {}),
        });
      else sse.end({ Code: 499, Message: 'The answer was stopped' }, 'error');
    } catch (error) {
      if (error instanceof ModelUnavailable || databaseUnavailable(error)) {
        req.log.warn(
          { err: error },
          error instanceof ModelUnavailable
            ? 'answer failed: model server unavailable'
            : 'answer not stored: database unavailable',
        );
        const { code, message } = error instanceof ModelUnavailable ? unavailable(MODEL_UNAVAILABLE) : unavailable();
        sse.end({ Code: code, Message: message }, 'error');
      } else {
        req.log.error({ err: error }, 'answer generation failed');
        sse.end({ Code: 500, Message: 'The answer could not be completed; please try again' }, 'error');
      }
    } finally {
      answered();
    }
    return REPLIED;
  });

  operation(app, ctx, 'TalkToHuman', async ({ body, caller, req, reply, now }) => {
    const { session, chatbot } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    if (caller.kind === 'visitor')
      await throttle(
        ctx.db,
        ctx.throttles,
        'TalkToHuman',
        { chatbot: chatbot.serialNumber, sessionId: session.id, address: req.ip },
        now,
      );
    const lead = { name: body.name ?? '', email: body.email ?? '', message: body.message ?? '' };
    // An agent present (an owner's event stream open) gets it at once, in the chat; else an email.
    const live = await agentPresent(ctx.db, chatbot.serialNumber, now);
    if (live) await handOver(ctx, chatbot.serialNumber, session.id, lead, now);
    else {
      await ctx.db
        .insert(leads)
        .values({ chatbot: chatbot.serialNumber, sessionId: session.id, ...lead, createdAt: now });
      // Its link to the console is a whole address: PUBLIC_URL's, or the one the visitor reached.
      if (chatbot.settings.TalkToHumanEmail)
        await enqueueHandoff({ ...ctx, publicUrl: originOf(ctx, req) }, chatbot, session.id, lead, now);
    }
    return { Message: chatbot.settings.TalkToHumanResponseMessage, Live: live };
  });
}
