/**
 * The turns of the event loop, shared by every answer an offline engine is writing (with no
 * OFFLINE_WORD_DELAY_MS it makes words as fast as they are taken; the service has one engine, so
 * one queue for the process). After BURST words an answer waits for a turn (the function `pacer`
 * returns); one turn lets at most PER_TURN answers go on, in the order they asked, and the rest
 * wait for the next turn.
 *
 * Bounded because unbounded — a turn of its own for every word of every answer — each turn would
 * take the next word of every open answer: at 1,000 open answers, tens of milliseconds of work a
 * turn, and a new question, whose reads, storing and first words each take a turn or more, would
 * wait behind a word of every other answer at each of its steps (a p99 first fragment of seconds).
 * Bounded, a turn stays a few milliseconds however many answers are open: new questions reach
 * their first words quickly, and the open answers share what is left, in turn. An answer goes on
 * BURST words at a time, which the stream writes together (http/sse-reply.ts) rather than one
 * write a word when turns come far apart. A model server's answers are paced by the network as
 * they arrive, not here.
 */
import { setImmediate as immediate } from 'node:timers';

/** Answers that go on in one turn of the event loop. */
export const PER_TURN = 8;
/** Words an answer takes in a turn. */
export const BURST = 8;

/** Waits for the next turn; `waiting()`: how many answers wait for one now (the metrics). */
export type Pacer = (() => Promise<void>) & { waiting(): number };

/** A queue of answers waiting for a turn: resolvers, taken from `head` on (dropped from the array once they are many). */
export function pacer(perTurn = PER_TURN): Pacer {
  let waiting: (() => void)[] = [];
  let head = 0;
  let scheduled = false;
  const turn = () => {
    const end = Math.min(head + perTurn, waiting.length);
    for (; head < end; head++) waiting[head]!();
    if (head === waiting.length) {
      waiting = [];
      head = 0;
      scheduled = false;
      return;
    }
    if (head >= 1_024 && head * 2 >= waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
    immediate(turn);
  };
  const next = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (scheduled) return;
      scheduled = true;
      immediate(turn);
    });
  return Object.assign(next, { waiting: () => waiting.length - head });
}
