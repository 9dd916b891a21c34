/**
 * What a question asks before anything searches: something the chatbot cannot know (the weather,
 * taxes, lenders, school ratings, the law, crime, the news), small talk, or a question about the
 * assistant itself. Only a search searches; the rest get a short honest reply — and what the
 * chatbot could not answer is marked `noAnswer`, so the owner sees it in Unanswered. Each pattern
 * is bounded: reading is linear in the question's length.
 */
/** What the chatbot cannot know, as an answer names it. */
export type OutsideTopic =
  | 'the weather'
  | 'taxes'
  | 'lenders and loans'
  | 'school ratings'
  | 'the law'
  | 'insurance'
  | 'crime and safety'
  | 'that';

/** Words that make a question a search of the listings ("homes", "condos"…); "property tax" and "home insurance" are not. */
const SEARCHED =
  /\b(?:homes?(?! insurance)|houses?|condos?|apartments?|townhouses?|townhomes?|rentals?|listings?|propert(?:y|ies)(?! tax)|studios?|duplex(?:es)?|lofts?)\b/;

/** What the chatbot cannot know, and how the answer names it. */
const OUTSIDE: [RegExp, OutsideTopic][] = [
  [/\b(?:weather|climate|forecast|rainfall|snowfall)\b/, 'the weather'],
  [/\b(?:property tax(?:es)?|tax(?:es)?|tax rates?)\b/, 'taxes'],
  [
    /\b(?:lenders?|mortgage (?:brokers?|compan(?:y|ies)|banks?|advisers?|advisors?)|pre-?approv\w*|credit scores?)\b/,
    'lenders and loans',
  ],
  [
    /\bschool (?:district|ratings?|rankings?|scores?)\b|\b(?:best|top|highest|worst)[- ](?:rated |ranked )?schools?\b|\bschools?\b[^.?!]{0,30}\b(?:rated|ranked|ratings?|rankings?)\b/,
    'school ratings',
  ],
  [/\b(?:legal(?:ly)?|illegal|(?<!in-)laws?|lawyers?|attorneys?|evict\w*|sue|break (?:a|my|the) lease)\b/, 'the law'],
  [/\b(?:insurance|insurers?)\b/, 'insurance'],
  [/\b(?:crime|crimes|criminal|how safe|safety (?:rating|statistics))\b/, 'crime and safety'],
  [/\b(?:who won|the game|sports?|news|elections?|stock market|bitcoin)\b/, 'that'],
];

/** What a question asks about that the chatbot cannot know, or null: only where it is not a search of homes. */
export function outsideTopic(t: string): OutsideTopic | null {
  if (SEARCHED.test(t)) return null;
  return OUTSIDE.find(([pattern]) => pattern.test(t))?.[1] ?? null;
}

/** "Are you a bot?", "am I talking to a real person?". */
export const ASKS_IF_BOT =
  /\b(?:are you|r u|is this|am i (?:talking|chatting|speaking) (?:to|with))\b[^.?!]{0,30}\b(?:bot|robot|ai|a\.i\.|human|real|person|machine|computer|automated)\b/;
/** "How are you?", "how's your day going?". */
export const SMALL_TALK =
  /\bhow(?:'s| is| are)? (?:are )?(?:you|your day|it going|things)\b|\bwhat'?s up\b|\bnice to meet you\b/;
