/**
 * The corpora `npm test` samples and `npm run soak` takes whole (vitest.config.ts: TEST_CORPORA,
 * XSS_SEED, A11Y_SEED, VARIANT_SEED; the run prints the seeds). A sample is drawn by a seeded generator, so a
 * failure is replayed with the seed the run printed, and each run without one draws another.
 * For Node and the browser alike.
 */
import { inject } from 'vitest';

/** Which part of the corpora this run takes. */
export const corpora = () => inject('corpora');

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` items of `items` chosen by `seed` (all of them when there are no more), kept in their order. */
export function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  if (count >= items.length) return [...items];
  const random = seededRandom(seed);
  const indexes = items.map((_, i) => i);
  // The first `count` places of a Fisher–Yates shuffle.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (indexes.length - i));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** A seeded permutation of `items`. */
export const shuffled = <T>(items: readonly T[], seed: number): T[] => {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * The alternatives of a test this run takes: all of them when the corpora are whole (`npm run
 * soak`), otherwise one, chosen by VARIANT_SEED and the test's own name — so that two files with
 * alternatives do not always pick the same place in their lists, and every run may take another.
 */
export function variants<T>(items: readonly T[], name: string): T[] {
  const { whole, variantSeed } = corpora();
  if (whole || items.length < 2) return [...items];
  let salt = 0;
  for (const c of name) salt = (Math.imul(salt, 31) + c.charCodeAt(0)) >>> 0;
  return [items[Math.floor(seededRandom(variantSeed ^ salt)() * items.length)]!];
}

/**
 * What a sample must keep whatever the seed: strings whose characters cross the wire and get cut
 * unlike the rest — line breaks (SSE frames one line at a time), characters outside ASCII (several
 * UTF-8 bytes, surrogate pairs a fragment or a field's limit could halve) and control characters.
 */
export const stressesTransport = (text: string): boolean => /[\n\r\u2028\u2029]|[^\x20-\x7e\t]/.test(text);
