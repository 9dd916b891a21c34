/**
 * Whether a question asks the agency about itself — its services, how working with it goes —
 * rather than for its listings, though it may name a kind of home: "what do I need to rent an
 * apartment through you?" is about renting with the agency, "it's my first time buying, can you
 * guys help?" about its help to first-time buyers, "do you do property management?" about a service
 * (one the knowledge may never mention: then the honest answer is "I don't know — here is a
 * person", not a search). Read on the question as the engines read it (English: readable.ts).
 * Each pattern is bounded: linear in the question's length.
 */

/** The agency as the one the visitor would work with: "through you", "with your agency", "you guys". */
const ADDRESSED =
  /\b(?:through|with|from|by) (?:you|y'?all|your (?:agency|company|team|office|firm|agents?))\b(?! (?:have|got|show|list)\b)|\byou guys\b/;

/** Help asked for oneself, not a search ("can you help me find …" is one). */
const HELP =
  /\b(?:can|could|will|would) (?:you|y'?all)(?: guys| all)? (?:help|assist)\b(?! (?:me |us )?(?:to )?(?:find|look|search|locate|get|pick|choose)\b)/;

/** How working with the agency goes: a process, not homes. */
const PROCESS =
  /\b(?:where (?:do|should|can) (?:i|we) (?:even )?(?:start|begin)|(?:my|our|the) first time|first[- ]time (?:buyer|buying|renter|renting|home ?buyer)s?|never (?:bought|purchased|owned|rented)|what (?:do|would|will) (?:i|we) need|what should (?:i|we) (?:bring|know|prepare)|how long does it (?:usually |normally )?take|how much notice|should (?:i|we) (?:talk|speak) to|what happens (?:if|when|after))\b/;

/** A service asked of the agency: "do you do property management?", "do you rent out vacation homes?". */
const SERVICE =
  /^(?:do|does|can|could|will|would) (?:you|y'?all|your (?:agency|company|team|office|agents?))(?: guys| all)? (?:do|offer|provide|handle|manage|build|rent out|lease out|charge|take|accept|work with|help with|deal with|buy|appraise|value|insure)\b/;

export function asksTheBusiness(question: string): boolean {
  const q = question.trim().toLowerCase().replace(/’/g, "'");
  return ADDRESSED.test(q) || HELP.test(q) || PROCESS.test(q) || SERVICE.test(q);
}

/**
 * A request to be told later ("email me when a 3 bed in Austin comes on the market", "let me know
 * when …", "notify me if …"): the chat shows what there is now, but cannot promise to write later —
 * the owner hears of it (Unanswered) until alerts exist.
 */
const TOLD_LATER =
  /\b(?:(?:e-?mail|text|message|notify|alert|tell|ping|call) me|let me know|keep me (?:posted|updated|informed))\b[^.?!]{0,80}?\b(?:when|if|once|as soon as)\b/;

export function asksToBeToldLater(question: string): boolean {
  return TOLD_LATER.test(question.trim().toLowerCase());
}
