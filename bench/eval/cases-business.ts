/**
 * Questions about the business (issue 42): what a visitor asks an agency besides its homes — fees,
 * hours, the areas it serves, viewings, first-time buyers, renting, the agency itself. The chatbot
 * holds the demo's listings and the demo agency's knowledge (src/server/demo/faq.ts: its FAQ
 * and its three pages). Written before any engine read that knowledge, and phrased as visitors
 * would, unlike the FAQ's own questions; a right answer quotes the source that holds the fact and
 * names it. The questions the knowledge does not answer (a referral program, commercial property,
 * the office's wifi) must get the honest reply: no sources, `noAnswer`, so the owner sees them in
 * Unanswered — a question that shares words with the knowledge ("office", "moving") included.
 */
import { forSale, inCity, list, onMarket } from './predicates.ts';
import type { EvalCase, Expectation } from './types.ts';

const FEES = 'What are your fees?';
const HOURS = 'What are your office hours?';
const AREAS = 'What areas do you serve?';
const VIEWINGS = 'How do viewings work?';
const FIRST_TIME = 'Do you help first-time buyers?';
const RENT_NEEDS = 'What do I need to rent a home?';
const ABOUT = 'About us';
const BUYING = 'Buying with us';
const RENTING = 'Renting with us';

const knows = (source: string, says: RegExp): Expectation => ({ kind: 'knowledge', source, says });
const unknown: Expectation = { kind: 'no-search', noAnswer: true, says: /\b(?:person|agent|someone|team)\b/i };

const answered: [string, string, string, RegExp][] = [
  ['fees-sell', 'how much does it cost to sell my house with you?', FEES, /2\.5 ?%/],
  ['fees-buyer', "is there a commission if I'm the one buying?", FEES, /costs you nothing|paid by the seller/i],
  ['fees-landlord', 'what do you charge landlords?', FEES, /one month's rent/i],
  ['hours-open', 'when is your office open?', HOURS, /Monday to Friday/i],
  ['hours-sunday', 'are you guys open on sundays?', HOURS, /closed on Sundays/i],
  ['hours-saturday', 'can I come by on a saturday?', HOURS, /Saturday, 10 am/i],
  ['areas-cities', 'which cities are you in?', AREAS, /Raleigh/],
  ['areas-where', 'where do you operate?', AREAS, /Austin/],
  ['viewing-see', 'how can I arrange to see a place?', VIEWINGS, /confirm a time/i],
  ['viewing-tour', 'can I book a tour of a home?', VIEWINGS, /seven days a week/i],
  ['viewing-id', 'what should I bring to a showing?', VIEWINGS, /photo ID/i],
  ['first-never', "I've never bought a house before, can you help?", FIRST_TIME, /consultation/i],
  ['first-start', 'first home purchase - where do i even start?', FIRST_TIME, /consultation/i],
  ['rent-documents', 'what documents do I need to apply for a rental?', RENT_NEEDS, /three times the monthly rent/i],
  ['rent-pets', 'are pets allowed in your rentals?', RENT_NEEDS, /pet deposit/i],
  ['rent-screening', 'how much is the application fee for renting?', RENT_NEEDS, /\$45/],
  ['lease-length', 'how long are your leases?', RENTING, /12 months/i],
  ['repairs', 'how do I report a broken heater in my rental?', RENTING, /maintenance portal/i],
  ['deposit-back', 'when do I get my security deposit back after moving out?', RENTING, /30 days/i],
  ['notice', 'how much notice do I have to give before I move out?', RENTING, /60 days/i],
  ['founded', 'how long has Oakridge been around?', ABOUT, /2009/],
  ['spanish', 'do any of your agents speak spanish?', ABOUT, /Spanish/],
  ['phone', "what's your phone number?", ABOUT, /555-0142/],
  ['after-offer', 'what happens after my offer is accepted?', BUYING, /inspection/i],
  ['pre-approval', 'do I need to be pre-approved before I look at homes?', BUYING, /pre-approved/i],
  ['closing-time', 'how long does it take to close on a house?', BUYING, /30 to 45 days/i],
  ['earnest', 'how much earnest money is usual?', BUYING, /1 to 3 ?%/i],
];

const unanswered: [string, string][] = [
  ['referral', 'do you have a referral program?'],
  ['commercial', 'do you sell commercial real estate?'],
  ['insurance', 'can you get me a quote for home insurance?'],
  ['wifi', "what's the wifi password at your office?"],
  ['moving-company', 'do you offer a moving company service?'],
  ['cancel-viewing', "what's your cancellation policy for viewings?"],
  ['awards', 'what awards has your agency won?'],
  ['franchise', 'is Oakridge a franchise?'],
  ['careers', 'are you hiring agents right now?'],
  ['feedback', 'can I leave a review of my agent somewhere?'],
];

export const businessCases: EvalCase[] = [
  ...answered.map(([id, ask, source, says]): EvalCase => ({
    id: `business/${id}`,
    category: 'business',
    turns: [{ ask, expect: knows(source, says) }],
  })),
  ...unanswered.map(([id, ask]): EvalCase => ({
    id: `business/unknown-${id}`,
    category: 'business',
    turns: [{ ask, expect: unknown }],
  })),
  {
    id: 'business/after-a-search',
    category: 'business',
    turns: [
      { ask: '2 bedroom rentals in Tampa' },
      { ask: 'what do I need to apply?', expect: knows(RENT_NEEDS, /\$45/) },
    ],
  },
  {
    id: 'business/search-after-fees',
    category: 'business',
    turns: [
      { ask: 'what are your fees for buyers?', expect: knows(FEES, /costs you nothing/i) },
      { ask: 'ok, what do you have for sale in madison?', expect: list(onMarket(forSale, inCity('Madison'))) },
    ],
  },
];
