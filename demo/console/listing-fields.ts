/**
 * Every listing field (SEED.md's table) as the console's form shows it. Values travel as the
 * owner typed them; the service is the judge, and its message appears at the field.
 */
import type { Listing } from 'chat-bot-element';
import { AREA_UNITS, LISTING_STATUSES, SALE_TYPES, SPACE_TYPES, TOURS, isHttpUrl } from 'chat-bot-element/rules';
import { SALE_TYPE_LABELS } from './listing-words.ts';

export type ListingFieldName = Exclude<keyof Listing, 'Id' | 'CreatedAt' | 'UpdatedAt' | 'Images' | 'ExtensionColumn'>;

export interface ListingField {
  name: ListingFieldName;
  label: string;
  kind: 'text' | 'number' | 'choice' | 'long' | 'url';
  /** What the field is for, shown under it. */
  hint?: string;
  /** Marked R in SEED.md: the service refuses the listing without it. */
  required?: true;
  /** The values of a choice; an optional choice also offers none (""). */
  choices?: readonly string[];
  /** What the owner reads for each value, where the value itself is not words. */
  labels?: Record<string, string>;
}

const field =
  (required: boolean) =>
  (name: ListingFieldName, label: string, kind: ListingField['kind'], choices?: readonly string[]): ListingField => ({
    name,
    label,
    kind,
    ...(required ? { required: true as const } : {}),
    ...(choices ? { choices } : {}),
  });
/** A field marked R in SEED.md, and an optional one. */
const r = field(true);
const o = field(false);

export const LISTING_GROUPS: { heading: string; fields: ListingField[] }[] = [
  {
    heading: 'The listing',
    fields: [
      { ...r('SaleType', 'For sale or rent', 'choice', SALE_TYPES), labels: SALE_TYPE_LABELS },
      {
        ...r('Status', 'Status', 'choice', LISTING_STATUSES),
        labels: { Active: 'Active', PreOnMarket: 'Coming soon (PreOnMarket)', Sold: 'Sold' },
      },
      r('MLSNumber', 'MLS number', 'text'),
      {
        ...r('Url', 'Listing page (Url)', 'url'),
        hint: 'The address of this home’s page on your site (https://…): the chat links to it, and an update can find the listing by it.',
      },
      r('PropertyType', 'Property type', 'text'),
      { ...o('Tours', 'Tours', 'choice', TOURS), labels: { OpenHouse: 'Open house', '3D': '3D tour' } },
      r('DaysOnMarket', 'Days on market', 'number'),
    ],
  },
  {
    heading: 'Price',
    fields: [
      r('CurrencySymbol', 'Currency symbol', 'text'),
      o('SalePrice', 'Sale price', 'number'),
      o('RentPrice', 'Rent per month', 'number'),
      o('DepositFee', 'Deposit', 'number'),
      o('EstimatePrice', 'Estimated value', 'number'),
      o('UnitAreaPrice', 'Price per unit of area', 'number'),
      o('HOAMonth', 'HOA fee per month', 'number'),
    ],
  },
  {
    heading: 'The home',
    fields: [
      r('Bedrooms', 'Bedrooms', 'number'),
      r('Bathrooms', 'Bathrooms', 'number'),
      r('BuildingArea', 'Building area', 'number'),
      r('LotArea', 'Lot area', 'number'),
      r('AreaUnit', 'Area unit', 'choice', AREA_UNITS),
      r('YearBuilt', 'Year built', 'number'),
      r('ParkingSpots', 'Parking spots', 'number'),
      o('SpaceType', 'Space', 'choice', SPACE_TYPES),
    ],
  },
  {
    heading: 'Where',
    fields: [
      o('Address', 'Street address', 'text'),
      o('City', 'City', 'text'),
      o('State', 'State', 'text'),
      o('ZIP', 'ZIP code', 'text'),
      o('Location', 'Neighbourhood or area', 'text'),
      o('Latitude', 'Latitude', 'number'),
      o('Longitude', 'Longitude', 'number'),
    ],
  },
  { heading: 'Description', fields: [o('Description', 'Description', 'long')] },
];

export const LISTING_FIELDS: ListingField[] = LISTING_GROUPS.flatMap((g) => g.fields);

/** A new listing's starting values: the common choices made, everything else empty. */
export const BLANK_LISTING: Record<ListingFieldName, string> = Object.fromEntries(
  LISTING_FIELDS.map((f) => [f.name, '']),
) as Record<ListingFieldName, string>;
Object.assign(BLANK_LISTING, {
  SaleType: 'for_sale',
  Status: 'Active',
  AreaUnit: 'Square Feet',
  CurrencySymbol: '$',
  DaysOnMarket: '0',
  ParkingSpots: '0',
});

/** What the form sends: numbers as numbers, an empty optional field as null, anything else as typed. */
export function toWire(field: ListingField, typed: string): string | number | null {
  const text = typed.trim();
  if (field.kind !== 'number') return field.required ? typed : typed === '' ? null : typed;
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : typed;
}

/**
 * What the form can tell before asking the service: an address field that does not hold an http(s)
 * URL ("homes/123", "www.example.com"), named by its label — the service would refuse it the same way.
 */
export function checkBeforeSending(
  values: Record<ListingFieldName, string>,
): { field: ListingFieldName; message: string } | null {
  for (const f of LISTING_FIELDS) {
    const typed = values[f.name].trim();
    if (f.kind === 'url' && typed !== '' && !isHttpUrl(typed))
      return {
        field: f.name,
        message: `${f.label} must be an http(s) address, such as https://www.example.com/homes/123`,
      };
  }
  return null;
}
