/**
 * The built-in engine: answers from the chatbot's listings and settings, no model server needed.
 * It finds the listings a question is about, names each match in Markdown followed by their cards
 * (protocol/cards.ts), and streams the answer word by word. Anything it cannot answer gets
 * `noAnswer` and an offer of a person.
 */
import { cardsBlock, suggestionLines, type Listing, type Settings } from '../../protocol/index.ts';
import { describeFile } from '../files/facts.ts';
import { estimateTokens, type AnswerEngine, type AnswerInput, type AnswerMeta, type AttachedFile } from './index.ts';
import { listingDetails, listingLine, md, mdUrl, money } from './format.ts';
import { matching } from './match.ts';
import { parseQuestion, type Criteria } from './query.ts';

/** How many matches one answer names. */
export const MAX_NAMED = 5;

export interface OfflineOptions {
  /** A pause between words, to look like a model typing (0 in tests and benchmarks). */
  wordDelayMs?: number;
}

export function createOfflineEngine(options: OfflineOptions = {}): AnswerEngine {
  return {
    async *answer(input, signal): AsyncGenerator<string, AnswerMeta, undefined> {
      const { text, noAnswer } = compose(input, await describeFiles(input.question.files));
      // Words with the space after them: the fragments join back to exactly `text`.
      for (const word of text.split(/(?<=\s)(?=\S)/)) {
        if (signal.aborted) break;
        if (options.wordDelayMs) await new Promise((r) => setTimeout(r, options.wordDelayMs));
        else await new Promise((r) => setImmediate(r));
        if (signal.aborted) break;
        yield word;
      }
      return { noAnswer, totalTokens: estimateTokens(input.question.content, text) };
    },
  };
}

/** "your image: a PNG image, 1,200 × 800 pixels" — what the attached files are, in words. */
export async function describeFiles(files: AttachedFile[]): Promise<string> {
  if (!files.length) return '';
  const each = await Promise.all(files.map(describeFile));
  const noun = { Image: 'image', Audio: 'recording', Video: 'video' }[files[0]!.kind];
  return files.length === 1 ? `your ${noun}: ${each[0]}` : `your ${files.length} ${noun}s: ${each.join('; ')}`;
}

/** What the engine cannot do with a kind of file, and what it offers instead. */
const MEDIA_OFFER: Record<string, string> = {
  Image: "I can't see what is in pictures myself, but I can help you find a home like it — tell me the area, budget or number of bedrooms you have in mind.",
  Audio: "I can't listen to recordings myself, so please type your question — for example the area, budget or number of bedrooms you are looking for.",
  Video: "I can't watch videos myself, but I can help with our listings — tell me the area, budget or number of bedrooms you have in mind.",
};

/** The answer: to the text, after what the engine can know of any attached files (`media`, from describeFiles). */
export function compose(input: AnswerInput, media = ''): { text: string; noAnswer: boolean } {
  const { askType } = input.question;
  if (askType === 'Text') return composeText(input);
  const received = `Thank you — I received ${media || 'your file'}.`;
  if (!input.question.content.trim()) {
    const person = input.settings.TalkToHumanEmail ? ' Or use **Talk to a person** and someone from the team will take a look.' : '';
    return { text: `${received} ${MEDIA_OFFER[askType] ?? ''}${person}`, noAnswer: false };
  }
  const answer = composeText(input);
  return { text: `${received}\n\n${answer.text}`, noAnswer: answer.noAnswer };
}

function composeText(input: AnswerInput): { text: string; noAnswer: boolean } {
  const { settings } = input;
  const q = input.question.content.trim().toLowerCase();
  const criteria = parseQuestion(input.question.content, input.listings, input.now);
  if (criteria.aboutListings) return aboutListings(input.listings, criteria, settings, input.question.content);
  if (/^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings)\b/.test(q)) return { text: greeting(settings), noAnswer: false };
  if (/\b(thanks|thank you|thx|cheers)\b/.test(q)) return { text: "You're welcome! Is there anything else I can help you with?", noAnswer: false };
  if (/\b(talk|speak|chat) (to|with) (a |an )?(person|human|agent|someone|realtor)|\bcontact\b|\bcall me\b/.test(q)) return { text: handoffText(settings), noAnswer: false };
  if (/\bprivacy\b|\bpersonal data\b|\bmy data\b/.test(q) && settings.ChatbotPrivacyPolicyUrl)
    return { text: privacyText(settings), noAnswer: false };
  if (/\b(what can you do|who are you|what are you|help me|how does this work)\b|^help\b/.test(q)) return { text: greeting(settings), noAnswer: false };
  return fallback(settings, "I'm not sure about that one.");
}

function aboutListings(listings: Listing[], c: Criteria, settings: Settings, question: string): { text: string; noAnswer: boolean } {
  if (/\bmls\b/i.test(question) && !c.named.length && !c.cities.length && !c.price)
    return fallback(settings, "I couldn't find a listing with that MLS number.");
  const found = matching(listings, c);
  if (c.named.length === 1) return { text: `${listingDetails(found[0]!)}\n\n${cardsBlock([found[0]!])}`, noAnswer: false };
  if (found.length === 0) return fallback(settings, `I couldn't find any ${describe(c)} right now. Try widening the search — another area, price or number of rooms.`);
  const shown = found.slice(0, MAX_NAMED);
  const head =
    found.length === 1
      ? `I found 1 ${describe(c, 1)}:`
      : found.length <= MAX_NAMED
        ? `I found ${found.length} ${describe(c, found.length)}:`
        : `I found ${found.length} ${describe(c, found.length)}. Here are the ${MAX_NAMED} ${new Set(found.map((l) => l.SaleType)).size > 1 ? 'first — homes for sale before rentals, lowest price first' : 'lowest-priced'}:`;
  const more = found.length > MAX_NAMED ? '\n\nTell me more about what you need — area, budget, bedrooms — and I can narrow it down.' : '';
  return { text: `${head}\n\n${shown.map(listingLine).join('\n')}\n\n${cardsBlock(shown)}${more}`, noAnswer: false };
}

/** "homes for sale in Austin with 3 bedrooms under $500,000" — the criteria in words. */
export function describe(c: Criteria, count = 2): string {
  // "Single Family" names a kind of home, not a dwelling: "single family homes", never "single families".
  const types = c.propertyTypes.length ? c.propertyTypes.map((t) => t.toLowerCase().replace(/\bfamily$/, 'family home')).join(' or ') : 'home';
  const noun = count === 1 ? types : /s$/.test(types) ? types : types.replace(/(\w+)$/, (w) => (/y$/.test(w) && !/[aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`));
  const parts = [noun];
  if (c.statuses.length === 1 && c.statuses[0] !== 'Active') parts.unshift(c.statuses[0] === 'Sold' ? 'sold' : 'coming-soon');
  if (c.saleType) parts.push(c.saleType === 'for_rent' ? 'for rent' : 'for sale');
  const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
  if (places.length) parts.push(`in ${places.join(' or ')}`);
  const features: string[] = [];
  const rooms = (r: { min?: number; max?: number }, word: string) => {
    const count = (n = 0) => `${n} ${word}${n === 1 ? '' : 's'}`;
    if (r.min !== undefined && r.max !== undefined) return r.min === r.max ? count(r.min) : `${r.min} to ${count(r.max)}`;
    return r.min !== undefined ? `at least ${count(r.min)}` : `at most ${count(r.max)}`;
  };
  if (c.bedrooms) features.push(c.bedrooms.max === 0 ? 'no separate bedroom' : rooms(c.bedrooms, 'bedroom'));
  if (c.bathrooms) features.push(rooms(c.bathrooms, 'bathroom'));
  if (c.minParking) features.push(c.minParking === 1 ? 'parking' : `at least ${c.minParking} parking spots`);
  if (c.tours.length || c.anyTour) features.push(c.tours.includes('3D') ? 'a 3D tour' : c.tours.includes('OpenHouse') ? 'an open house' : 'a tour');
  if (features.length) parts.push(`with ${features.join(' and ')}`);
  const $ = (n: number) => money(n, '$');
  if (c.price) parts.push(c.price.min !== undefined && c.price.max !== undefined ? `between ${$(c.price.min)} and ${$(c.price.max)}` : c.price.max !== undefined ? `under ${$(c.price.max)}` : `over ${$(c.price.min!)}`);
  if (c.area?.min) parts.push(`of at least ${Math.round(c.area.min).toLocaleString('en-US')} sq ft`);
  if (c.area?.max) parts.push(`of at most ${Math.round(c.area.max).toLocaleString('en-US')} sq ft`);
  if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(`built in ${c.yearBuilt.min}`);
  else if (c.yearBuilt?.min) parts.push(`built in ${c.yearBuilt.min} or later`);
  else if (c.yearBuilt?.max) parts.push(`built in ${c.yearBuilt.max} or earlier`);
  return parts.join(' ');
}

function greeting(s: Settings): string {
  const lines = suggestionLines(s.SuggestedMessage);
  const ideas = lines.length ? `\n\nYou could ask:\n${lines.map((l) => `- ${md(l)}`).join('\n')}` : '';
  return `Hello! I'm ${md(s.Name)}. I can help you find homes for sale or for rent — ask me about an area, a budget, bedrooms, or a listing's MLS number.${ideas}`;
}

function handoffText(s: Settings): string {
  return s.TalkToHumanEmail
    ? 'Of course — use **Talk to a person** below and leave your name and email; someone from the team will get back to you.'
    : "I can't put you in touch with a person from this chat, but I'm happy to help with questions about our homes.";
}

const privacyText = (s: Settings) =>
  `You can read our ${md(s.ChatbotPrivacyPolicyName || 'privacy policy')} here: [${md(s.ChatbotPrivacyPolicyName || 'Privacy policy')}](${mdUrl(s.ChatbotPrivacyPolicyUrl)}).`;

function fallback(s: Settings, opening: string): { text: string; noAnswer: boolean } {
  const person = s.TalkToHumanEmail ? ' If you like, use **Talk to a person** and someone from the team will help.' : '';
  return { text: `${opening} I can help with questions about our listings — areas, prices, bedrooms, tours or a specific MLS number.${person}`, noAnswer: true };
}

