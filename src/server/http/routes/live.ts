/**
 * A person in the same chat [ext] (PROTOCOL.md *A person in the chat*): the owner's event stream of
 * a chatbot and the visitor's of a session, and the operations by which an agent takes a
 * conversation, replies in it and releases it. Events are rows delivered across instances
 * (store/live-bus.ts); a stream that reconnects with Last-Event-ID replays what it missed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FAILURE, LIVE_LIMITS } from '../../../protocol/index.ts';
import type { Caller } from '../auth.ts';
import type { ServiceContext } from '../context.ts';
import { conflict, notFound, rateLimited, unavailable } from '../envelope.ts';
import { operation, ownedChatbot, REPLIED } from '../operation.ts';
import { openSse, type SseReply } from '../sse-reply.ts';
import { SHUTDOWN_MESSAGE, SHUTDOWN_RETRY_AFTER_S } from '../shutdown.ts';
import { throttle } from '../throttle.ts';
import { sessionFor } from './chat.ts';
import { toOwner, toVisitor } from '../live-events.ts';
import { findSessionWithChatbot } from '../../store/messages.ts';
import {
  STREAM_STALE_MS,
  eventsSince,
  holdOf,
  pruneEvents,
  registerStream,
  releaseConversation,
  releaseIdle,
  renewStreams,
  storeAgentReply,
  sweepStreams,
  takeConversation,
  unregisterStream,
  type Audience,
  type HoldRow,
  type LiveRow,
} from '../../store/live.ts';

/** A conversation held this long without the agent replying is released by itself (AGENT_IDLE_MINUTES). */
export const AGENT_IDLE_MINUTES = 15;
/** How often this app renews its streams, releases idle holds and forgets old events. */
export const LIVE_SWEEP_MS = 25_000;
/** A stream opened without Last-Event-ID starts with the events of this many minutes: a handoff just asked for. */
const RECENT_MINUTES = 10;
/** Events one reconnect replays at most. */
const REPLAY_LIMIT = 1_000;
/** Retry-After of a stream refused for its limits. */
const STREAMS_RETRY_AFTER_S = 30;

/** An agent left the conversation (Release, another agent's Force, or idle): both sides are told. */
async function announceRelease(
  ctx: Pick<ServiceContext, 'live'>,
  hold: HoldRow,
  idle: boolean,
  at: Date,
): Promise<void> {
  await toOwner(
    ctx,
    hold.chatbot,
    'released',
    { SessionID: hold.sessionId, Name: hold.agentName, ...(idle ? { Idle: true } : {}) },
    at,
  );
  await toVisitor(
    ctx,
    hold.chatbot,
    hold.sessionId,
    { Type: 'left', Name: hold.agentName, CreatedAt: at.toISOString() },
    at,
  );
}

/** Renews this app's streams, releases the holds left idle, forgets dead instances' streams and old events. */
export async function sweepLive(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'live' | 'liveStreams' | 'agentIdleMs'>,
): Promise<void> {
  const now = ctx.clock.now();
  await renewStreams(ctx.db, [...ctx.liveStreams], now);
  for (const hold of await releaseIdle(ctx.db, new Date(now.getTime() - ctx.agentIdleMs)))
    await announceRelease(ctx, hold, true, now);
  await sweepStreams(ctx.db, new Date(now.getTime() - 2 * STREAM_STALE_MS));
  await pruneEvents(ctx.db, new Date(now.getTime() - LIVE_LIMITS.replayMinutes * 60_000));
}

/** The id a reconnecting client last saw (Last-Event-ID), or null. */
function lastEventIdOf(req: FastifyRequest): number | null {
  const raw = req.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * Streams the events of `audience` from now on — first those after Last-Event-ID (or, without one,
 * of the last RECENT_MINUTES), each once, in order — until the client goes or the app drains.
 */
async function streamEvents(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  audience: Audience,
  chatbot: string,
): Promise<typeof REPLIED> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const sessionId = audience.kind === 'visitor' ? audience.sessionId : null;
  const refused = await registerStream(
    ctx.db,
    { id, kind: audience.kind, chatbot, sessionId, address: req.ip },
    { perSession: LIVE_LIMITS.streamsPerSession, perAddress: LIVE_LIMITS.streamsPerAddress },
    now,
  );
  if (refused)
    throw rateLimited(
      `Too many event streams open ${refused === 'session' ? 'for this conversation' : 'from this address'}; close one or try again in ${STREAMS_RETRY_AFTER_S} s`,
      STREAMS_RETRY_AFTER_S,
    );
  ctx.liveStreams.add(id);
  let lastId = lastEventIdOf(req);
  const since =
    lastId === null
      ? new Date(now.getTime() - RECENT_MINUTES * 60_000)
      : new Date(now.getTime() - LIVE_LIMITS.replayMinutes * 60_000);
  const sent = new Set<number>();
  let replaying = true;
  const early: LiveRow[] = [];
  // Opened once the stream listens (an event then is kept for after the replay, never lost).
  const out: { sse?: SseReply } = {};
  const send = (row: LiveRow) => {
    const { sse } = out;
    if (sent.has(row.id) || !sse) return;
    sent.add(row.id);
    // What it remembers is bounded: an id far behind is replayed by no catch-up.
    if (sent.size > 2 * REPLAY_LIMIT) for (const old of [...sent].slice(0, REPLAY_LIMIT)) sent.delete(old);
    lastId = Math.max(lastId ?? 0, row.id);
    if (!sse.event(row.data, row.type, row.id)) void sse.drained();
  };
  const catchUp = async () => {
    for (const row of await eventsSince(ctx.db, audience, lastId ?? 0, since, REPLAY_LIMIT)) send(row);
  };
  let stop: () => void;
  const forget = () => {
    ctx.liveStreams.delete(id);
    void unregisterStream(ctx.db, id).catch(() => undefined);
  };
  try {
    stop = await ctx.live.listen({
      audience,
      deliver: (row) => (replaying ? early.push(row) : send(row)),
      gap: () => void catchUp().catch((error: unknown) => req.log.warn({ err: error }, 'live events not replayed')),
    });
  } catch (error) {
    forget();
    throw unavailable(undefined, error);
  }
  // Counted apart from the answer streams (chatbot_live_streams_open).
  const sse = (out.sse = openSse(reply, ctx.pingMs, ctx.stallMs, () => ctx.metrics.liveStreamOpened(audience.kind)));
  // Its first bytes at once: a reader (an EventSource's `open`, a fetch) knows it is open before any event.
  sse.comment('open');
  const drained = ctx.shutdown.streaming(() =>
    sse.cut({ Code: FAILURE.unavailable, Message: SHUTDOWN_MESSAGE, RetryAfter: SHUTDOWN_RETRY_AFTER_S }, 'error'),
  );
  sse.signal.addEventListener('abort', () => {
    stop();
    drained();
    forget();
  });
  try {
    await catchUp();
  } catch (error) {
    req.log.warn({ err: error }, 'live events not replayed');
  }
  replaying = false;
  for (const row of early.sort((a, b) => a.id - b.id)) send(row);
  return REPLIED;
}

/** The chatbot the owner calling owns, and its session (404 when the session is another chatbot's). */
async function ownedSession(ctx: ServiceContext, caller: Caller, serialNumber: string, sessionId: number) {
  const chatbot = await ownedChatbot(ctx, caller, serialNumber);
  const found = await findSessionWithChatbot(ctx.reads, sessionId);
  if (!found || found.session.chatbot !== chatbot.serialNumber)
    throw notFound(`This chatbot has no session with the id ${sessionId}`);
  return chatbot;
}

export function liveRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'ChatbotEvents', async ({ body, caller, req, reply }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    return streamEvents(ctx, req, reply, { kind: 'owner', chatbot: chatbot.serialNumber }, chatbot.serialNumber);
  });

  operation(app, ctx, 'ChatEvents', async ({ body, caller, req, reply }) => {
    const { session } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    return streamEvents(ctx, req, reply, { kind: 'visitor', sessionId: session.id }, session.chatbot);
  });

  operation(app, ctx, 'ConversationTake', async ({ body, caller, now }) => {
    const chatbot = await ownedSession(ctx, caller, body.SerialNumber, body.SessionID);
    const name = body.Name.trim();
    const result = await takeConversation(
      ctx.db,
      { chatbot: chatbot.serialNumber, sessionId: body.SessionID, name, force: body.Force === true },
      now,
    );
    if ('heldBy' in result)
      throw conflict(`${result.heldBy} holds this conversation; send Force: true to take it over`);
    const { taken, previous } = result;
    if (previous) await announceRelease(ctx, { ...taken, agentName: previous }, false, now);
    if (previous !== null || taken.takenAt.getTime() === now.getTime()) {
      await toOwner(ctx, chatbot.serialNumber, 'taken', { SessionID: body.SessionID, Name: name }, now);
      await toVisitor(
        ctx,
        chatbot.serialNumber,
        body.SessionID,
        { Type: 'joined', Name: name, CreatedAt: now.toISOString() },
        now,
      );
    }
    return { SessionID: taken.sessionId, Name: taken.agentName, TakenAt: taken.takenAt.toISOString() };
  });

  operation(app, ctx, 'ConversationReply', async ({ body, caller, now }) => {
    const chatbot = await ownedSession(ctx, caller, body.SerialNumber, body.SessionID);
    const stored = await storeAgentReply(
      ctx.db,
      { chatbot: chatbot.serialNumber, sessionId: body.SessionID, content: body.Content },
      now,
    );
    if (!stored) throw conflict('No agent holds this conversation; take it first (ConversationTake)');
    const at = now.toISOString();
    await toVisitor(
      ctx,
      chatbot.serialNumber,
      body.SessionID,
      { Type: 'message', Name: stored.name, Content: body.Content, MessageId: stored.id, CreatedAt: at },
      now,
    );
    await toOwner(
      ctx,
      chatbot.serialNumber,
      'reply',
      { SessionID: body.SessionID, Name: stored.name, Content: body.Content, MessageId: stored.id, CreatedAt: at },
      now,
    );
    return { MessageId: stored.id, CreatedAt: at };
  });

  operation(app, ctx, 'ConversationRelease', async ({ body, caller, now }) => {
    await ownedSession(ctx, caller, body.SerialNumber, body.SessionID);
    const released = await releaseConversation(ctx.db, body.SessionID);
    if (released) await announceRelease(ctx, released, false, now);
    return 1 as const;
  });

  operation(app, ctx, 'ConversationTyping', async ({ body, caller, now }) => {
    const chatbot = await ownedSession(ctx, caller, body.SerialNumber, body.SessionID);
    const hold = await holdOf(ctx.db, body.SessionID);
    if (!hold) throw conflict('No agent holds this conversation; take it first (ConversationTake)');
    await toVisitor(
      ctx,
      chatbot.serialNumber,
      body.SessionID,
      { Type: 'typing', Name: hold.agentName, CreatedAt: now.toISOString() },
      now,
    );
    return 1 as const;
  });

  operation(app, ctx, 'Typing', async ({ body, caller, req, reply, now }) => {
    const { session, chatbot, heldBy } = await sessionFor(ctx, caller, body.sessionID, req, reply);
    if (caller.kind === 'visitor')
      await throttle(
        ctx.db,
        ctx.throttles,
        'Typing',
        { chatbot: chatbot.serialNumber, sessionId: session.id, address: req.ip },
        now,
      );
    // Only an agent in the conversation is waiting for it.
    if (heldBy)
      await toOwner(ctx, chatbot.serialNumber, 'typing', { SessionID: session.id, CreatedAt: now.toISOString() }, now);
    return 1 as const;
  });
}
