/**
 * The prose of an answer that shows listings as cards: a short summary — how many match, their
 * price range, the best fit — not the list the cards show again; and what the search could not
 * check, or came close to, said plainly. What to say is chosen here; the words are the answer
 * language's (writing/).
 */
import type { Listing } from '../../../protocol/index.ts';
import type { Criteria } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import { listingLink } from '../search/format.ts';
import type { Outcome } from '../search/catalog.ts';
import type { NearMiss } from '../search/near.ts';
import type { Writing } from '../writing/index.ts';

/** A listing in brief, with the figure its order is by when that is not in the brief: the HOA dues. */
const brief = (w: Writing, l: Listing, c: Criteria) => `${w.inBrief(l)}${c.sort === 'hoa-asc' ? w.hoaNote(l) : ''}`;

/** Asked for the nth of an order past the last match: "There are only 4 homes for sale in Austin, so there is no fifth cheapest. Here they are, the cheapest first." — all of them follow, in order. */
export function onlyThese(
  w: Writing,
  n: number,
  found: Listing[],
  c: Criteria,
  rank: number,
  mentioned: Feature[] = [],
): string {
  return w.onlyThese(n, { c, mentioned }, rank, c.sort!, n === 1 ? brief(w, found[0]!, c) : undefined);
}

/** The summary of a search's matches, of which `shown` (from `offset`) are the cards that follow. */
export function summary(
  w: Writing,
  found: Outcome,
  shown: Listing[],
  c: Criteria,
  offset: number,
  mentioned: Feature[] = [],
): string {
  const sort = c.sort;
  const rank = sort ? (c.rank ?? 0) : 0;
  const q = { c, mentioned };
  if (c.limit === 1 && shown.length) {
    // "The cheapest condo in Denver", "The condo in Denver with the most bedrooms", "The second cheapest …".
    if (shown.length === 2) return w.bestOfEach(sort!, rank, brief(w, shown[0]!, c), brief(w, shown[1]!, c));
    return w.best(sort, rank, q, brief(w, shown[0]!, c));
  }
  if (offset > 0) return shown.length ? w.more(shown.length, offset, found.total, q) : w.allShown(found.total, q);
  if (c.limit && sort) return w.topN(shown.length, sort, q, rank, found.total);
  if (rank) return `${w.found(found.total, q, found.spread, true)}${w.space}${w.fromNth(rank, sort!)}`;
  if (found.total === 1)
    return `${w.found(found.total, q, found.spread, false)}${w.space}${w.itIs(w.inBrief(shown[0]!))}`;
  const head = w.found(found.total, q, found.spread, true);
  const first = w.first(sort, sort ? brief(w, shown[0]!, c) : w.inBrief(shown[0]!));
  const which =
    found.total > shown.length ? w.whichShown(shown.length, sort, Object.keys(found.spread).length > 1) : '';
  return `${head}${w.space}${first}${which}`;
}

/** Near misses offered when nothing matches: each named, with what it misses by. */
export function nearMissText(w: Writing, c: Criteria, near: NearMiss[], mentioned: Feature[] = []): string {
  return w.nearMisses(
    { c, mentioned },
    near.map((n) => ({ link: listingLink(n.listing), misses: n.misses })),
  );
}
