/**
 * The demo's listings: realistic, and the same on every machine (a seeded generator), across six
 * cities, both sale types and every status, so a newcomer's first questions have answers.
 */
import type { ListingCreateBody } from '../../protocol/index.ts';

type Fields = Omit<ListingCreateBody, 'SerialNumber'>;

/** mulberry32: a small, well-distributed PRNG; the same seed gives the same demo everywhere. */
function random(seed: number) {
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
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

const CITIES = [
  {
    city: 'Austin',
    state: 'TX',
    zips: ['78701', '78702', '78703', '78704', '78745', '78751'],
    perSqft: 330,
    lat: 30.27,
    lon: -97.74,
    streets: [
      'Oak St',
      'Elm Ave',
      'Lamar Blvd',
      'Congress Ave',
      'Pecan Ln',
      'Barton Springs Rd',
      'Cedar St',
      'Riverside Dr',
      'Willow Way',
      'Guadalupe St',
    ],
  },
  {
    city: 'Denver',
    state: 'CO',
    zips: ['80202', '80203', '80205', '80206', '80210', '80218'],
    perSqft: 360,
    lat: 39.74,
    lon: -104.99,
    streets: [
      'Larimer St',
      'Aspen Ct',
      'Colfax Ave',
      'Pine Pl',
      'Blake St',
      'Downing St',
      'York St',
      'Pearl St',
      'Gaylord St',
      'Lowell Blvd',
    ],
  },
  {
    city: 'Portland',
    state: 'OR',
    zips: ['97202', '97209', '97211', '97212', '97214', '97217'],
    perSqft: 340,
    lat: 45.52,
    lon: -122.68,
    streets: [
      'Alberta St',
      'Hawthorne Blvd',
      'Division St',
      'Belmont St',
      'Mississippi Ave',
      'Burnside St',
      'Killingsworth St',
      'Clinton St',
      'Fremont St',
      'Sandy Blvd',
    ],
  },
  {
    city: 'Raleigh',
    state: 'NC',
    zips: ['27601', '27603', '27605', '27607', '27608', '27609'],
    perSqft: 250,
    lat: 35.78,
    lon: -78.64,
    streets: [
      'Glenwood Ave',
      'Hillsborough St',
      'Oberlin Rd',
      'Fayetteville St',
      'Wade Ave',
      'Person St',
      'Blount St',
      'Peace St',
      'Dixie Trl',
      'Anderson Dr',
    ],
  },
  {
    city: 'Tampa',
    state: 'FL',
    zips: ['33602', '33606', '33609', '33611', '33629', '33647'],
    perSqft: 290,
    lat: 27.95,
    lon: -82.46,
    streets: [
      'Bayshore Blvd',
      'Swann Ave',
      'Davis Blvd',
      'Kennedy Blvd',
      'Howard Ave',
      'Armenia Ave',
      'Palm Ave',
      'Florida Ave',
      'Dale Mabry Hwy',
      'Columbus Dr',
    ],
  },
  {
    city: 'Madison',
    state: 'WI',
    zips: ['53703', '53704', '53705', '53711', '53714', '53726'],
    perSqft: 240,
    lat: 43.07,
    lon: -89.4,
    streets: [
      'Williamson St',
      'Monroe St',
      'Regent St',
      'Atwood Ave',
      'Jenifer St',
      'Spaight St',
      'University Ave',
      'Mifflin St',
      'Gorham St',
      'Vilas Ave',
    ],
  },
] as const;

const TYPES = [
  { type: 'Single Family', weight: 45, beds: [2, 5], sqftPerBed: 620 },
  { type: 'Condo', weight: 20, beds: [0, 3], sqftPerBed: 480 },
  { type: 'Townhouse', weight: 15, beds: [2, 4], sqftPerBed: 520 },
  { type: 'Apartment', weight: 15, beds: [0, 3], sqftPerBed: 430 },
  { type: 'Multi-Family', weight: 5, beds: [4, 6], sqftPerBed: 560 },
] as const;

const LOOKS = [
  'Bright',
  'Sunny',
  'Renovated',
  'Charming',
  'Modern',
  'Spacious',
  'Quiet',
  'Light-filled',
  'Updated',
  'Classic',
];
const FEATURES = [
  'a chef’s kitchen',
  'hardwood floors throughout',
  'a fenced backyard',
  'a covered patio',
  'vaulted ceilings',
  'a home office',
  'new windows',
  'a finished basement',
  'quartz counters',
  'a primary suite with a walk-in closet',
  'a rooftop deck',
  'in-unit laundry',
];
const NEAR = [
  'parks and trails',
  'downtown',
  'good schools',
  'cafés and shops',
  'the waterfront',
  'public transit',
  'the farmers’ market',
  'the university',
];
const VIEWS = ['Park', 'City', 'Garden', 'Water', 'Street', 'Courtyard'];

export const DEMO_LISTING_COUNT = 240;

/** The demo's listings; `origin` is where the demo site lives (their pages and photos are there). */
export function demoListings(origin: string, count = DEMO_LISTING_COUNT, seed = 20_261_122): Fields[] {
  const r = random(seed);
  const totalWeight = TYPES.reduce((n, t) => n + t.weight, 0);
  const out: Fields[] = [];
  const usedAddresses = new Set<string>();
  for (let i = 0; i < count; i++) {
    const place = CITIES[i % CITIES.length]!;
    let w = r.next() * totalWeight;
    const kind = TYPES.find((t) => (w -= t.weight) < 0) ?? TYPES[0];
    const rent = kind.type === 'Apartment' ? r.chance(0.85) : r.chance(0.2);
    const beds = r.int(kind.beds[0], kind.beds[1]);
    const baths = Math.max(1, beds - r.int(0, 1) + (r.chance(0.4) ? 0.5 : 0));
    const sqft = Math.round((Math.max(beds, 1) * kind.sqftPerBed + r.int(-120, 260)) / 10) * 10;
    const year = r.chance(0.15) ? r.int(2022, 2025) : r.int(1915, 2021);
    const age = 2026 - year;
    const price =
      Math.round((sqft * place.perSqft * (1.12 - Math.min(age, 80) / 320) * (0.85 + r.next() * 0.35)) / 1000) * 1000;
    let address: string;
    do
      address = `${r.int(2, 4999)} ${r.pick(place.streets)}${kind.type === 'Condo' || kind.type === 'Apartment' ? ` Unit ${r.int(1, 30)}${r.pick(['A', 'B', 'C', ''])}` : ''}`;
    while (usedAddresses.has(address));
    usedAddresses.add(address);
    const mls = String(2_400_000 + i * 137 + r.int(0, 99));
    const status = rent
      ? r.chance(0.15)
        ? 'Sold'
        : 'Active'
      : r.chance(0.72)
        ? 'Active'
        : r.chance(0.5)
          ? 'PreOnMarket'
          : 'Sold';
    const look = r.pick(LOOKS);
    const features = [r.pick(FEATURES), r.pick(FEATURES)].filter((f, j, all) => all.indexOf(f) === j);
    out.push({
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
      LotArea:
        kind.type === 'Condo' || kind.type === 'Apartment' ? 0 : Math.round((sqft * (1.8 + r.next() * 3)) / 10) * 10,
      BuildingArea: sqft,
      AreaUnit: 'Square Feet',
      ParkingSpots: kind.type === 'Apartment' ? r.int(0, 1) : r.int(0, 3),
      Images: [`${origin}/demo/photos/home-${(i % 24) + 1}.svg`],
      Tours: r.chance(0.25) ? '3D' : r.chance(0.15) ? 'OpenHouse' : '',
      Description: `${look} ${beds === 0 ? 'studio' : `${beds}-bedroom ${kind.type.toLowerCase()}`} with ${features.join(' and ')}, close to ${r.pick(NEAR)}.`,
      ExtensionColumn: [
        { Key: 'View', value: r.pick(VIEWS) },
        { Key: 'Heating', value: r.pick(['Forced air', 'Heat pump', 'Radiant', 'Baseboard']) },
      ],
      Location: `${place.city}, ${place.state}`,
      Address: address,
      City: place.city,
      State: place.state,
      ZIP: r.pick(place.zips),
      Latitude: Math.round((place.lat + (r.next() - 0.5) * 0.12) * 1e5) / 1e5,
      Longitude: Math.round((place.lon + (r.next() - 0.5) * 0.12) * 1e5) / 1e5,
      SalePrice: rent ? null : price,
      UnitAreaPrice: rent ? null : Math.round(price / sqft),
      HOAMonth: kind.type === 'Condo' || kind.type === 'Townhouse' ? r.int(12, 60) * 10 : null,
      EstimatePrice: rent ? null : Math.round((price * (0.94 + r.next() * 0.12)) / 1000) * 1000,
      RentPrice: rent ? Math.round(price / 190 / 25) * 25 : null,
      SpaceType: rent ? (r.chance(0.1) ? 'Room' : 'Entire place') : '',
      DepositFee: rent ? Math.round(price / 190 / 25) * 25 : null,
    });
  }
  return out;
}
