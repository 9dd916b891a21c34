/**
 * The owner's knowledge as the engines search it: a question's words (stemmed, with the words
 * visitors use for the same thing: words.ts) find candidate passages in the database (full-text
 * search and trigram likeness: store/knowledge.ts), and each candidate is scored by how much of the
 * question it holds (scoreOf): a word in its heading (a FAQ's question or other phrasings, a
 * page's headings) counts more than in its body, the word itself more than another of its group,
 * a weak word ("home", "need") less. With an embedding model the database also finds passages
 * near the question by meaning; one at least as similar as the model's bar (LLM_EMBEDDING_MIN_SIMILARITY)
 * scores at least THRESHOLD, however few of the question's words it holds (relevance).
 * At THRESHOLD or above the offline engine answers from it; below, it says it does not know.
 * Linear in the lengths of the question and the candidates.
 */
import { stemmer } from 'stemmer';
import { SEARCH_WORDS, STOP_WORDS, SYNONYMS, WEAK_WEIGHT, WEAK_WORDS } from './words.ts';

/** A passage the database found, with its source. */
export interface Candidate {
  sourceId: number;
  kind: 'faq' | 'text';
  title: string;
  /** The source's address, or the passage's own ("" for none). */
  url: string;
  heading: string;
  aliases: string;
  body: string;
  /** Its cosine similarity to the question, where the vector ranking found it. */
  similarity?: number;
}

export interface Hit extends Candidate {
  /** How well it answers the question, 0 to 1: the larger of its words' score and its similarity's (relevance). */
  score: number;
  /** How much of the question's words it holds, 0 to 1 (scoreOf). */
  words: number;
}

/**
 * English words related by meaning (languages/wordnet.ts, given by the app's lexicon): what brings a
 * visitor's words and the owner's together when they share none ("dog" and "pets": both animals).
 */
export interface Meanings {
  related(word: string): ReadonlySet<string>;
  /** How many senses a word has (as a noun, a verb, or in all): a word of many ("get", "bring") says little of what is asked. */
  senses(word: string, pos?: 'noun' | 'verb' | 'adj'): number;
}

/** What the engines ask of the owner's knowledge. */
export interface KnowledgeBase {
  /** Passages holding any of `words` (each as written, to be stemmed by the database), or like `question` in their heading. */
  candidates(query: { words: string[]; question: string }, limit: number): Promise<Candidate[]>;
  /** Whether it holds any passage at all (a model is offered search_knowledge only then). */
  any(): Promise<boolean>;
  /**
   * Every FAQ entry, when the knowledge holds at most `limit` of them (an agency's FAQ is short): each
   * is weighed against the question by meaning too, though it shares no word the database can find.
   */
  faqs?(limit: number): Promise<Candidate[]>;
  /** The similarity at which a passage found by meaning answers the question (LLM_EMBEDDING_MIN_SIMILARITY); none without vectors. */
  similarityBar?: number | undefined;
}

/** The offline engine answers from a passage scoring at least this. */
export const THRESHOLD = 0.5;
const HEADING_OVER_BODY = 0.75;
const SYNONYM_OVER_WORD = 0.8;
/** A word found only through one related by meaning (a synonym, a broader kind, its family: Meanings). */
const RELATED_OVER_WORD = 0.7;
/** A word of at least this many senses is weak (WEAK_WEIGHT): "bring" 11, "get" 36, "keep" 22. */
const VAGUE_SENSES = 10;
/** FAQ entries weighed by meaning at most (Meanings; KnowledgeBase.faqs). */
const FAQS_BY_MEANING = 200;
/** Candidates read from the database per question. */
const CANDIDATES = 30;

const stem = (word: string) => stemmer(word.toLowerCase().replace(/'s$/, ''));
const STOPS: ReadonlySet<string> = new Set(STOP_WORDS);
const WEAK: ReadonlySet<string> = new Set(WEAK_WORDS.map(stem));
const SEARCHING: ReadonlySet<string> = new Set(SEARCH_WORDS.map(stem));
/** Each stem's groups of words, as written (of every group it is in): what the database is asked for beside it. */
const GROUP_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  [...new Set(SYNONYMS.flat().map(stem))].map((s) => [s, SYNONYMS.filter((g) => g.some((w) => stem(w) === s)).flat()]),
);
/** Each stem's group: the stems of every word it stands for. */
const GROUPS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...GROUP_WORDS].map(([s, words]) => [s, new Set(words.map(stem))]),
);

/** A text's words, lower case: letters and digits, apostrophes inside. */
const wordsIn = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];

export interface QuestionTerm {
  /** The word as written. */
  word: string;
  /** Its stem and those of the words it stands for. */
  stems: ReadonlySet<string>;
  /** The stems of the single words related to it by meaning (Meanings; none without). */
  related: ReadonlySet<string>;
  weight: number;
}

const NONE: ReadonlySet<string> = new Set();

/** The stems of the single words related to `word` by meaning. */
const relatedStems = (word: string, meanings: Meanings | undefined): ReadonlySet<string> =>
  meanings ? new Set([...meanings.related(word)].filter((w) => !w.includes(' ')).map(stem)) : NONE;

/** What a question asks, word by word: each word that carries a subject once, with its group and weight. */
export function questionTerms(question: string, meanings?: Meanings): QuestionTerm[] {
  const out = new Map<string, QuestionTerm>();
  for (const raw of wordsIn(question.replace(/’/g, "'"))) {
    if (STOPS.has(raw) || raw.length < 2) continue;
    const s = stem(raw);
    if (out.has(s)) continue;
    // A verb of many senses and nothing else ("bring", "take") asks nothing of its own: "can I bring my
    // dog?" is about the dog — unless visitors use it for a subject (SYNONYMS: "apply").
    const weak =
      WEAK.has(s) ||
      (meanings !== undefined &&
        !GROUPS.has(s) &&
        meanings.senses(raw, 'verb') >= VAGUE_SENSES &&
        !meanings.senses(raw, 'noun') &&
        !meanings.senses(raw, 'adj'));
    out.set(s, {
      word: raw,
      stems: GROUPS.get(s) ?? new Set([s]),
      related: weak ? NONE : relatedStems(raw, meanings),
      weight: weak ? WEAK_WEIGHT : 1,
    });
  }
  return [...out.values()];
}

const stemsOf = (text: string) => new Set(wordsIn(text).map(stem));

/**
 * A heading's words that say something (short: a FAQ's question, a page's heading) — not a vague
 * one ("making", "get": VAGUE_SENSES), whose relations reach too far — by their stems, and the stems
 * related to them by meaning.
 */
function headingMeaning(heading: string, meanings: Meanings | undefined) {
  const precise = new Set<string>();
  const related = new Set<string>();
  if (!meanings) return { precise, related };
  for (const w of wordsIn(heading))
    if (!STOPS.has(w) && !WEAK.has(stem(w)) && meanings.senses(w) < VAGUE_SENSES) {
      precise.add(stem(w));
      for (const s of relatedStems(w, meanings)) related.add(s);
    }
  return { precise, related };
}

/**
 * How much of the question `terms` a passage holds, 0 to 1: each word found counts its weight — in
 * full in the heading, HEADING_OVER_BODY of it in the body, SYNONYM_OVER_WORD of that where the
 * passage holds only another word of its group. A weak word adds what it found to both sides of
 * the ratio, so it can only raise it ("how long does it take to close?" is about closing).
 */
export function scoreOf(
  terms: readonly QuestionTerm[],
  c: Pick<Candidate, 'heading' | 'aliases' | 'body'>,
  meanings?: Meanings,
): number {
  const heading = stemsOf(`${c.heading} ${c.aliases}`);
  const body = stemsOf(c.body);
  // The heading's words by meaning: a question's word related to one, or one related to it ("lease" and "contract").
  const near = headingMeaning(`${c.heading} ${c.aliases}`, meanings);
  let got = 0;
  let total = 0;
  let strong = false;
  for (const t of terms) {
    const own = stem(t.word);
    // Related words count in the heading only: a body's many words would meet some of a word's many relations.
    const found = (set: ReadonlySet<string>, related: boolean) =>
      set.has(own)
        ? 1
        : [...t.stems].some((s) => set.has(s))
          ? SYNONYM_OVER_WORD
          : related && [...t.related].some((s) => near.precise.has(s))
            ? RELATED_OVER_WORD
            : 0;
    const meant = t.weight === 1 && near.related.has(own) ? RELATED_OVER_WORD : 0;
    const credit = Math.max(found(heading, true), meant, found(body, false) * HEADING_OVER_BODY);
    if (credit && t.weight === 1) strong = true;
    got += t.weight * credit;
    total += t.weight === 1 ? 1 : t.weight * credit;
  }
  // A passage that holds only the question's weak words ("home", "need") answers nothing of it.
  return strong && total ? Math.round((got / total) * 1000) / 1000 : 0;
}

/**
 * Whether `hit` holds a word of `question` that names a subject other than a search of the
 * listings ("pets", "documents", "fees" — not "rentals", "homes"): what makes a question that
 * reads as a search ("are pets allowed in your rentals?") one about the business.
 */
export function holdsSubject(question: string, hit: Pick<Candidate, 'heading' | 'aliases' | 'body'>): boolean {
  const held = stemsOf(`${hit.heading} ${hit.aliases} ${hit.body}`);
  return questionTerms(question).some(
    (t) => t.weight === 1 && !SEARCHING.has(stem(t.word)) && [...t.stems].some((s) => held.has(s)),
  );
}

/**
 * A candidate's score: its words' score, or — where it is at least `bar` similar to the question —
 * its similarity mapped from [bar, 1] onto [THRESHOLD, 1], whichever is larger. A passage at the
 * model's bar counts as one at the words' bar; below the bar similarity adds nothing.
 */
export function relevance(words: number, similarity: number | undefined, bar: number | undefined): number {
  if (similarity === undefined || bar === undefined || similarity < bar) return words;
  const meant = bar >= 1 ? 1 : THRESHOLD + ((Math.min(similarity, 1) - bar) / (1 - bar)) * (1 - THRESHOLD);
  return Math.max(words, Math.round(meant * 1000) / 1000);
}

/** The passages that answer `question` best, best first, each scored; none when the knowledge is empty or nothing fits. */
export async function findInKnowledge(
  kb: KnowledgeBase,
  question: string,
  limit = 5,
  meanings?: Meanings,
): Promise<Hit[]> {
  const terms = questionTerms(question, meanings);
  if (!terms.length) return [];
  // The question's words and every word of the groups their stems are in, worked out once at load;
  // then the words related to them by meaning.
  const words = [
    ...new Set([
      ...terms.flatMap((t) => [t.word, ...[...t.stems].flatMap((s) => GROUP_WORDS.get(s) ?? [])]),
      ...terms.flatMap((t) => (meanings && t.weight === 1 ? [...meanings.related(t.word)] : [])),
    ]),
  ].filter((w) => !w.includes(' '));
  const [found, faqs] = await Promise.all([
    kb.candidates({ words, question }, CANDIDATES),
    meanings && kb.faqs ? kb.faqs(FAQS_BY_MEANING) : [],
  ]);
  const seen = new Set(found.map((c) => `${c.sourceId}\u0000${c.heading}`));
  const all = [...found, ...faqs.filter((c) => !seen.has(`${c.sourceId}\u0000${c.heading}`))];
  return (
    all
      .map((c) => {
        const words = scoreOf(terms, c, meanings);
        return { ...c, words, score: relevance(words, c.similarity, kb.similarityBar) };
      })
      .filter((h) => h.score > 0)
      // Equal scores keep the database's order: its rank weighs how often the passage says each word.
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
  );
}
