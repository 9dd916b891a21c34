/** The console's Live page: what it makes of the owner's events, and how it names what it shows. */
import { describe, expect, it } from 'vitest';
import type { OwnerEvent } from '../../src/client/index.ts';
import type { TranscriptMessage } from '../../src/protocol/index.ts';
import { byActivity, emptyLive, fold, turnOf, withTurns, type LiveState } from '../../demo/console/live-state.ts';
import { conversationName, holdLine, lastLine } from '../../demo/console/live-words.ts';

const AT = '2026-03-02T10:00:00.000Z';
let nextId = 1;
const event = <E extends OwnerEvent['event']>(name: E, data: Extract<OwnerEvent, { event: E }>['data']) =>
  ({ event: name, id: String(nextId++), data }) as OwnerEvent;
const foldAll = (events: OwnerEvent[]): LiveState => events.reduce(fold, emptyLive());

describe('the Live page’s conversations now', () => {
  it('lists the sessions seen in messages, requests and takes, newest activity first, with their last message and holder', () => {
    const state = foldAll([
      event('message', { SessionID: 7, Content: 'Any homes in Austin?', CreatedAt: AT, MessageId: 70 }),
      event('handoff', { SessionID: 8, Name: 'Ann', Email: 'ann@example.com', Message: 'Call me', CreatedAt: AT }),
      event('taken', { SessionID: 9, Name: 'Sam' }),
      event('reply', { SessionID: 7, Name: 'Sam', Content: 'Yes, **three**.', CreatedAt: AT, MessageId: 71 }),
    ]);
    expect(byActivity(state).map((c) => c.sessionId)).toEqual([7, 9, 8]);
    const [seven, nine, eight] = byActivity(state);
    expect(lastLine(seven!)).toBe('Sam: Yes, **three**.');
    expect(holdLine(nine!)).toBe('Sam holds it');
    expect(conversationName(eight!)).toBe('Ann — conversation 8');
    expect(lastLine(eight!)).toBe('No message yet');
    expect(state.handoffs).toMatchObject([{ SessionID: 8, Name: 'Ann', Message: 'Call me' }]);
  });

  it('says who let a conversation go, and when it was by inactivity', () => {
    const taken = foldAll([event('taken', { SessionID: 3, Name: 'Sam' })]);
    const idle = fold(taken, event('released', { SessionID: 3, Name: 'Sam', Idle: true }));
    expect(holdLine(idle.conversations.get(3)!)).toBe('Sam was released after inactivity; the assistant answers');
    const left = fold(taken, event('released', { SessionID: 3, Name: 'Sam' }));
    expect(holdLine(left.conversations.get(3)!)).toBe('Sam left; the assistant answers');
    // A release or reply of a conversation never seen adds nothing.
    expect(fold(emptyLive(), event('released', { SessionID: 4, Name: 'Sam' })).conversations.size).toBe(0);
  });

  it('adds the stream’s messages after the transcript read, each once, in order', () => {
    const read = [{ Id: 5, Role: 'question', Content: 'Hi' }] as TranscriptMessage[];
    const question = turnOf(event('message', { SessionID: 1, Content: 'Still there?', CreatedAt: AT, MessageId: 9 }))!;
    const reply = turnOf(event('reply', { SessionID: 1, Name: 'Sam', Content: 'Yes', CreatedAt: AT, MessageId: 8 }))!;
    expect(reply).toMatchObject({ Role: 'agent', AgentName: 'Sam', Content: 'Yes' });
    const again = { ...read[0]!, Content: 'Hi' };
    expect(withTurns(read, [question, reply, reply, again]).map((m) => m.Id)).toEqual([5, 8, 9]);
    expect(turnOf(event('typing', { SessionID: 1, CreatedAt: AT }))).toBeNull();
  });
});
