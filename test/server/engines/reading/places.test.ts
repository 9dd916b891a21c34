/**
 * The offline engine's matching of a question against the listings' addresses, MLS numbers and
 * places (engines/reading/places.ts) is worked out once per list of listings. These properties hold it to
 * the plain reading — every listing's address key and MLS key compared with the question's, each time —
 * on generated listings and questions, and show that a new list is read anew.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Listing } from '../../../../src/protocol/index.ts';
import {
  addressKey,
  listingsIndex,
  mlsKey,
  namedListings,
  normalize,
  placesAndKinds,
} from '../../../../src/server/engines/reading/places.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** The plain reading: every listing compared with the question. */
function plainNamed(question: string, listings: Listing[]): Listing[] {
  const named: Listing[] = [];
  for (const m of normalize(question).matchAll(/\bmls\s*(?:#|no\.?|number)?\s*[:#-]?\s*([a-z0-9][a-z0-9-]*)/g)) {
    const k = mlsKey(m[1]!);
    named.push(...listings.filter((l) => k && mlsKey(l.MLSNumber) === k));
  }
  const q = addressKey(question);
  for (const l of listings) {
    const a = addressKey(l.Address).trim();
    if (!/^\d/.test(a)) continue;
    const short = a.split(' ').slice(0, 2).join(' ');
    if (q.includes(` ${a} `) || (short.includes(' ') && q.includes(` ${short} `))) named.push(l);
  }
  return [...new Set(named)];
}

const STREETS = [
  'Oak Street',
  'Oak St',
  'North Elm Road',
  'N Elm Rd',
  'Pier Rd.',
  'Main',
  'Lake Shore Drive',
  '5th Avenue',
  'Ave Maria Lane',
];
const CITIES = ['Austin', 'West Austin', 'Harborview', 'Denver', 'Portland'];
const STATES = ['TX', 'WA', 'CO', 'OR', 'Texas'];

const listingArb = fc.record({
  number: fc.oneof(fc.integer({ min: 1, max: 12 }).map(String), fc.constantFrom('12a', '3-5', '', 'Unit 4,')),
  street: fc.constantFrom(...STREETS),
  mls: fc.constantFrom('HV100', 'MLS-200', 'hv-100', '300', '', 'A1'),
  city: fc.constantFrom(...CITIES, ''),
  state: fc.constantFrom(...STATES, ''),
});

const listingsArb = fc.array(listingArb, { maxLength: 12 }).map((rows) =>
  rows.map(
    (r, i) =>
      ({
        Id: String(i),
        Address: `${r.number} ${r.street}`.trim(),
        MLSNumber: r.mls,
        City: r.city,
        State: r.state,
        ZIP: '',
        PropertyType: 'Single Family',
      }) as unknown as Listing,
  ),
);

const questionArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('Tell me about', 'is', 'and', 'in', 'near', 'MLS#', 'mls no.', 'homes', '?', ',', 'the house at'),
      fc.integer({ min: 1, max: 12 }).map(String),
      fc.constantFrom(...STREETS, ...CITIES, ...STATES, '12a', '3-5', 'HV100', 'hv-100', '300', 'street', 'ROAD'),
    ),
    { maxLength: 10 },
  )
  .map((words) => words.join(' '));

/** A question naming some of the listings by address — whole, by number and street's first word, or spelt out — or MLS number, among other words. */
const askAbout = (listings: Listing[]) =>
  fc
    .array(
      fc.oneof(
        questionArb,
        ...(listings.length
          ? [
              fc
                .constantFrom(...listings)
                .chain((l) =>
                  fc.constantFrom(
                    l.Address,
                    l.Address.split(' ').slice(0, 2).join(' '),
                    l.Address.replace(/\bSt\b/, 'Street').replace(/\bRd\b/, 'Road'),
                    `MLS# ${l.MLSNumber}`,
                  ),
                ),
            ]
          : []),
      ),
      { maxLength: 4 },
    )
    .map((parts) => parts.join(' and '));

describe('the listings a question names', () => {
  it('are the ones the plain reading finds, in the same order, however the list and the question are made', () => {
    fc.assert(
      fc.property(
        listingsArb.chain((listings) => fc.tuple(fc.constant(listings), askAbout(listings))),
        ([listings, question]) => {
          expect(namedListings(question, normalize(question), listingsIndex(listings))).toEqual(
            plainNamed(question, listings),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('are found in a list read once, asked again and again, and in a new list as it is', () => {
    const home = (address: string, mls: string) =>
      ({
        Address: address,
        MLSNumber: mls,
        City: 'Austin',
        State: 'TX',
        ZIP: '',
        PropertyType: 'Condo',
      }) as unknown as Listing;
    const first = [home('12 Oak Street', 'HV100'), home('12 Pier Rd', 'HV200')];
    const ask = (q: string, listings: Listing[]) =>
      namedListings(q, normalize(q), listingsIndex(listings)).map((l) => l.MLSNumber);
    expect(ask('Is 12 Oak St still available?', first)).toEqual(['HV100']);
    expect(ask('and 12 pier road?', first)).toEqual(['HV200']);
    expect(ask('MLS# hv200 or 12 Oak', first)).toEqual(['HV200', 'HV100']);
    // The listings changed: a new list (store/listings.ts gives one per version) is read anew.
    const second = [home('12 Oak Street', 'HV300'), home('7 Elm Ave', 'HV400')];
    expect(ask('Is 12 Oak St still available?', second)).toEqual(['HV300']);
    expect(ask('and 12 pier road?', second)).toEqual([]);
    expect(ask('MLS# hv200', second)).toEqual([]);
  });

  it('places and kinds come from the list given, the states by name and code', () => {
    const listings = [
      { Address: '1 Main', MLSNumber: '1', City: 'West Austin', State: 'TX', ZIP: '78701', PropertyType: 'Condo' },
      { Address: '2 Main', MLSNumber: '2', City: 'Austin', State: 'TX', ZIP: '78702', PropertyType: 'Single Family' },
    ] as unknown as Listing[];
    const read = (q: string, l = listings) => placesAndKinds(q, normalize(q), listingsIndex(l));
    expect(read('condos in West Austin, TX 78701')).toMatchObject({
      cities: ['West Austin', 'Austin'],
      states: ['TX'],
      zips: ['78701'],
      propertyTypes: ['Condo'],
      unknownPlaces: [],
    });
    expect(read('houses in Texas near Denver')).toMatchObject({
      cities: [],
      states: ['TX'],
      propertyTypes: ['Single Family'],
      unknownPlaces: ['Denver'],
    });
    expect(read('homes in Denver', [{ ...listings[0]!, City: 'Denver', State: 'CO' } as Listing])).toMatchObject({
      cities: ['Denver'],
      unknownPlaces: [],
    });
  });
});
