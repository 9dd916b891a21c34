/** Real-estate listings (SEED.md's field table, API.md §3.6). */
import { Type, type Static, type TSchema } from 'typebox';
import {
  AREA_UNITS,
  KEY_TYPES,
  LIMITS,
  LISTING_STATUSES,
  SALE_TYPES,
  SPACE_TYPES,
  TOURS,
  maxYearBuilt,
} from './rules.ts';
import { httpUrl, integer, nonNegative, oneOf, oneOfOrEmpty, requiredText, serialNumber, text } from './fields.ts';

const short = () => text(LIMITS.listingTextChars);
const optional = <S extends TSchema>(s: S) =>
  Type.Optional(Type.Union([s, Type.Null()], { rule: (s as { rule?: string }).rule }));
const nonNegativeInteger = (max: number, rule: string) => Type.Integer({ minimum: 0, maximum: max, rule });

const yearBuilt = () =>
  Type.Refine(
    Type.Integer({
      minimum: LIMITS.minYearBuilt,
      rule: `must be a year from ${LIMITS.minYearBuilt} to next year`,
      // Next year as of when the document is made (the service's start); the rule itself moves on.
      jsonSchema: { maximum: maxYearBuilt(), 'x-rule': 'At most next year: the maximum moves on each New Year.' },
    }),
    (v) => typeof v === 'number' && v <= maxYearBuilt(),
    () => `must be a year from ${LIMITS.minYearBuilt} to ${maxYearBuilt()}`,
  );

const ExtensionItem = Type.Object(
  { Key: requiredText(LIMITS.extensionKeyChars), value: text(LIMITS.extensionValueChars) },
  { additionalProperties: false, rule: 'must be an object with "Key" and "value"' },
);

/** Fields marked R in SEED.md: required on create and update. */
export const RequiredListingFields = {
  SaleType: oneOf(SALE_TYPES),
  Status: oneOf(LISTING_STATUSES),
  CurrencySymbol: requiredText(10),
  PropertyType: requiredText(100),
  Bedrooms: nonNegativeInteger(1_000, 'must be a whole number of bedrooms (0 to 1,000)'),
  Bathrooms: Type.Number({
    minimum: 0,
    maximum: 1_000,
    rule: 'must be a number of bathrooms from 0 to 1,000 (fractions allowed)',
  }),
  Url: httpUrl(),
  MLSNumber: requiredText(64),
  YearBuilt: yearBuilt(),
  DaysOnMarket: nonNegativeInteger(100_000, 'must be a whole number of days ≥ 0'),
  LotArea: nonNegative(),
  BuildingArea: nonNegative(),
  AreaUnit: oneOf(AREA_UNITS),
  ParkingSpots: nonNegativeInteger(100_000, 'must be a whole number of parking spots ≥ 0'),
};

/** Optional listing fields; null or omitted means empty. */
export const OptionalListingFields = {
  Images: optional(
    Type.Array(httpUrl(), {
      maxItems: LIMITS.listingImages,
      rule: `must be at most ${LIMITS.listingImages} http(s) image URLs`,
    }),
  ),
  Tours: optional(oneOfOrEmpty(TOURS)),
  Description: optional(text(LIMITS.listingDescriptionChars)),
  ExtensionColumn: optional(
    Type.Array(ExtensionItem, {
      maxItems: LIMITS.extensionItems,
      rule: `must be at most ${LIMITS.extensionItems} items, each {"Key", "value"}`,
    }),
  ),
  Location: optional(short()),
  Address: optional(short()),
  City: optional(short()),
  State: optional(short()),
  ZIP: optional(text(20)),
  Latitude: optional(Type.Number({ minimum: -90, maximum: 90, rule: 'must be a latitude from -90 to 90' })),
  Longitude: optional(Type.Number({ minimum: -180, maximum: 180, rule: 'must be a longitude from -180 to 180' })),
  SalePrice: optional(nonNegative()),
  UnitAreaPrice: optional(nonNegative()),
  HOAMonth: optional(nonNegative()),
  EstimatePrice: optional(nonNegative()),
  RentPrice: optional(nonNegative()),
  SpaceType: optional(oneOfOrEmpty(SPACE_TYPES)),
  DepositFee: optional(nonNegative()),
};

const keyType = () => oneOf(KEY_TYPES);
const key = () => requiredText(LIMITS.urlChars);

export const ListingCreateBody = Type.Object(
  { SerialNumber: serialNumber(), ...RequiredListingFields, ...OptionalListingFields },
  { additionalProperties: false },
);
export type ListingCreateBody = Static<typeof ListingCreateBody>;

/** Every field (full replacement), plus which listing: Key of kind KeyType. */
export const ListingUpdateBody = Type.Object(
  { SerialNumber: serialNumber(), Key: key(), KeyType: keyType(), ...RequiredListingFields, ...OptionalListingFields },
  { additionalProperties: false },
);
export type ListingUpdateBody = Static<typeof ListingUpdateBody>;

export const ListingDeleteBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Keys: Type.Array(key(), {
      minItems: 1,
      maxItems: LIMITS.deleteKeys,
      rule: `must be a list of 1 to ${LIMITS.deleteKeys.toLocaleString('en-US')} keys`,
    }),
    KeyType: keyType(),
  },
  { additionalProperties: false },
);
export type ListingDeleteBody = Static<typeof ListingDeleteBody>;

export const ListingDeleteResult = Type.Object({ SuccessCount: Type.Integer() });
export type ListingDeleteResult = Static<typeof ListingDeleteResult>;

/** [ext] Many listings at once, as a feed sends them: each created, or replaced where its MLSNumber is the chatbot's already. */
export const ListingImportBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Items: Type.Array(
      Type.Object({ ...RequiredListingFields, ...OptionalListingFields }, { additionalProperties: false }),
      {
        minItems: 1,
        maxItems: LIMITS.importItems,
        rule: `must be a list of 1 to ${LIMITS.importItems.toLocaleString('en-US')} listings`,
      },
    ),
  },
  { additionalProperties: false },
);
export type ListingImportBody = Static<typeof ListingImportBody>;

/** How many of the Items were new, replaced a listing that differed, or were the same as the one stored. */
export const ListingImportResult = Type.Object({
  Created: Type.Integer(),
  Updated: Type.Integer(),
  Unchanged: Type.Integer(),
});
export type ListingImportResult = Static<typeof ListingImportResult>;

export const ListingListBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Page: Type.Optional(integer(1, 1_000_000)),
    PageSize: Type.Optional(integer(1, LIMITS.pageSizeMax)),
    Status: Type.Optional(oneOf(LISTING_STATUSES)),
    SaleType: Type.Optional(oneOf(SALE_TYPES)),
    Query: Type.Optional(text(LIMITS.queryChars)),
  },
  { additionalProperties: false },
);
export type ListingListBody = Static<typeof ListingListBody>;

export const ListingGetBody = Type.Object(
  { SerialNumber: serialNumber(), Key: key(), KeyType: keyType() },
  { additionalProperties: false },
);
export type ListingGetBody = Static<typeof ListingGetBody>;

const emptyable = <S extends TSchema>(s: S) => Type.Union([s, Type.Null()]);

/** A listing as every read returns it: all fields present — empty text "", absent numbers null. */
export const Listing = Type.Object({
  Id: Type.String({ description: 'UUIDv7 returned by RealEstateCreate (KeyType NewOaks)' }),
  ...RequiredListingFields,
  Images: Type.Array(Type.String()),
  Tours: oneOfOrEmpty(TOURS),
  Description: Type.String(),
  ExtensionColumn: Type.Array(Type.Object({ Key: Type.String(), value: Type.String() })),
  Location: Type.String(),
  Address: Type.String(),
  City: Type.String(),
  State: Type.String(),
  ZIP: Type.String(),
  Latitude: emptyable(Type.Number()),
  Longitude: emptyable(Type.Number()),
  SalePrice: emptyable(Type.Number()),
  UnitAreaPrice: emptyable(Type.Number()),
  HOAMonth: emptyable(Type.Number()),
  EstimatePrice: emptyable(Type.Number()),
  RentPrice: emptyable(Type.Number()),
  SpaceType: oneOfOrEmpty(SPACE_TYPES),
  DepositFee: emptyable(Type.Number()),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
  UpdatedAt: Type.String({ description: 'ISO 8601' }),
});
export type Listing = Static<typeof Listing>;

export const ListingPage = Type.Object({ Items: Type.Array(Listing), Total: Type.Integer() });
export type ListingPage = Static<typeof ListingPage>;
