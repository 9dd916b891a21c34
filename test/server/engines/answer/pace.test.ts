/** The offline engine's shared turns (src/server/engines/answer/pace.ts): bounded per turn, first come first served, nothing lost. */
import { describe, expect, it } from 'vitest';
import { pacer } from '../../../../src/server/engines/answer/pace.ts';

/** Resolves after `n` turns of the event loop. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('pacer', () => {
  it('lets at most its number of waiters go on in one turn, in the order they came', async () => {
    const nextTurn = pacer(3);
    const went: number[] = [];
    const waits = Array.from({ length: 8 }, (_, i) => nextTurn().then(() => went.push(i)));
    await turns(1);
    expect(went).toEqual([0, 1, 2]);
    await turns(1);
    expect(went).toEqual([0, 1, 2, 3, 4, 5]);
    await Promise.all(waits);
    expect(went).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('makes one who comes during a turn wait for a later turn, behind those already waiting', async () => {
    const nextTurn = pacer(2);
    const went: string[] = [];
    const again = (name: string, times: number): Promise<void> =>
      times ? nextTurn().then(() => (went.push(name), again(name, times - 1))) : Promise.resolve();
    await Promise.all([again('a', 3), again('b', 3), again('c', 3)]);
    // Each goes on once before any goes twice: a, b in the first turn; c, then a again, in the second…
    expect(went).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('keeps every waiter, in order, however many wait (the queue is trimmed as it goes)', async () => {
    const nextTurn = pacer(64);
    const went: number[] = [];
    await Promise.all(Array.from({ length: 5_000 }, (_, i) => nextTurn().then(() => went.push(i))));
    expect(went).toEqual(Array.from({ length: 5_000 }, (_, i) => i));
  });

  it('rests when nobody waits, and starts again for the next', async () => {
    const nextTurn = pacer(1);
    await nextTurn();
    await turns(3);
    let went = false;
    const wait = nextTurn().then(() => (went = true));
    expect(went).toBe(false);
    await wait;
    expect(went).toBe(true);
  });
});
