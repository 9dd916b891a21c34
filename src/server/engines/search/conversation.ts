/**
 * A question read together with the conversation so far. The state — the search in force, the
 * listings shown, the one being talked about — is derived from the stored messages alone (each
 * question read in turn, each answer's listing cards), so it is the same after a reload, on
 * another instance or another WORKERS process; memory only keeps what was read already (by a
 * digest of the turns up to it), so a conversation is read once, turn by turn, not once a question.
 */
import { createHash } from 'node:crypto';
import { cardsOf, parseSources, type Listing } from '../../../protocol/index.ts';
import { derived } from '../reading/derived.ts';
import { merge, narrows, type Criteria } from '../reading/criteria.ts';
import { attributesAsked } from './details.ts';
import { meets, priceOf, squareFeet } from './match.ts';
import { readDrops, RESTATES, withoutDropped } from '../reading/edits.ts';
import { outsideTopic } from '../reading/intent.ts';
import { excludesAnything, negations } from '../reading/negation.ts';
import { ASKS_PAYMENT, paymentTerms, type PaymentTerms } from './payment.ts';
import { knownOf, normalize, type ListingsIndex } from '../reading/places.ts';
import { namesAsked, parseQuestion } from '../reading/query.ts';
import type { Catalog, Lookup } from './catalog.ts';
import { PRICED_ONE, resolveReference, THIS_HOME, type Shown } from '../reading/references.ts';
import { wordsToNumbers } from '../reading/words.ts';
import type { OutsideTopic } from '../reading/intent.ts';
import type { Lexicon } from '../languages/lexicon.ts';

export interface ConversationState extends Shown {
  /** The search in force: the last search, as the follow-ups since changed it. */
  search?: Criteria;
  /** How many of the search's matches have been shown ("show me more" goes on from there). */
  shownUpTo: number;
  /** The cities the visitor's searches asked for, in the order asked (the suggestions offer them again). */
  visited: string[];
}

export type Reading =
  /** A search of the listings, the earlier one carried over when this is a follow-up; `offset` skips what was shown. */
  | {
      kind: 'search';
      criteria: Criteria;
      followUp: boolean;
      offset: number;
      /** The question's own criteria, where only its words made it a search (no drop, "more", "similar", comparison). */
      said?: Criteria;
    }
  /** A question about listings already shown (or named): "how much is the second one?". */
  | { kind: 'about'; listings: Listing[]; criteria: Criteria }
  /** "it" while several listings are in view; with no candidates, "this house" where no listing is known. */
  | { kind: 'which'; candidates: Listing[]; criteria: Criteria }
  /** Something the chatbot cannot know: the weather, taxes, the law… (intent.ts). */
  | { kind: 'outside'; topic: OutsideTopic; criteria: Criteria }
  /** A monthly payment: for the listing named or in view, or the price or loan the question gives. */
  | { kind: 'payment'; terms: PaymentTerms; listing?: Listing; criteria: Criteria }
  /** Not about listings: a greeting, thanks, a request for a person. */
  | { kind: 'other'; criteria: Criteria };

export const emptyState = (page?: Listing): ConversationState => ({
  list: [],
  last: [],
  shownUpTo: 0,
  visited: [],
  ...(page ? { page } : {}),
});

/** Words that make a question a follow-up of the search before it. */
const FOLLOW_UP =
  /^(and|also|but|ok|okay|so|now|then|or|only|just|any|same|instead|what if|how about|what about)\b|\b(what about|how about|and in|instead|only|just|of those|of them|of these|among (?:them|those|these)|which of|any of (?:them|those|these)|the ones?\b|those|these|them|too|as well|same but|but in|but with|but for|how many of)\b/;
/** Words that name what is searched for: a question with one starts a search of its own, unless it says it follows up. */
const HEAD =
  /\b(homes?|houses?|condos?|apartments?|townhouses?|townhomes?|rentals?|listings?|propert(?:y|ies)|places?|studios?|duplex(?:es)?|lofts?|units?)\b/;
const MORE =
  /\b(show (?:me )?more|more (?:options|results|homes|listings|of them|please)|see more|the rest|next (?:\d+|ones|page|few)|what else (?:do you have|is there)|any others|other options)\b|^more\b/;
const RESTART = /\b(start over|new search|forget (?:that|it|all that)|never ?mind|clear (?:that|it))\b/;
/** A question whose subject is a listing in view: "does it have parking?", "is the second one under $500k?". */
const ASKS_ABOUT =
  /\b(?:does|do|did|is|are|was|were|has|have|had|can|could|will|would)\s+(?:it|that|this|they|those|these|both|either|the (?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th))(?: one| home| house| listing)?)\b|\b(?:it|that one|this one|they) (?:have|has|come with|comes with|include|includes|got)\b/;
const BARE_NUMBER =
  /^(?:(?:ok|okay|hmm+|well|and|or|but|so|maybe|what about|how about|any|anything|ones?|those|some|with|just|only)[,\s]+)*(\d{1,2})(?:\s+(?:instead|then|please|ones?))?\s*[?.!]*$/;
/** A listing named by its place in a list: "the last one", "the 2nd home", "number 3". */
const ORDINAL =
  /\b(?:the (?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th)) (?:one|home|house|listing|place|property|condo|apartment|rental)|number \d)\b/;
/** "is there parking?", "and is there a garage?": asked of the home in view, not a search. */
const IS_THERE =
  /^(?:(?:and|so|but|ok|okay|also|hmm+)[,\s]+)*(?:is there|are there|has it got|is it (?:near|close to|walking distance)|can i (?:bring|have|keep)|are (?:pets|dogs|cats|animals) (?:allowed|ok|okay|welcome))\b/;
const placeOrBudget = (c: Criteria) =>
  Boolean(
    c.cities.length ||
    c.states.length ||
    c.zips.length ||
    c.unknownPlaces.length ||
    c.price ||
    c.bedrooms ||
    c.saleType ||
    c.propertyTypes.length,
  );
const SIMILAR = /\b(similar|like (?:this|that|it) one|like (?:this|that|it)\b|comparable|something like)\b/;
const COMPARATIVE: [RegExp, (focus: Listing) => Partial<Criteria>][] = [
  [
    /\b(cheaper|less expensive|more affordable|lower price)\b/,
    (f) => ({ price: { max: (priceOf(f) ?? Infinity) - 1 } }),
  ],
  [/\b(bigger|larger|more space|roomier)\b/, (f) => ({ area: { min: squareFeet(f) + 1 } })],
  [/\b(smaller)\b/, (f) => ({ area: { max: squareFeet(f) - 1 } })],
  [/\b(newer)\b(?! than \d)/, (f) => ({ yearBuilt: { min: f.YearBuilt + 1 } })],
  [/\bmore bed ?rooms\b/, (f) => ({ bedrooms: { min: f.Bedrooms + 1 } })],
];

/** A search of homes like `f`: same place, kind and sale type, a bedroom either way, the price within 20 %. */
function similarTo(f: Listing, base: Criteria): Criteria {
  const price = priceOf(f);
  return {
    ...base,
    named: [],
    cities: [f.City],
    states: [],
    zips: [],
    unknownPlaces: [],
    saleType: f.SaleType,
    saleTypeSaid: true,
    propertyTypes: [f.PropertyType],
    bedrooms: { min: Math.max(0, f.Bedrooms - 1), max: f.Bedrooms + 1 },
    price: price === null ? undefined : { min: price * 0.8, max: price * 1.2 },
    exclude: { ...base.exclude },
    sort: undefined,
    limit: undefined,
    aboutListings: true,
  };
}

/** "the one at $950", "el de 950": the listing in view at that price, when exactly one is. */
function pricedOne(t: string, shown: Shown): Listing | undefined {
  const said = PRICED_ONE.exec(t);
  if (!said) return undefined;
  const price = Number(said[1] ?? said[2]);
  const inView = new Set([...shown.last, ...shown.list, ...(shown.focus ? [shown.focus] : [])]);
  const atPrice = [...inView].filter((l) => priceOf(l) === price);
  return atPrice.length === 1 ? atPrice[0] : undefined;
}

/** Reads `question` in the conversation's state. */
export function readQuestion(question: string, state: ConversationState, known: ListingsIndex, now: Date): Reading {
  const t = wordsToNumbers(normalize(question));
  // "forget the budget", "parking doesn't matter": the search in force, without it (and with anything else said).
  const drops = state.search ? readDrops(t) : null;
  if (state.search && drops) {
    const c = withoutDropped(parseQuestion(question, known, now), drops);
    return { kind: 'search', criteria: merge(withoutDropped(state.search, drops), c), followUp: true, offset: 0 };
  }
  if (RESTART.test(t) && !HEAD.test(t)) return { kind: 'other', criteria: parseQuestion(question, known, now) };
  const c = parseQuestion(question, known, now);
  const topic = outsideTopic(t);
  if (topic) return { kind: 'outside', topic, criteria: c };
  if (ASKS_PAYMENT.test(t)) {
    const terms = paymentTerms(t);
    // A price or loan given is what is worked out; otherwise the listing named, or the one in view.
    const listing =
      terms.price === undefined && terms.loan === undefined
        ? (c.named[0] ?? state.focus ?? (state.last.length === 1 ? state.last[0] : undefined) ?? state.page)
        : undefined;
    return { kind: 'payment', terms, ...(listing ? { listing } : {}), criteria: c };
  }
  if (c.named.length) return { kind: 'about', listings: c.named, criteria: c };
  const earlier = state.search;
  if (earlier && MORE.test(t) && !narrows(c))
    return { kind: 'search', criteria: earlier, followUp: true, offset: state.shownUpTo };
  const focus = state.focus ?? (state.last.length === 1 ? state.last[0] : undefined) ?? state.page;
  if (focus && SIMILAR.test(t))
    return { kind: 'search', criteria: { ...merge(similarTo(focus, c), c), named: [] }, followUp: true, offset: 0 };
  const comparative = focus && COMPARATIVE.find(([pattern]) => pattern.test(t));
  if (focus && comparative) {
    const base = earlier ? merge(earlier, c) : similarTo(focus, c);
    return {
      kind: 'search',
      criteria: { ...base, ...comparative[1](focus), sort: undefined, limit: undefined },
      followUp: true,
      offset: 0,
    };
  }
  // "any with 5?", "what about 2?": a bare number changes the bedrooms the search before asked for.
  const bare = earlier?.bedrooms && !narrows(c) ? BARE_NUMBER.exec(t.trim()) : null;
  if (earlier?.bedrooms && bare) {
    const n = Number(bare[1]);
    return {
      kind: 'search',
      criteria: merge(earlier, {
        ...c,
        bedrooms: earlier.bedrooms.max === undefined ? { min: n } : { min: n, max: n },
      }),
      followUp: true,
      offset: 0,
    };
  }
  // "which of those have 2 baths?", "only the ones under $2,000": the search narrowed, not the listings shown.
  const refines = narrows(c) || c.sort;
  // "the second cheapest" is a rank in an order, not the second card shown.
  if (
    c.rank === undefined &&
    (!refines ||
      ASKS_ABOUT.test(t) ||
      ORDINAL.test(t) ||
      PRICED_ONE.test(t) ||
      /\b(the one|that one|this one)\b/.test(t))
  ) {
    const priced = pricedOne(t, state);
    if (priced) return { kind: 'about', listings: [priced], criteria: c };
    const ref = resolveReference(t, state);
    if (ref?.kind === 'listings') {
      // "the one with the 3D tour": among those shown, the ones the words fit.
      const fitting =
        refines && !ASKS_ABOUT.test(t)
          ? ref.listings.filter((l) => meets(l, { ...c, statuses: [l.Status] }))
          : ref.listings;
      return { kind: 'about', listings: fitting.length ? fitting : ref.listings, criteria: c };
    }
    if (ref?.kind === 'ambiguous') {
      const fitting =
        refines && !ASKS_ABOUT.test(t) ? ref.candidates.filter((l) => meets(l, { ...c, statuses: [l.Status] })) : [];
      return fitting.length === 1
        ? { kind: 'about', listings: fitting, criteria: c }
        : { kind: 'which', candidates: ref.candidates, criteria: c };
    }
    // "is this house still available?" where no listing is in view or on the page: which one is not known.
    if (!ref && !focus && THIS_HOME.test(t) && !c.cities.length && !c.states.length && !c.zips.length)
      return { kind: 'which', candidates: [], criteria: c };
  }
  // "How many bedrooms?", "what's the price?" with one home in view: a question about that home;
  // so is "is there parking?", "are there good schools nearby?" while that home is all there is in view.
  const askedOf = attributesAsked(t);
  if (focus && !HEAD.test(t)) {
    // "how much is the rent?" of a rental: its own sale type narrows nothing.
    const own = c.saleType === focus.SaleType ? { ...c, saleType: undefined } : c;
    if (askedOf.attributes.length && !narrows(own) && !c.sort) return { kind: 'about', listings: [focus], criteria: c };
    if (
      IS_THERE.test(t) &&
      state.last.length <= 1 &&
      !placeOrBudget(c) &&
      (askedOf.attributes.length || askedOf.features.length)
    )
      return { kind: 'about', listings: [focus], criteria: c };
  }
  if (!c.aboutListings && !refines) return { kind: 'other', criteria: c };
  // "show me the newest listings first", "sort by price": the same search in another order.
  const resorts = Boolean(c.sort && c.limit === undefined && c.rank === undefined && !narrows(c));
  // "just show me houses for rent in Denver": a search of its own, whatever it follows.
  // "not condos", "no studios please": what a question rules out names no search of its own.
  const named = c.exclude && excludesAnything(c.exclude) ? negations(t, known).text : t;
  const followUp = Boolean(earlier) && !RESTATES.test(t) && (resorts || FOLLOW_UP.test(t) || !HEAD.test(named));
  return { kind: 'search', criteria: followUp && earlier ? merge(earlier, c) : c, followUp, offset: 0, said: c };
}

/** The listings of an answer's cards, as the chatbot holds them now (a card of a listing since deleted is left out). */
export function cardsIn(answer: string, known: ListingsIndex): Listing[] {
  return cardsOf(answer).flatMap((card) => known.byId.get(card.Id) ?? known.byUrl.get(card.Url) ?? []);
}

/** The state after a question read as `reading` was answered with `answer`. */
export function advance(
  state: ConversationState,
  reading: Reading,
  answer: string,
  known: ListingsIndex,
): ConversationState {
  if (reading.kind === 'other' || reading.kind === 'outside' || (reading.kind === 'payment' && !reading.listing))
    return state;
  const cards = cardsIn(answer, known);
  // An answer from the owner's knowledge (its sources named, no homes shown) leaves the search where it was.
  if (!cards.length && parseSources(answer).length) return state;
  const next: ConversationState = { ...state, last: cards, focus: cards.length === 1 ? cards[0] : undefined };
  if (cards.length > 1) next.list = cards;
  if (reading.kind === 'search')
    Object.assign(next, {
      search: reading.criteria,
      shownUpTo: reading.offset + cards.length,
      visited: [...state.visited.filter((x) => !reading.criteria.cities.includes(x)), ...reading.criteria.cities],
    });
  if (reading.kind === 'about' && reading.listings.length === 1) next.focus = reading.listings[0];
  if (reading.kind === 'payment') next.focus = reading.listing;
  return next;
}

/**
 * What a reading of `questions` after `answers` is given (places.ts ListingsIndex): the chatbot's
 * vocabulary, and the few listings they may name (by MLS number or house number) or showed (their
 * cards) — looked up at once, not read from every listing.
 */
export async function knownFor(
  catalog: Catalog,
  questions: string[],
  answers: string[],
  lexicon?: Lexicon,
): Promise<ListingsIndex> {
  const lookup: Lookup = { ids: [], urls: [], mlsKeys: [], houseNumbers: [] };
  // The reading is in English (a question in another language is read as its English: readable.ts).
  const isWord = lexicon && ((word: string) => lexicon.knows(word, 'en'));
  for (const question of questions) {
    const names = namesAsked(question, catalog.vocabulary, isWord);
    lookup.mlsKeys.push(...names.mlsKeys);
    lookup.houseNumbers.push(...names.houseNumbers);
  }
  for (const answer of answers)
    for (const card of cardsOf(answer)) {
      lookup.ids.push(card.Id);
      lookup.urls.push(card.Url);
    }
  const known = knownOf(catalog.vocabulary, await catalog.lookup(lookup));
  return isWord ? { ...known, isWord } : known;
}

/**
 * States already read, per vocabulary (the same object while a chatbot's listings are unchanged:
 * derived.ts), by a digest of the conversation up to a turn: each question reads only the turns
 * since the last one read, so a conversation costs one reading per turn, not one per turn per question.
 */
const STATES = Symbol('conversation states');
const STATES_KEPT = 1_000;
/** How many turns have been read since the process started (test/server/engines/answer/offline.test.ts counts them). */
export const turnsRead = { count: 0 };

/**
 * The question read in the conversation so far: the state after `history` (oldest first), read turn
 * by turn as it was answered, and the question's reading in it; `page`, the listing of the page the
 * visitor asks from now, is taken as theirs all along.
 */
export async function readInConversation(
  history: readonly { role: 'user' | 'assistant'; content: string }[],
  question: string,
  catalog: Catalog,
  now: Date,
  page?: Listing,
  lexicon?: Lexicon,
): Promise<{ state: ConversationState; reading: Reading }> {
  const kept = derived(catalog.vocabulary, STATES, () => new Map<string, ConversationState>());
  // The digest of each turn chains the one before: the conversation's reading up to there.
  const turns: { at: number; answer: string; key: string }[] = [];
  let key = `${page?.Id ?? ''}|${now.toISOString().slice(0, 10)}`;
  for (let i = 0; i < history.length; i++) {
    if (history[i]!.role !== 'user') continue;
    const answer = history[i + 1]?.role === 'assistant' ? history[i + 1]!.content : '';
    key = createHash('sha256')
      .update(key)
      .update('\0')
      .update(history[i]!.content)
      .update('\0')
      .update(answer)
      .digest('base64');
    turns.push({ at: i, answer, key });
  }
  let from = turns.length;
  while (from > 0 && !kept.has(turns[from - 1]!.key)) from--;
  let state = from > 0 ? kept.get(turns[from - 1]!.key)! : emptyState(page);
  const toRead = turns.slice(from);
  const known = await knownFor(
    catalog,
    [...toRead.map((turn) => history[turn.at]!.content), question],
    toRead.map((turn) => turn.answer),
    lexicon,
  );
  for (const { at, answer, key: after } of toRead) {
    const asked = history[at]!.content;
    const t = wordsToNumbers(normalize(asked));
    turnsRead.count++;
    if (RESTART.test(t) && !(state.search && readDrops(t))) state = emptyState(page);
    else state = advance(state, readQuestion(asked, state, known, now), answer, known);
    if (kept.size >= STATES_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(after, state);
  }
  return { state, reading: readQuestion(question, state, known, now) };
}
