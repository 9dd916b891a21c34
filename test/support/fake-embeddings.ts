/**
 * An embedding model for tests, deterministic and small: a text's vector counts its words by
 * meaning — every word of one group of MEANINGS (what a visitor says and what the owner wrote for
 * the same thing: "charge", "fees", "commission") falls on one dimension; any other word on a
 * dimension of its own hash. So a question that shares no word with the passage that answers it
 * is near it, as a real model makes it, and two texts of unrelated words are far apart. Served by
 * the fake model server's `POST /v1/embeddings` in OpenAI's wire format.
 */
import { createHash } from 'node:crypto';

/** Groups of words that mean one thing here. */
export const MEANINGS: readonly (readonly string[])[] = [
  ['charge', 'charges', 'cost', 'costs', 'fee', 'fees', 'commission', 'commissions', 'price', 'pay', 'expensive'],
  ['holiday', 'holidays', 'christmas', 'thanksgiving', 'festive', 'season', 'vacation'],
  ['animal', 'animals', 'pet', 'pets', 'dog', 'dogs', 'cat', 'cats'],
  ['mortgage', 'loan', 'loans', 'lender', 'lenders', 'financing', 'borrow'],
];

/** Dimensions of a vector: the groups first, then the hashed words. */
export const DIMENSIONS = 64;
/** Words that carry no meaning here (they would bring every text near every other). */
const FILLER = new Set(
  'a an and are as at be by can do does for from how i in is it its me much my of on or our the to we what when where which who will with you your'.split(
    ' ',
  ),
);

const meaningOf: ReadonlyMap<string, number> = new Map(MEANINGS.flatMap((g, i) => g.map((w) => [w, i] as const)));

function hashed(word: string): number {
  const h = createHash('sha256').update(word).digest().readUInt32BE(0);
  return MEANINGS.length + (h % (DIMENSIONS - MEANINGS.length));
}

/** The text's vector (not of unit length: the service makes it so). */
export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (FILLER.has(word)) continue;
    // A meaning weighs more than any one word: what the text is about, as a model reads it.
    const meaning = meaningOf.get(word);
    if (meaning === undefined) v[hashed(word)]! += 1;
    else v[meaning]! += 3;
  }
  return v;
}
