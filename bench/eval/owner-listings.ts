/**
 * Listings an owner wrote by hand, for the off-the-happy-path set (cases-off-path.ts): names that
 * look like typos of search words ("Sable" and "sale", "Salem", "Rent" in no street here), MLS
 * numbers as owners write them (letters, digits, hyphens), and facts only in the owner's words —
 * extension columns (a pool, schools, pets, utilities) and description sentences. They sit beside
 * the demo's 240 in a chatbot of their own, so the other sets' expectations do not move.
 */
import type { ListingCreateBody } from '../../src/protocol/index.ts';

type Fields = Omit<ListingCreateBody, 'SerialNumber'>;

const base = (origin: string, mls: string): Pick<Fields, 'CurrencySymbol' | 'Url' | 'MLSNumber' | 'AreaUnit' | 'Images' | 'Tours' | 'SpaceType'> => ({
  CurrencySymbol: '$',
  Url: `${origin}/homes/${mls}`,
  MLSNumber: mls,
  AreaUnit: 'Square Feet',
  Images: [`${origin}/demo/photos/home-1.svg`],
  Tours: '',
  SpaceType: '',
});

export function ownerListings(origin: string): Fields[] {
  return [
    {
      ...base(origin, 'TX-48213'),
      SaleType: 'for_sale', Status: 'Active', PropertyType: 'Single Family', Bedrooms: 3, Bathrooms: 2.5, YearBuilt: 1994, DaysOnMarket: 12,
      LotArea: 9800, BuildingArea: 2140, ParkingSpots: 2,
      Description: 'Stone house on a quiet cul-de-sac, a short walk to Zilker Elementary, with a saltwater pool and a big fenced yard.',
      ExtensionColumn: [{ Key: 'Pool', value: 'Saltwater, heated' }, { Key: 'Schools', value: 'Zilker Elementary, O. Henry Middle, Austin High' }],
      Location: 'Austin, TX', Address: '77 Sable Hill', City: 'Austin', State: 'TX', ZIP: '78704', Latitude: 30.26, Longitude: -97.77,
      SalePrice: 612_000, UnitAreaPrice: 286, HOAMonth: null, EstimatePrice: 605_000, RentPrice: null, DepositFee: null,
    },
    {
      ...base(origin, 'CO-77102'),
      SaleType: 'for_sale', Status: 'Active', PropertyType: 'Townhouse', Bedrooms: 3, Bathrooms: 3, YearBuilt: 2008, DaysOnMarket: 30,
      LotArea: 2100, BuildingArea: 1860, ParkingSpots: 2,
      Description: 'End-unit townhouse on a tree-lined block, with a finished basement and a two-car garage.',
      ExtensionColumn: [{ Key: 'Garage', value: 'Two-car, heated' }, { Key: 'Basement', value: 'Finished, with a guest room' }],
      Location: 'Denver, CO', Address: '400 Salem Way', City: 'Denver', State: 'CO', ZIP: '80206', Latitude: 39.73, Longitude: -104.95,
      SalePrice: 574_000, UnitAreaPrice: 309, HOAMonth: 240, EstimatePrice: 580_000, RentPrice: null, DepositFee: null,
    },
    {
      ...base(origin, 'WI-5521B'),
      SaleType: 'for_sale', Status: 'Active', PropertyType: 'Condo', Bedrooms: 2, Bathrooms: 2, YearBuilt: 2016, DaysOnMarket: 5,
      LotArea: 0, BuildingArea: 1180, ParkingSpots: 1,
      Description: 'Top-floor condo over Lake Monona with a balcony, in-unit laundry and a heated garage space.',
      ExtensionColumn: [{ Key: 'View', value: 'Lake Monona' }, { Key: 'Pets', value: 'Cats and dogs under 40 lb' }],
      Location: 'Madison, WI', Address: '18 Lakeview Terrace Unit 6', City: 'Madison', State: 'WI', ZIP: '53703', Latitude: 43.07, Longitude: -89.37,
      SalePrice: 398_000, UnitAreaPrice: 337, HOAMonth: 410, EstimatePrice: 402_000, RentPrice: null, DepositFee: null,
    },
    {
      ...base(origin, 'OR-3090'),
      SaleType: 'for_rent', Status: 'Active', PropertyType: 'Single Family', Bedrooms: 2, Bathrooms: 1, YearBuilt: 1924, DaysOnMarket: 9,
      LotArea: 4500, BuildingArea: 1020, ParkingSpots: 1, SpaceType: 'Entire place',
      Description: 'Craftsman bungalow with a front porch, two blocks from Sunnyside Elementary and the Belmont shops.',
      ExtensionColumn: [{ Key: 'Pets', value: 'No pets' }, { Key: 'Utilities', value: 'Water and trash included' }],
      Location: 'Portland, OR', Address: '9 Bungalow Row', City: 'Portland', State: 'OR', ZIP: '97214', Latitude: 45.51, Longitude: -122.63,
      SalePrice: null, UnitAreaPrice: null, HOAMonth: null, EstimatePrice: null, RentPrice: 2_850, DepositFee: 2_850,
    },
  ];
}
