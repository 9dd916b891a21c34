/**
 * What the engines work out once from data they are given again and again — a chatbot's
 * vocabulary is the same object for as long as its listings are unchanged (the app's
 * ListingCatalogs), a list of listings in memory the same array, and every question, and every
 * earlier question of its conversation read again, goes through them — kept on that data itself:
 * it lives and goes with it, and is no module's state. Each kind has its own slot (a Symbol), held
 * out of sight: not enumerable, so never copied, compared or sent.
 */
export function derived<T>(of: object, slot: symbol, make: () => T): T {
  const held = of as Record<symbol, T | undefined>;
  const known = held[slot];
  if (known !== undefined) return known;
  const value = make();
  Object.defineProperty(of, slot, { value, enumerable: false });
  return value;
}
