/**
 * The English words the knowledge search reads a question by: the words that carry no subject
 * (dropped), the ones that carry little (weighed less), and the words visitors use for what an
 * agency's FAQ and pages call otherwise ("charge" for "fees", "showing" for "viewing"). Plain data,
 * for a reader who is not a programmer; every word is matched by its stem (the Porter stemmer's).
 */

/** Words that say nothing of what is asked. */
export const STOP_WORDS =
  `a about above after again all also am an and any anyone anything are as at be been before being
below both but by can could did do does doing done during each either else even ever every for from get gets getting
got had has have having he her here hers him his how i i'd i'll i'm i've if in into is it it's its just let me more
most much my no nor not now of off ok okay on once one only or other our ours out over own please really same she
should so some someone something such tell than thank thanks that that's the their them then there there's these they
this those through to too under until up us very was way we were what what's whats when where which while who whom
whose why will with would yes yet you you're your yours yourself guys hi hello hey anybody`.split(/\s+/);

/** Words that narrow little: matched, but weighed WEAK_WEIGHT of a word that names the subject. */
export const WEAK_WORDS = `come go going know like look looking make need new take time want help able long usual
usually normally typically home homes house houses place property properties people thing things right start even
first`.split(/\s+/);

/** Groups of words a visitor uses for one thing; a question's word matches a passage holding any word of its group. */
export const SYNONYMS: string[][] = [
  ['fee', 'fees', 'charge', 'charges', 'cost', 'costs', 'commission', 'commissions', 'price', 'pay', 'expensive'],
  ['hours', 'open', 'opening', 'come'],
  ['area', 'areas', 'serve', 'cover', 'city', 'cities', 'region', 'operate', 'location', 'locations', 'where'],
  ['viewing', 'viewings', 'showing', 'showings', 'tour', 'tours', 'visit', 'see', 'book', 'schedule', 'arrange'],
  ['rent', 'rental', 'rentals', 'renting', 'lease', 'leases', 'tenant', 'tenants'],
  [
    'requirement',
    'requirements',
    'require',
    'need',
    'document',
    'documents',
    'paperwork',
    'qualify',
    'apply',
    'application',
  ],
  ['pet', 'pets', 'dog', 'dogs', 'cat', 'cats', 'animal', 'animals'],
  ['phone', 'call', 'number', 'contact', 'reach', 'email'],
  ['agent', 'agents', 'realtor', 'realtors', 'broker', 'staff', 'team'],
  ['speak', 'language', 'languages'],
  ['repair', 'repairs', 'fix', 'broken', 'maintenance', 'heater', 'leak'],
  ['buy', 'buying', 'bought', 'buyer', 'buyers', 'purchase', 'purchasing'],
  ['sell', 'selling', 'seller', 'sellers'],
  ['founded', 'history', 'established', 'since', 'around', 'old'],
  ['allowed', 'allow', 'welcome', 'permitted'],
  ['home', 'house', 'place', 'property', 'apartment', 'condo'],
  ['notice', 'moving', 'move'],
];

/** Words of a search of the listings: a question whose only words the knowledge holds are these is a search, not a question about the business. */
export const SEARCH_WORDS = `rent rental rentals renting buy buying sale sell home homes house houses place places
property properties apartment apartments condo condos townhouse listing listings show find available have`.split(/\s+/);

/** What a weak word weighs against a word that names the subject. */
export const WEAK_WEIGHT = 0.4;
