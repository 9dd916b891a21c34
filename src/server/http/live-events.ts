/** The live events a route raises [ext]: for the owner's streams of a chatbot, or a visitor's of a session (store/live-bus.ts). */
import type { AgentEvent, OwnerEventName, OwnerEvents } from '../../protocol/index.ts';
import type { ServiceContext } from './context.ts';
import { leads } from '../store/schema.ts';

/** Tells the owner's streams of the chatbot. */
export const toOwner = <E extends OwnerEventName>(
  ctx: Pick<ServiceContext, 'live'>,
  chatbot: string,
  type: E,
  data: OwnerEvents[E],
  at: Date,
) =>
  ctx.live.publish({ chatbot, sessionId: data.SessionID, audience: 'owner', type, data: { ...data }, createdAt: at });

/** Tells the visitor's streams of the session. */
export const toVisitor = (
  ctx: Pick<ServiceContext, 'live'>,
  chatbot: string,
  sessionId: number,
  data: AgentEvent,
  at: Date,
) => ctx.live.publish({ chatbot, sessionId, audience: 'visitor', type: 'agent', data: { ...data }, createdAt: at });

/** A lead left while an agent is present: recorded as live, and sent to the owner's streams at once (no email). */
export async function handOver(
  ctx: Pick<ServiceContext, 'live' | 'db'>,
  chatbot: string,
  sessionId: number,
  lead: { name: string; email: string; message: string },
  at: Date,
): Promise<void> {
  await ctx.db.insert(leads).values({ chatbot, sessionId, ...lead, live: true, createdAt: at });
  await toOwner(
    ctx,
    chatbot,
    'handoff',
    { SessionID: sessionId, Name: lead.name, Email: lead.email, Message: lead.message, CreatedAt: at.toISOString() },
    at,
  );
}
