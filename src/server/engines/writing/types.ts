/**
 * Every sentence the offline engine writes, in one language: a `Writing` is what an answer is
 * worded with (writing/en.ts, es.ts…). What to say is decided once, in the engine's own modules
 * (answer/summary.ts, answer/reply.ts, search/details.ts…); how it is said — word order, plurals,
 * the gender of a kind of home, numbers, money — is the language's. The owner's texts (a name, a
 * listing's description, a place as the listings write it) are set in as they are, never inflected.
 */
import type { Listing, ListingCard } from '../../../protocol/index.ts';
import type { FileFacts } from '../reading/file-facts.ts';
import type { LanguageCode } from '../languages/types.ts';
import type { Criteria, SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import type { Attribute } from '../search/details.ts';
import type { Miss } from '../search/near.ts';
import type { OutsideTopic } from '../reading/intent.ts';

export type { Attribute, Miss, OutsideTopic };

/** A mortgage estimate worked out (search/payment.ts), to be said. */
export interface PaymentFigures {
  symbol: string;
  monthly: number;
  principal: number;
  /** The price the loan is worked out from, less the down payment (its share when given as one); none when a loan was given. */
  from?: { price: number; down: number; downPct?: number };
  rate: number;
  years: number;
  /** The listing's address (Markdown), when the estimate is for one of the listings. */
  home?: string;
  assumed: { down: boolean; rate: boolean; years: boolean };
  /** The listing's monthly HOA fee, when the estimate is for one that has one. */
  hoa?: number;
  person: boolean;
}

/** A search as an answer names it: its criteria, and the features the listings were searched for. */
export interface Search {
  c: Criteria;
  mentioned: Feature[];
}

export interface Writing {
  readonly language: LanguageCode;

  /** What comes between two sentences: a space; none in Chinese, whose full stop is its own width. */
  readonly space: string;

  // Figures.
  /** A count or measure: "1,850", "2.5". */
  number(n: number): string;
  /** "$489,000". */
  money(amount: number, symbol: string): string;
  /** "1 bedroom", "2 bathrooms" — `noun` is the English noun, the language's own word chosen for it. */
  count(n: number, noun: 'bedroom' | 'bathroom' | 'parking spot' | 'day' | 'home'): string;
  /** "$489,000", "$2,100/month", "price on request". */
  priceText(l: ListingCard): string;
  /** "1,850 sq ft", "120 m²". */
  areaText(l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>): string;
  /** "single-family home", "condo". */
  kindText(l: Pick<Listing, 'PropertyType'>): string;
  /** "3 bedrooms and 2.5 bathrooms", "a studio with 1 bathroom". */
  roomsText(l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>): string;

  // A search's matches.
  /** "homes for sale in Austin with 3 bedrooms under $500,000, other than condos" — `count` chooses singular or plural. */
  describe(c: Criteria, count: number, mentioned: Feature[]): string;
  /** "I found 12 homes: 9 for sale from $310,000 to $880,000 and 3 for rent from …" (`ranges`: false leaves the prices out). */
  found(total: number, q: Search, spread: Partial<Record<SaleType, Spread>>, ranges: boolean): string;
  /** One listing in a sentence, its link and price bold. */
  inBrief(l: Listing): string;
  /** A listing's HOA dues, added to its brief when the order is by them. */
  hoaNote(l: Listing): string;
  /** "It is {brief}." */
  itIs(brief: string): string;
  /** "The cheapest is …" (`sort` undefined: the default order, cheapest first). */
  first(sort: SortKey | undefined, brief: string): string;
  /** "The cheapest condo in Denver is …", "The second cheapest …", "The best match …" (no order). */
  best(sort: SortKey | undefined, rank: number, q: Search, brief: string): string;
  /** "The cheapest home for sale is …; the cheapest rental is …". */
  bestOfEach(sort: SortKey, rank: number, sale: string, rent: string): string;
  /** " Here are the 5 lowest-priced." — which of the matches the cards show. */
  whichShown(shown: number, sort: SortKey | undefined, mixed: boolean): string;
  /** "The 3 cheapest homes in Austin after the first 2, out of 12:" */
  topN(shown: number, sort: SortKey, q: Search, rank: number, total: number): string;
  /** "From the third cheapest on:" */
  fromNth(rank: number, sort: SortKey): string;
  /** "Here are 5 more — 6 to 10 of the 23 …" */
  more(shown: number, offset: number, total: number, q: Search): string;
  /** "That's all of them: I've shown all 23 …" */
  allShown(total: number, q: Search): string;
  /** "There are only 4 …, so there is no fifth cheapest. Here they are, the cheapest first." (`one`: the brief of the only one). */
  onlyThese(n: number, q: Search, rank: number, sort: SortKey, one: string | undefined): string;
  /** What the listings' details cannot tell: said, never dropped. */
  cantTell(unknown: Feature[]): string;
  /** "(I read “Austn” as “Austin”.) " */
  corrections(pairs: [string, string][]): string;
  /** "I'm not sure what you mean by “Dalas”: did you mean “Dallas” or “Dalles”?" — asked, not guessed. */
  didYouMean(word: string, options: string[]): string;
  /** What a near miss misses the search by: "$612,000 — 2% over the budget". */
  miss(m: Miss): string;
  /** Nothing matches, near misses follow: "I couldn't find any … — no exact match. These 3 come close:" and the lines. */
  nearMisses(q: Search, lines: { link: string; misses: Miss[] }[]): string;
  /** Nothing matches and nothing comes close. */
  noneFound(q: Search): string;
  /** A question that names an MLS number the chatbot has no listing of. */
  noSuchMls(): string;

  // About listings in view.
  /** What is said of one listing after its link: "{link}: {text}", French's "{link} : {text}"; Arabic opens with a word of its own, so the bubble reads right to left. */
  about(link: string, text: string): string;
  /** One sentence answering `a` of `l`. */
  fact(l: Listing, a: Attribute): string;
  /** What the listing's own words say of a feature: its sentences quoted, or that it mentions it, or not. */
  featureFact(quoted: string | undefined, mentioned: boolean, phrase: string): string;
  /** An owner's extension column, quoted: "Pets, as the listing puts it: **“Cats only”**." */
  extensionFact(key: string, value: string): string;
  /** Several listings side by side: a table's heading row names and the words before it. */
  comparison(table: string): string;
  compareRows: { price: string; bedrooms: string; bathrooms: string; area: string; built: string; parking: string };
  studio: string;
  /** Everything about one listing but its photo, as a paragraph (the description and the link are added after it). */
  listingDetails(l: Listing, link: string): string;
  /** A listing's description after its details (Markdown-escaped): as it is in English, set apart as the owner's words in another language. */
  description(text: string): string;
  /** "[View the listing](url)" — the link's words. */
  viewListing: string;

  // A payment.
  /** A rental asked for its mortgage: there is none. */
  paymentForRental(home: string, rent: string): string;
  paymentNoPrice(home: string): string;
  paymentWhichPrice(): string;
  /** The estimate, how it was worked out, what was assumed and what it leaves out. */
  payment(f: PaymentFigures): string;

  // The rest of a conversation.
  greeting(name: string, ideas: string[], page: string | undefined): string;
  welcome(): string;
  smallTalk(): string;
  startOver(): string;
  notSure(): string;
  /** What the engine can help with, after an answer it could not give — and a person, when the owner has one. */
  fallback(opening: string, person: boolean): string;
  outside(topic: OutsideTopic, name: string, person: boolean): string;
  bot(name: string, person: boolean): string;
  /** A person asked for: `live`, an agent present was told; else, with `person`, the form opens below this. */
  handoff(person: boolean, live: boolean): string;
  privacy(name: string | undefined, url: string): string;
  /** A viewing asked for, which the team arranges: as `handoff`, about `home` when the question names one. */
  viewing(person: boolean, home: string | undefined, url: string | undefined, live: boolean): string;
  /** "Which home do you mean?" with the candidates numbered. */
  which(lines: string[]): string;
  whichUnknown(): string;
  /** A passage of the owner's knowledge quoted: "From {title}:". */
  fromSource(title: string): string;
  /** What was received with a file, and what the engine can do with its kind. */
  received(what: string | undefined): string;
  mediaOffer(kind: 'Image' | 'Audio' | 'Video', person: boolean): string;
  /** "a PNG image, 1,200 × 800 pixels" — one attached file's facts (null: its bytes could not be read). */
  fileFacts(f: FileFacts | null, kind: 'Image' | 'Audio' | 'Video'): string;
  /** "your image: …", "your 2 images: …". */
  files(kind: 'Image' | 'Audio' | 'Video', described: string[]): string;

  // A model engine's own words around its answer (engines/model/).
  /** A model's answer cut short by failed lookups. */
  unfinished(): string;
  /** "**Correction:**" and one fact a model wrote wrongly, as the listing has it. */
  correction: {
    label: string;
    fact(field: 'price' | 'bedrooms' | 'bathrooms' | 'MLS number' | 'address', actual: string, wrote: string): string;
  };

  // Suggestions: sent as the visitor's own message when chosen, so each is one the reading reads back.
  chips: {
    threeBedrooms: string;
    under(price: string, rent: boolean): string;
    more: string;
    aboutFirst: string;
    rentalsInstead: string;
    saleInstead: string;
    place(city: string): string;
    underAsk(price: string, rent: boolean): string;
    bedrooms(n: number): string;
    viewing: string;
    similar: string;
    cheaper: string;
    bigger: string;
    person: string;
    forSale: string;
    forRent: string;
    ordinals: string[];
  };
}
