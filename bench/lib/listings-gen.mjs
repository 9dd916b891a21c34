// Listings as a feed sends them, for bench/listings-scale.mjs: six cities in six states, for sale and
// for rent, every status, five kinds, prices from each city's price per square foot, rooms, areas,
// years, parking, tours, MLS numbers, street addresses and descriptions of ~300 characters naming
// features a visitor asks for (a pool, a garage, a fenced backyard, near good schools…).
// Deterministic: the same (count, seed) gives the same listings on every machine (mulberry32), and
// the listings of a smaller count are the first ones of a larger count with the same seed.

/** mulberry32, as the service's demo seed (src/server/demo/seed.ts) and lib/markdown-gen.mjs use it. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

export const CITIES = [
  {
    city: 'Austin',
    state: 'TX',
    zips: ['78701', '78702', '78703', '78704', '78745', '78751', '78757', '78759'],
    perSqft: 270,
    lat: 30.27,
    lon: -97.74,
    streets: ['Oak St', 'Elm Ave', 'Lamar Blvd', 'Congress Ave', 'Pecan Ln', 'Barton Springs Rd', 'Cedar St'],
  },
  {
    city: 'Denver',
    state: 'CO',
    zips: ['80202', '80203', '80205', '80206', '80210', '80218', '80220', '80238'],
    perSqft: 360,
    lat: 39.74,
    lon: -104.99,
    streets: ['Larimer St', 'Aspen Ct', 'Colfax Ave', 'Pine Pl', 'Blake St', 'Downing St', 'York St'],
  },
  {
    city: 'Portland',
    state: 'OR',
    zips: ['97202', '97209', '97211', '97212', '97214', '97217', '97219', '97232'],
    perSqft: 340,
    lat: 45.52,
    lon: -122.68,
    streets: ['Alberta St', 'Hawthorne Blvd', 'Division St', 'Belmont St', 'Mississippi Ave', 'Burnside St'],
  },
  {
    city: 'Raleigh',
    state: 'NC',
    zips: ['27601', '27603', '27605', '27607', '27608', '27609', '27612', '27615'],
    perSqft: 250,
    lat: 35.78,
    lon: -78.64,
    streets: ['Glenwood Ave', 'Hillsborough St', 'Oberlin Rd', 'Fayetteville St', 'Wade Ave', 'Person St'],
  },
  {
    city: 'Tampa',
    state: 'FL',
    zips: ['33602', '33606', '33609', '33611', '33629', '33647', '33613', '33618'],
    perSqft: 290,
    lat: 27.95,
    lon: -82.46,
    streets: ['Bayshore Blvd', 'Swann Ave', 'Davis Blvd', 'Kennedy Blvd', 'Howard Ave', 'Armenia Ave'],
  },
  {
    city: 'Madison',
    state: 'WI',
    zips: ['53703', '53704', '53705', '53711', '53714', '53726', '53715', '53719'],
    perSqft: 240,
    lat: 43.07,
    lon: -89.4,
    streets: ['Williamson St', 'Monroe St', 'Regent St', 'Atwood Ave', 'Jenifer St', 'University Ave'],
  },
];

const KINDS = [
  { type: 'Single Family', weight: 42, beds: [2, 5], sqftPerBed: 620 },
  { type: 'Condo', weight: 20, beds: [0, 3], sqftPerBed: 480 },
  { type: 'Townhouse', weight: 15, beds: [2, 4], sqftPerBed: 520 },
  { type: 'Apartment', weight: 18, beds: [0, 3], sqftPerBed: 430 },
  { type: 'Multi-Family', weight: 5, beds: [4, 6], sqftPerBed: 560 },
];
const TOTAL_WEIGHT = KINDS.reduce((n, k) => n + k.weight, 0);
const UNITS = new Set(['Condo', 'Apartment']);

const LOOKS = ['Bright', 'Sunny', 'Renovated', 'Charming', 'Modern', 'Spacious', 'Quiet', 'Light-filled', 'Updated'];
/** What a home has: [phrase, how often]. Pools and garages are rarer than floors. */
const FEATURES = [
  ['a sparkling pool', 0.12],
  ['an attached two-car garage', 0.25],
  ['a fenced backyard', 0.25],
  ['a chef’s kitchen with quartz counters', 0.2],
  ['hardwood floors throughout', 0.3],
  ['a home office', 0.2],
  ['a finished basement', 0.12],
  ['a covered patio', 0.18],
  ['vaulted ceilings', 0.15],
  ['a wood-burning fireplace', 0.15],
  ['a rooftop deck', 0.06],
  ['in-unit laundry', 0.2],
  ['solar panels', 0.06],
  ['central air', 0.3],
  ['a primary suite with a walk-in closet', 0.2],
];
const NEAR = [
  'good schools',
  'parks and trails',
  'downtown',
  'public transit',
  'the university',
  'shops and restaurants',
  'the waterfront',
  'the farmers’ market',
];
const CLOSINGS = [
  'Freshly painted, move-in ready, and easy to show.',
  'Recent roof and water heater; inspection report on file.',
  'Low-maintenance landscaping and plenty of storage throughout.',
  'Pets considered with deposit; tenant pays utilities.',
  'Walk to coffee, groceries and the weekend market.',
  'Seller offers a flexible closing date.',
];
const VIEWS = ['Park', 'City', 'Garden', 'Water', 'Street', 'Courtyard'];
const HEATING = ['Forced air', 'Heat pump', 'Radiant', 'Baseboard'];

/**
 * Listing `i` of a feed (the fields of RealEstateCreate, without SerialNumber). `used`: addresses
 * already given in this feed (kept unique, as a feed's are).
 */
function listingAt(r, i, used, origin) {
  const place = CITIES[i % CITIES.length];
  let w = r.next() * TOTAL_WEIGHT;
  const kind = KINDS.find((k) => (w -= k.weight) < 0) ?? KINDS[0];
  const rent = kind.type === 'Apartment' ? r.chance(0.85) : r.chance(0.2);
  const beds = r.int(kind.beds[0], kind.beds[1]);
  const baths = Math.max(1, beds - r.int(0, 1) + (r.chance(0.4) ? 0.5 : 0));
  const sqft = Math.round((Math.max(beds, 1) * kind.sqftPerBed + r.int(-120, 260)) / 10) * 10;
  const year = r.chance(0.15) ? r.int(2022, 2025) : r.int(1915, 2021);
  const age = 2026 - year;
  const price =
    Math.round((sqft * place.perSqft * (1.12 - Math.min(age, 80) / 320) * (0.85 + r.next() * 0.35)) / 1000) * 1000;
  const street = r.pick(place.streets);
  let address;
  do
    address = `${r.int(2, 19_999)} ${street}${UNITS.has(kind.type) ? ` Unit ${r.int(1, 40)}${r.pick(['A', 'B', 'C', ''])}` : ''}`;
  while (used.has(`${place.city}|${address}`));
  used.add(`${place.city}|${address}`);
  const mls = `${place.state}${String(4_000_000 + i * 7 + r.int(0, 6))}`;
  const status = rent
    ? r.chance(0.15)
      ? 'Sold'
      : 'Active'
    : r.chance(0.72)
      ? 'Active'
      : r.chance(0.5)
        ? 'PreOnMarket'
        : 'Sold';
  const features = FEATURES.filter(([, p]) => r.chance(p)).map(([f]) => f);
  if (features.length < 2) features.push(FEATURES[4 + (i % 3)][0]);
  const garage = features.includes('an attached two-car garage');
  const what = beds === 0 ? 'studio' : `${beds}-bedroom ${kind.type.toLowerCase()}`;
  const has = features.slice(0, 4);
  const description = [
    `${r.pick(LOOKS)} ${what} on ${street} in ${place.city}, built in ${year}, with ${sqft.toLocaleString('en-US')} square feet of living space.`,
    `It offers ${has.length > 1 ? `${has.slice(0, -1).join(', ')} and ${has.at(-1)}` : has[0]}.`,
    `Close to ${r.pick(NEAR)} and ${r.pick(NEAR)}.`,
    r.pick(CLOSINGS),
  ].join(' ');
  const parking = garage ? 2 : kind.type === 'Apartment' ? r.int(0, 1) : r.int(0, 3);
  return {
    SaleType: rent ? 'for_rent' : 'for_sale',
    Status: status,
    CurrencySymbol: '$',
    PropertyType: kind.type,
    Bedrooms: beds,
    Bathrooms: baths,
    Url: `${origin}/homes/${mls}`,
    MLSNumber: mls,
    YearBuilt: year,
    DaysOnMarket: status === 'PreOnMarket' ? 0 : r.int(1, 120),
    LotArea: UNITS.has(kind.type) ? 0 : Math.round((sqft * (1.8 + r.next() * 3)) / 10) * 10,
    BuildingArea: sqft,
    AreaUnit: 'Square Feet',
    ParkingSpots: parking,
    Images: [`${origin}/photos/${mls}-1.jpg`, `${origin}/photos/${mls}-2.jpg`],
    Tours: r.chance(0.25) ? '3D' : r.chance(0.15) ? 'OpenHouse' : '',
    Description: description,
    ExtensionColumn: [
      { Key: 'View', value: r.pick(VIEWS) },
      { Key: 'Heating', value: r.pick(HEATING) },
    ],
    Location: `${place.city}, ${place.state}`,
    Address: address,
    City: place.city,
    State: place.state,
    ZIP: r.pick(place.zips),
    Latitude: Math.round((place.lat + (r.next() - 0.5) * 0.2) * 1e5) / 1e5,
    Longitude: Math.round((place.lon + (r.next() - 0.5) * 0.2) * 1e5) / 1e5,
    SalePrice: rent ? null : price,
    UnitAreaPrice: rent ? null : Math.round(price / sqft),
    HOAMonth: kind.type === 'Condo' || kind.type === 'Townhouse' ? r.int(12, 60) * 10 : null,
    EstimatePrice: rent ? null : Math.round((price * (0.94 + r.next() * 0.12)) / 1000) * 1000,
    RentPrice: rent ? Math.round(price / 190 / 25) * 25 : null,
    SpaceType: rent ? (r.chance(0.1) ? 'Room' : 'Entire place') : '',
    DepositFee: rent ? Math.round(price / 190 / 25) * 25 : null,
  };
}

/** `count` listings of one feed (seed: which feed); `origin`: where its pages live. */
export function feedListings(count, seed = 41, origin = 'https://feed.example') {
  const r = random(seed);
  const used = new Set();
  return Array.from({ length: count }, (_, i) => listingAt(r, i, used, origin));
}

/** The same listing with another price (and a day more on the market): what one update of a feed changes. */
export function changed(listing, n = 1) {
  const bump = (x) => (x === null ? null : Math.round(x * (n % 2 ? 0.97 : 1.01)));
  return {
    ...listing,
    SalePrice: bump(listing.SalePrice),
    RentPrice: bump(listing.RentPrice),
    DaysOnMarket: listing.DaysOnMarket + n,
  };
}
