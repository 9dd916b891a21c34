/** Feedback [ext]: a visitor rates an answer of their own session (the owner, any of their chatbot's). */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { conflict, notFound } from '../envelope.ts';
import { operation } from '../operation.ts';
import { throttle } from '../throttle.ts';
import { feedbackData, saveVote, withdrawVote } from '../../store/feedback.ts';
import { findMessage } from '../../store/messages.ts';
import { sessionFor } from './chat.ts';

export function feedbackRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'Feedback', async ({ body, caller, req, reply, now }) => {
    const { session, chatbot } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    if (caller.kind === 'visitor')
      await throttle(
        ctx.db,
        ctx.throttles,
        'Feedback',
        { chatbot: chatbot.serialNumber, sessionId: session.id, address: req.ip },
        now,
      );
    const answer = await findMessage(ctx.db, body.answerID);
    // Another session's answer is as unknown here as one that does not exist: nothing about it leaks.
    if (!answer || answer.role !== 'answer' || answer.sessionId !== session.id)
      throw notFound(`Session ${session.id} has no answer with the id ${body.answerID}`);
    if (answer.status === 'streaming' || answer.status === 'failed')
      throw conflict(
        `Answer ${body.answerID} is ${answer.status === 'streaming' ? 'still being written' : 'one that failed'}; only a finished answer can be rated`,
      );
    if (body.rating === null) {
      await withdrawVote(ctx.db, answer.id);
      return { AnswerID: answer.id, Rating: null, Reasons: [], Comment: '', UpdatedAt: now.toISOString() };
    }
    const down = body.rating === 'down';
    const vote = {
      answerId: answer.id,
      sessionId: session.id,
      chatbot: chatbot.serialNumber,
      rating: body.rating,
      reasons: down ? (body.reasons ?? []) : [],
      comment: down ? (body.comment ?? '').trim() : '',
    };
    return feedbackData(await saveVote(ctx.db, vote, now));
  });
}
