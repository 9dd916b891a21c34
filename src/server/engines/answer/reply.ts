/**
 * The offline engine's answer to a text question, read in the conversation so far: a search's
 * summary and cards, what it could not check, near misses when nothing matches, an answer about
 * listings already shown, or a word about the chatbot — each ending with follow-up suggestions.
 */
import {
  cardsBlock,
  handoffBlock,
  suggestionLines,
  suggestionsBlock,
  type Listing,
  type NoAnswerReason,
  type Settings,
} from '../../../protocol/index.ts';
import { asksForPerson, asksToBook, personReply } from './person.ts';
import { asksToChangeViewing, asksToVisit, localToday, slotsAnswer } from './viewing.ts';
import { slotsText } from '../writing/slots.ts';
import { askedOf } from '../reading/asked.ts';
import { readInConversation, type ConversationState, type Reading } from '../search/conversation.ts';
import { aboutOne, aboutSeveral } from './about.ts';
import { md } from '../search/format.ts';
import type { AnswerInput } from '../index.ts';
import { nearMisses } from '../search/near.ts';
import { ASKS_IF_BOT, SMALL_TALK } from '../reading/intent.ts';
import { paymentText } from './payment.ts';
import { generalSuggestions, listingSuggestions, nearSuggestions, searchSuggestions } from './suggest.ts';
import { nearMissText, onlyThese, summary } from './summary.ts';
import { addressText } from '../../../protocol/index.ts';
import type { Asked } from '../reading/asked.ts';
import { THRESHOLD, findInKnowledge, holdsSubject, type Hit } from '../knowledge/find.ts';
import { narrows, type Criteria } from '../reading/criteria.ts';
import { noExclusions } from '../reading/negation.ts';
import { knowledgeText } from './knowledge.ts';
import { asksTheBusiness, asksToBeToldLater } from './business.ts';
import type { Writing } from '../writing/index.ts';

/** How many matches one answer shows. */
export const MAX_NAMED = 5;

export interface Reply {
  text: string;
  noAnswer: boolean;
  /** Why it is marked noAnswer; `unknown` where not given. */
  noAnswerReason?: NoAnswerReason;
  /** What a search asked for (the insights count it). */
  asked?: Asked;
}

/**
 * The parts of an answer, joined with blank lines: prose, then the cards, then — where the prose
 * offers a person — the way to one (drawn there by the widget), then the suggestions.
 */
const answer = (
  prose: string,
  cards: Listing[],
  suggestions: string[],
  miss: NoAnswerReason | false = false,
  offer = false,
): Reply => ({
  text: [prose, cardsBlock(cards), offer ? handoffBlock({ open: false }) : '', suggestionsBlock(suggestions)]
    .filter(Boolean)
    .join('\n\n'),
  noAnswer: Boolean(miss),
  ...(miss ? { noAnswerReason: miss } : {}),
});

/** `original`: the question as the visitor wrote it (`input`'s is read as English), for what only its own words say — a day, a time. */
export async function reply(input: AnswerInput, w: Writing, original = input.question.content): Promise<Reply> {
  const { state, reading } = await readInConversation(
    input.history,
    input.question.content,
    input.catalog,
    input.now,
    input.pageListing,
    input.lexicon,
  );
  const asked = reading.kind === 'search' ? askedOf(reading.criteria) : undefined;
  const replied = await replyTo(input, w, state, reading, original);
  // What is here now is shown; being told later is not something the chat can do: the owner hears of it.
  const later = asksToBeToldLater(input.question.content) && !replied.noAnswer;
  return {
    ...replied,
    ...(later ? { noAnswer: true, noAnswerReason: 'unknown' as const } : {}),
    ...(asked ? { asked } : {}),
  };
}

/**
 * What a search narrows by besides its sale type and kind of home: a place (not a word of the
 * chatbot's own name: "how long has Oakridge been around?"), a budget, rooms, size, age, parking —
 * and tours, unless the question asks to book one.
 */
const narrowsBeyondKind = (c: Criteria, s: Settings, booking: boolean) =>
  narrows({
    ...c,
    saleType: undefined,
    statusesSaid: false,
    propertyTypes: [],
    features: [],
    exclude: noExclusions(),
    unknownPlaces: c.unknownPlaces.filter((p) => !s.Name.toLowerCase().includes(p.toLowerCase())),
    ...(booking ? { tours: [], anyTour: false } : {}),
  });

/**
 * The passage of the owner's knowledge that answers the question, or none: only for a question that
 * is not about listings in view, and — where its words read as a search — only when it names no
 * place, budget or rooms and asks of something besides homes ("are pets allowed in your rentals?")
 * or asks the agency about itself (`business`: "what do I need to rent an apartment through you?").
 */
async function fromKnowledge(
  input: AnswerInput,
  state: ConversationState,
  reading: Reading,
  business: boolean,
  original: string,
): Promise<Hit | null> {
  if (!input.knowledge || reading.kind === 'about' || reading.kind === 'which' || reading.kind === 'payment')
    return null;
  const question = input.question.content;
  const booking = asksToBook(question.toLowerCase());
  if (booking && (state.focus || state.page)) return null;
  if (reading.kind === 'search' && (!reading.said || narrowsBeyondKind(reading.said, input.settings, booking)))
    return null;
  // As read (in English) and as written: an owner may have written the entry in the visitor's own
  // language ("¿Cuánto cobran?"), which then answers before one in English does.
  const [[read], [written]] = await Promise.all([
    findInKnowledge(input.knowledge, question, 1, input.lexicon),
    original.trim() !== question.trim() ? findInKnowledge(input.knowledge, original, 1) : [],
  ]);
  const best = written && written.score >= THRESHOLD && written.score >= (read?.score ?? 0) ? written : read;
  if (!best || best.score < THRESHOLD) return null;
  return reading.kind !== 'search' || business || holdsSubject(question, best) ? best : null;
}

async function replyTo(
  input: AnswerInput,
  w: Writing,
  state: ConversationState,
  reading: Reading,
  original: string,
): Promise<Reply> {
  const { settings } = input;
  const question = input.question.content;
  const q = question.trim().toLowerCase();
  // A person, or a viewing a person arranges, asked for: before the knowledge, whose pages name agents and viewings too.
  // Asked as a question ("how do I book a viewing?", "can I book a tour?"), a viewing is the knowledge's
  // first — with the way to a person under its answer.
  const booking = asksToBook(q);
  const asking = /^(?:how|can|could|do|does|is|are|what)\b/.test(q);
  const home = reading.kind === 'about' ? reading.listings[0] : (state.focus ?? state.page);
  if (asksForPerson(q)) return personReply(w, settings, 'person', input.agentPresent);
  // Moving or cancelling a viewing booked: its own link does it (the chat would book another).
  if (settings.ViewingHours.length && asksToChangeViewing(original))
    return { text: slotsText(w.language, { kind: 'change' }, ''), noAnswer: false };
  // A home to see, named or in view, and showing hours: the free times. A search ("can I see 3 bedroom
  // homes in Austin?") is not a visit, unless it says only a kind of home and points at one ("this house").
  const visit =
    home &&
    !/^how\b/.test(q) &&
    (reading.kind !== 'search' ||
      (/\b(?:this|that|it|the (?:home|house|apartment|condo|flat|place|property|townhouse|unit|one))\b/.test(q) &&
        !narrowsBeyondKind(reading.criteria, settings, true))) &&
    (booking || asksToVisit(original, w.language, localToday(input.now, settings.TimeZone)));
  if (visit) {
    const offered = await slotsAnswer(input, home, original, w.language);
    if (offered) return offered;
  }
  if (booking && !asking) return personReply(w, settings, 'viewing', input.agentPresent, home);
  const person = Boolean(settings.TalkToHumanEmail);
  const business = asksTheBusiness(question);
  const known = await fromKnowledge(input, state, reading, business, original);
  if (known) {
    const text = knowledgeText(w, known, question, settings, input.lexicon);
    return { text: booking && person ? `${text}\n\n${handoffBlock({ open: false })}` : text, noAnswer: false };
  }
  // A question to the agency about itself that its knowledge does not answer ("do you do property
  // management?"): the honest "I don't know — here is a person", not a search of every home.
  if (business && reading.kind === 'search' && !narrowsBeyondKind(reading.said ?? reading.criteria, settings, booking))
    return fallback(w, settings, w.notSure());
  if (booking) return personReply(w, settings, 'viewing', input.agentPresent, home);
  if (reading.kind === 'outside')
    return answer(
      w.outside(reading.topic, settings.Name, person),
      [],
      generalSuggestions(settings, w),
      'unknown',
      person,
    );
  if (reading.kind === 'payment')
    return answer(
      paymentText(reading.terms, reading.listing, settings, w),
      reading.listing ? [reading.listing] : [],
      reading.listing ? listingSuggestions(reading.listing, settings, w) : [],
      false,
      // Its last sentence offers a person for a real quote.
      person,
    );
  if (reading.kind === 'about') return about(w, reading.listings, question, settings);
  if (reading.kind === 'which')
    return reading.candidates.length
      ? which(w, reading.candidates)
      : answer(w.whichUnknown(), [], generalSuggestions(settings, w), 'unsure-reading');
  if (reading.kind === 'search') return await searchAnswer(input, w, reading, state.visited, original);
  if (/^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings)\b/.test(q))
    return greeting(w, settings, state.page);
  if (/\b(thanks|thank you|thx|cheers)\b/.test(q)) return answer(w.welcome(), [], []);
  if (/\bcontact\b/.test(q)) return personReply(w, settings, 'person', input.agentPresent);
  if (ASKS_IF_BOT.test(q))
    return answer(w.bot(settings.Name, person), [], generalSuggestions(settings, w), false, person);
  if (SMALL_TALK.test(q)) return answer(w.smallTalk(), [], generalSuggestions(settings, w));
  if (/\bprivacy\b|\bpersonal data\b|\bmy data\b/.test(q) && settings.ChatbotPrivacyPolicyUrl)
    return answer(w.privacy(settings.ChatbotPrivacyPolicyName, settings.ChatbotPrivacyPolicyUrl), [], []);
  if (/\b(what can you do|who are you|what are you|help me|how does this work)\b|^help\b/.test(q))
    return greeting(w, settings);
  if (/\b(start over|new search|forget (?:that|it|all that)|never ?mind)\b/.test(q))
    return answer(w.startOver(), [], generalSuggestions(settings, w));
  return fallback(w, settings, w.notSure());
}

async function searchAnswer(
  input: AnswerInput,
  w: Writing,
  reading: Extract<Reading, { kind: 'search' }>,
  visited: readonly string[],
  original: string,
): Promise<Reply> {
  const { settings, catalog } = input;
  const c = reading.criteria;
  // A word that could be either of two of the listings' words: asked back, with the question each way as a chip.
  const [unsure] = c.unsure;
  if (unsure) {
    const [word, options] = unsure;
    // The word is letters and apostrophes only (reading/words.ts correctSpelling): nothing in it to escape.
    const at = new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'iu');
    const chips = at.test(original) ? options.map((o) => original.replace(at, o)) : options;
    return answer(w.didYouMean(word, options), [], chips, 'unsure-reading');
  }
  if (/\bmls\b/i.test(input.question.content) && !c.cities.length && !c.price && !reading.followUp)
    return fallback(w, settings, w.noSuchMls());
  const corrections = w.corrections(c.corrections);
  // "The second cheapest": the ones before it in that order are passed over.
  const rank = c.sort ? (c.rank ?? 0) : 0;
  const from = reading.offset + rank;
  const found = await catalog.search(c, { from, count: Math.min(c.limit ?? MAX_NAMED, MAX_NAMED) });
  const notes = w.cantTell(found.unknown);
  // What the listings cannot be filtered by ("a pool") the owner hears of, even where homes are shown.
  const miss = found.unknown.length ? 'cannot-filter' : false;
  const intro = `${corrections}${notes ? `${notes}${w.space}` : ''}`;
  const { mentioned } = found;
  if (!found.total) {
    const near = c.unknownPlaces.length ? [] : await nearMisses(catalog, c);
    if (near.length)
      return answer(
        `${intro}${nearMissText(w, c, near, mentioned)}`,
        near.map((n) => n.listing),
        await nearSuggestions(c, catalog, settings, visited, w),
        miss,
      );
    return fallback(w, settings, `${intro}${w.noneFound({ c, mentioned })}`, miss || 'unknown');
  }
  if (rank >= found.total) {
    const all = await catalog.window(c, 0, MAX_NAMED);
    return answer(
      `${intro}${onlyThese(w, found.total, all, c, rank, mentioned)}`,
      all,
      await searchSuggestions(c, { total: found.total, from: 0 }, all, catalog, settings, visited, w),
      miss,
    );
  }
  let shown = found.window;
  if (
    c.limit === 1 &&
    !c.saleType &&
    (c.sort === 'price-asc' || c.sort === 'price-desc') &&
    Object.keys(found.spread).length > 1
  ) {
    // By price, homes for sale come before rentals: the nth of each.
    const sale = found.spread.for_sale?.count ?? 0,
      rent = found.spread.for_rent?.count ?? 0;
    const nth = (at: number) => catalog.window(c, at, 1);
    // The nth rental: among rentals alone, the same order — unless a feature narrowed the search (what
    // mentions it is read among all the matches: features.ts `mentioning`), then after the homes for sale.
    const nthRental = () =>
      c.features.length ? nth(sale + rank) : catalog.window({ ...c, saleType: 'for_rent' }, rank, 1);
    shown = [
      ...(rank < sale ? (from === rank ? found.window.slice(0, 1) : await nth(rank)) : []),
      ...(rank < rent ? await nthRental() : []),
    ];
  }
  const prose = `${intro}${summary(w, found, shown, c, reading.offset, mentioned)}`;
  const suggestions =
    shown.length === 1
      ? listingSuggestions(shown[0]!, settings, w)
      : await searchSuggestions(c, { total: found.total, from: reading.offset }, shown, catalog, settings, visited, w);
  return answer(prose, shown, suggestions, miss);
}

function about(w: Writing, listings: Listing[], question: string, s: Settings): Reply {
  if (listings.length === 1) {
    const { text, untold } = aboutOne(w, listings[0]!, question);
    return answer(text, listings, listingSuggestions(listings[0]!, s, w), untold && 'cannot-filter');
  }
  return answer(aboutSeveral(w, listings, question), listings, s.TalkToHumanEmail ? [w.chips.viewing] : []);
}

function which(w: Writing, candidates: Listing[]): Reply {
  const lines = candidates.map((l, i) => `${i + 1}. ${md(addressText(l))}`);
  return answer(w.which(lines), [], w.chips.ordinals.slice(0, Math.min(3, candidates.length)));
}

function greeting(w: Writing, s: Settings, page?: Listing): Reply {
  // On a listing's page: what can be asked about that home.
  if (page) return answer(w.greeting(s.Name, [], md(addressText(page))), [], listingSuggestions(page, s, w));
  return answer(w.greeting(s.Name, suggestionLines(s.SuggestedMessage), undefined), [], []);
}

/** What could not be answered: said plainly, what can be asked offered (and a person), marked for the owner's Unanswered page. */
function fallback(w: Writing, s: Settings, opening: string, miss: NoAnswerReason = 'unknown'): Reply {
  const person = Boolean(s.TalkToHumanEmail);
  return answer(w.fallback(opening, person), [], generalSuggestions(s, w), miss, person);
}
