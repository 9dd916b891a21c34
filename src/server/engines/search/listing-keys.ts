/**
 * What the database keeps beside each listing for the engines' search: the values their matching
 * compares (a city lower-cased as JavaScript lower-cases it, a street's key, the price that counts,
 * square feet), worked out by the engines' own functions when the listing is written — so a search
 * in SQL compares exactly what the in-memory matching compares, whatever the database's locale —
 * and the terms a chatbot's listings name (cities, kinds, streets…), counted per chatbot, which a
 * question is read with.
 */
import { addressText, type Listing } from '../../../protocol/index.ts';
import { wholeWords, wordsOf } from '../reading/features.ts';
import { pageKey } from '../reading/page.ts';
import { addressKey, mlsKey, streetOf } from '../reading/places.ts';

export { termsOf, type TermKind } from '../reading/places.ts';
import { priceOf, squareFeet } from './match.ts';

/** Raised whenever a function below changes what it gives: rows written before are worked out again at start. */
export const KEYS_VERSION = 2;

type Fields = Pick<
  Listing,
  | 'City'
  | 'State'
  | 'ZIP'
  | 'Address'
  | 'Url'
  | 'MLSNumber'
  | 'PropertyType'
  | 'SaleType'
  | 'SalePrice'
  | 'RentPrice'
  | 'AreaUnit'
  | 'BuildingArea'
  | 'Description'
  | 'ExtensionColumn'
>;

/** A Url without the slashes it ends with: how a model's get_listing compares Urls. */
export const withoutTrailingSlashes = (url: string) => url.replace(/(?<!\/)\/+$/, '');
/** Lower-case ASCII letters and digits only: how a model's get_listing compares MLS numbers and addresses. */
export const lettersAndDigits = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface ListingKeys {
  cityKey: string;
  stateKey: string;
  streetKey: string;
  mlsKey: string;
  houseNumber: string;
  /** The page of its Url (reading/page.ts pageKey); null when the Url is no address. */
  pageKey: string | null;
  urlKey: string;
  addressKey: string;
  price: number | null;
  sqft: number;
  words: string;
  /** Its words' whole words (features.ts wholeWords): a one-word feature is looked up among them. */
  wholeWords: string[];
  keysVersion: number;
}

export function listingKeys(l: Fields): ListingKeys {
  const full = addressKey(l.Address).trim();
  const words = wordsOf(l);
  return {
    cityKey: l.City.toLowerCase(),
    stateKey: l.State.toUpperCase(),
    streetKey: streetOf(l.Address).key,
    mlsKey: mlsKey(l.MLSNumber),
    houseNumber: /^\d/.test(full) ? full.split(' ')[0]! : '',
    pageKey: pageKey(l.Url),
    urlKey: withoutTrailingSlashes(l.Url),
    addressKey: lettersAndDigits(addressText(l)),
    price: priceOf(l),
    sqft: squareFeet(l),
    words,
    wholeWords: wholeWords(words),
    keysVersion: KEYS_VERSION,
  };
}
