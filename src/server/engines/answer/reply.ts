/**
 * The offline engine's answer to a text question, read in the conversation so far: a search's
 * summary and cards, what it could not check, near misses when nothing matches, an answer about
 * listings already shown, or a word about the chatbot — each ending with follow-up suggestions.
 */
import { cardsBlock, suggestionLines, suggestionsBlock, type Listing, type Settings } from '../../../protocol/index.ts';
import { askedOf } from '../reading/asked.ts';
import { readInConversation, type ConversationState, type Reading } from '../search/conversation.ts';
import { aboutOne, aboutSeveral } from '../search/details.ts';
import { md, mdUrl } from '../search/format.ts';
import type { AnswerInput } from '../index.ts';
import { nearMisses } from '../search/near.ts';
import { ASKS_IF_BOT, SMALL_TALK } from '../reading/intent.ts';
import { paymentText } from '../search/payment.ts';
import { generalSuggestions, listingSuggestions, nearSuggestions, searchSuggestions } from './suggest.ts';
import { cantTell, describe, nearMissText, onlyThese, summary } from './summary.ts';
import { addressText } from '../../../protocol/index.ts';
import type { Asked } from '../../store/schema.ts';
import { THRESHOLD, findInKnowledge, holdsSubject, type Hit } from '../knowledge/find.ts';
import { narrows, type Criteria } from '../reading/criteria.ts';
import { noExclusions } from '../reading/negation.ts';
import { knowledgeText } from './knowledge.ts';

/** How many matches one answer shows. */
export const MAX_NAMED = 5;

export interface Reply {
  text: string;
  noAnswer: boolean;
  /** What a search asked for (the insights count it). */
  asked?: Asked;
}

/** The parts of an answer, joined with blank lines: prose, then the cards, then the suggestions. */
const answer = (prose: string, cards: Listing[], suggestions: string[], noAnswer = false): Reply => ({
  text: [prose, cardsBlock(cards), suggestionsBlock(suggestions)].filter(Boolean).join('\n\n'),
  noAnswer,
});

const VIEWING =
  /\b(book|schedule|arrange|set up|organi[sz]e)\b.*\b(viewing|showing|tour|visit|appointment)\b|\b(see it|see the (?:home|house|place|property)|visit it|view it) in person\b|\bcan i (?:see|visit|view) it\b/;
const HANDOFF = /\b(talk|speak|chat) (to|with) (a |an )?(person|human|agent|someone|realtor)|\bcontact\b|\bcall me\b/;

export async function reply(input: AnswerInput): Promise<Reply> {
  const { state, reading } = await readInConversation(
    input.history,
    input.question.content,
    input.catalog,
    input.now,
    input.pageListing,
  );
  const asked = reading.kind === 'search' ? askedOf(reading.criteria) : undefined;
  return { ...(await replyTo(input, state, reading)), ...(asked ? { asked } : {}) };
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
 * place, budget or rooms and asks of something besides homes ("are pets allowed in your rentals?").
 */
async function fromKnowledge(input: AnswerInput, state: ConversationState, reading: Reading): Promise<Hit | null> {
  if (!input.knowledge || reading.kind === 'about' || reading.kind === 'which' || reading.kind === 'payment')
    return null;
  const question = input.question.content;
  const booking = VIEWING.test(question.toLowerCase());
  if (booking && (state.focus || state.page)) return null;
  if (reading.kind === 'search' && (!reading.said || narrowsBeyondKind(reading.said, input.settings, booking)))
    return null;
  const [best] = await findInKnowledge(input.knowledge, question, 1);
  if (!best || best.score < THRESHOLD) return null;
  return reading.kind !== 'search' || holdsSubject(question, best) ? best : null;
}

async function replyTo(input: AnswerInput, state: ConversationState, reading: Reading): Promise<Reply> {
  const { settings } = input;
  const question = input.question.content;
  const q = question.trim().toLowerCase();
  const known = await fromKnowledge(input, state, reading);
  if (known) return { text: knowledgeText(known, question, settings), noAnswer: false };
  if (VIEWING.test(q)) return viewing(settings, reading.kind === 'about' ? reading.listings[0] : state.focus);
  if (reading.kind === 'outside') return outside(settings, reading.topic);
  if (reading.kind === 'payment')
    return answer(
      paymentText(reading.terms, reading.listing, settings),
      reading.listing ? [reading.listing] : [],
      reading.listing ? listingSuggestions(reading.listing, settings) : [],
    );
  if (reading.kind === 'about') return about(reading.listings, question, settings);
  if (reading.kind === 'which') return reading.candidates.length ? which(reading.candidates) : whichUnknown(settings);
  if (reading.kind === 'search') return await searchAnswer(input, reading, state.visited);
  if (/^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings)\b/.test(q))
    return greeting(settings, state.page);
  if (/\b(thanks|thank you|thx|cheers)\b/.test(q))
    return answer("You're welcome! Is there anything else I can help you with?", [], []);
  if (HANDOFF.test(q)) return answer(handoffText(settings), [], []);
  if (ASKS_IF_BOT.test(q)) return answer(botText(settings), [], generalSuggestions(settings));
  if (SMALL_TALK.test(q))
    return answer(
      "I'm doing well, thanks for asking! How can I help with your home search?",
      [],
      generalSuggestions(settings),
    );
  if (/\bprivacy\b|\bpersonal data\b|\bmy data\b/.test(q) && settings.ChatbotPrivacyPolicyUrl)
    return answer(privacyText(settings), [], []);
  if (/\b(what can you do|who are you|what are you|help me|how does this work)\b|^help\b/.test(q))
    return greeting(settings);
  if (/\b(start over|new search|forget (?:that|it|all that)|never ?mind)\b/.test(q))
    return answer("Sure — let's start again. What are you looking for?", [], generalSuggestions(settings));
  return fallback(settings, "I'm not sure about that one.");
}

async function searchAnswer(
  input: AnswerInput,
  reading: Extract<Reading, { kind: 'search' }>,
  visited: readonly string[],
): Promise<Reply> {
  const { settings, catalog } = input;
  const c = reading.criteria;
  if (/\bmls\b/i.test(input.question.content) && !c.cities.length && !c.price && !reading.followUp)
    return fallback(settings, "I couldn't find a listing with that MLS number.");
  const corrections = c.corrections.length
    ? `(I read ${c.corrections.map(([from, to]) => `“${md(from)}” as “${md(to)}”`).join(' and ')}.) `
    : '';
  // "The second cheapest": the ones before it in that order are passed over.
  const rank = c.sort ? (c.rank ?? 0) : 0;
  const from = reading.offset + rank;
  const found = await catalog.search(c, { from, count: Math.min(c.limit ?? MAX_NAMED, MAX_NAMED) });
  const notes = cantTell(found.unknown);
  const intro = `${corrections}${notes ? `${notes} ` : ''}`;
  const { mentioned } = found;
  if (!found.total) {
    const near = c.unknownPlaces.length ? [] : await nearMisses(catalog, c);
    if (near.length)
      return answer(
        `${intro}${nearMissText(c, near, mentioned)}`,
        near.map((n) => n.listing),
        await nearSuggestions(c, catalog, settings, visited),
      );
    return fallback(
      settings,
      `${intro}I couldn't find any ${describe(c, 2, mentioned)} right now. Try widening the search — another area, price or number of rooms.`,
    );
  }
  if (rank >= found.total) {
    const all = await catalog.window(c, 0, MAX_NAMED);
    return answer(
      `${intro}${onlyThese(found.total, all, c, rank, mentioned)}`,
      all,
      await searchSuggestions(c, { total: found.total, from: 0 }, all, catalog, settings, visited),
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
  const prose = `${intro}${summary(found, shown, c, reading.offset, mentioned)}`;
  const suggestions =
    shown.length === 1
      ? listingSuggestions(shown[0]!, settings)
      : await searchSuggestions(c, { total: found.total, from: reading.offset }, shown, catalog, settings, visited);
  return answer(prose, shown, suggestions);
}

function about(listings: Listing[], question: string, s: Settings): Reply {
  if (listings.length === 1) {
    const { text, untold } = aboutOne(listings[0]!, question);
    return answer(text, listings, listingSuggestions(listings[0]!, s), untold);
  }
  return answer(aboutSeveral(listings, question), listings, s.TalkToHumanEmail ? ['Book a viewing'] : []);
}

function which(candidates: Listing[]): Reply {
  const lines = candidates.map((l, i) => `${i + 1}. ${md(addressText(l))}`);
  const ordinals = ['The first one', 'The second one', 'The third one', 'The fourth one', 'The fifth one'];
  return answer(
    `Which home do you mean?\n\n${lines.join('\n')}\n\nSay "the first one", "the second one"… or its address.`,
    [],
    ordinals.slice(0, Math.min(3, candidates.length)),
  );
}

/** "this house" where the page is no listing's and none is in view: a question back, marked for the owner. */
function whichUnknown(s: Settings): Reply {
  return answer(
    "Which home do you mean? I can't tell from this page — tell me its address or MLS number and I'll look it up.",
    [],
    generalSuggestions(s),
    true,
  );
}

function viewing(s: Settings, l: Listing | undefined): Reply {
  const home = l ? ` — mention **${md(addressText(l))}**` : '';
  const text = s.TalkToHumanEmail
    ? `I can't book viewings myself, but the team can: use **Talk to a person** below and leave your name and email${home}, and someone will get back to you to arrange it.`
    : `I can't book viewings from this chat.${l ? ` The listing page has the details: [View the listing](${mdUrl(l.Url)})` : ''}`;
  return answer(text, l ? [l] : [], []);
}

function greeting(s: Settings, page?: Listing): Reply {
  const lines = suggestionLines(s.SuggestedMessage);
  const ideas = lines.length ? `\n\nYou could ask:\n${lines.map((l) => `- ${md(l)}`).join('\n')}` : '';
  const hello = `Hello! I'm ${md(s.Name)}. I can help you find homes for sale or for rent — ask me about an area, a budget, bedrooms, or a listing's MLS number.`;
  // On a listing's page: what can be asked about that home.
  if (page)
    return answer(`${hello} Ask me anything about **${md(addressText(page))}** too.`, [], listingSuggestions(page, s));
  return answer(`${hello}${ideas}`, [], []);
}

/** What the chatbot cannot know: said plainly, a person offered, and marked for the owner's Unanswered page. */
function outside(s: Settings, topic: string): Reply {
  const what = topic === 'that' ? "I can't help with that" : `I can't tell you about ${topic}`;
  const person = s.TalkToHumanEmail
    ? ' Someone from the team may know: use **Talk to a person** and leave your email, and they will get back to you.'
    : '';
  return answer(
    `${what} — I only know ${md(s.Name)}'s homes and what their listings say.${person}`,
    [],
    generalSuggestions(s),
    true,
  );
}

function botText(s: Settings): string {
  const person = s.TalkToHumanEmail
    ? ' If you would rather talk to a person, use **Talk to a person** and someone from the team will get back to you.'
    : '';
  return `I'm ${md(s.Name)}, an automated assistant — not a person. I can help you find homes and answer questions about our listings.${person}`;
}

function handoffText(s: Settings): string {
  return s.TalkToHumanEmail
    ? 'Of course — use **Talk to a person** below and leave your name and email; someone from the team will get back to you.'
    : "I can't put you in touch with a person from this chat, but I'm happy to help with questions about our homes.";
}

const privacyText = (s: Settings) =>
  `You can read our ${md(s.ChatbotPrivacyPolicyName || 'privacy policy')} here: [${md(s.ChatbotPrivacyPolicyName || 'Privacy policy')}](${mdUrl(s.ChatbotPrivacyPolicyUrl)}).`;

function fallback(s: Settings, opening: string): Reply {
  const person = s.TalkToHumanEmail
    ? ' If you like, use **Talk to a person** and someone from the team will help.'
    : '';
  return answer(
    `${opening} I can help with questions about our listings — areas, prices, bedrooms, tours or a specific MLS number.${person}`,
    [],
    generalSuggestions(s),
    true,
  );
}
