/**
 * What the database keeps beside each listing for the engines' search: the values their matching
 * compares (a city lower-cased as JavaScript lower-cases it, a street's key, the price that counts,
 * square feet), worked out by the engines' own functions when the listing is written — so a search
 * in SQL compares exactly what the in-memory matching compares, whatever the database's locale —
 * and the terms a chatbot's listings name (cities, kinds, streets…), counted per chatbot, which a
 * question is read with.
 */
import type { Listing } from '../../../protocol/index.ts';
import { wordsOf } from '../reading/features.ts';
import { addressKey, mlsKey, streetOf } from '../reading/places.ts';
import { priceOf, squareFeet } from './match.ts';

/** Raised whenever a function below changes what it gives: rows written before are worked out again at start. */
export const KEYS_VERSION = 1;

type Fields = Pick<
  Listing,
  | 'City'
  | 'State'
  | 'ZIP'
  | 'Address'
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

export interface ListingKeys {
  cityKey: string;
  stateKey: string;
  streetKey: string;
  mlsKey: string;
  houseNumber: string;
  price: number | null;
  sqft: number;
  words: string;
  keysVersion: number;
}

export function listingKeys(l: Fields): ListingKeys {
  const full = addressKey(l.Address).trim();
  return {
    cityKey: l.City.toLowerCase(),
    stateKey: l.State.toUpperCase(),
    streetKey: streetOf(l.Address).key,
    mlsKey: mlsKey(l.MLSNumber),
    houseNumber: /^\d/.test(full) ? full.split(' ')[0]! : '',
    price: priceOf(l),
    sqft: squareFeet(l),
    words: wordsOf(l),
    keysVersion: KEYS_VERSION,
  };
}

export type TermKind = 'city' | 'state' | 'zip' | 'type' | 'street' | 'name';

/**
 * The terms one listing names, each once: its city, state, ZIP and kind; its street (name, key and
 * spelling: a JSON array of the three); the words of its address that are names (no digit, longer
 * than two letters).
 */
export function termsOf(
  l: Pick<Listing, 'City' | 'State' | 'ZIP' | 'PropertyType' | 'Address'>,
): { kind: TermKind; value: string }[] {
  const out: { kind: TermKind; value: string }[] = [];
  if (l.City) out.push({ kind: 'city', value: l.City });
  if (l.State) out.push({ kind: 'state', value: l.State.toUpperCase() });
  if (l.ZIP) out.push({ kind: 'zip', value: l.ZIP });
  out.push({ kind: 'type', value: l.PropertyType });
  const road = streetOf(l.Address);
  if (road.key) out.push({ kind: 'street', value: JSON.stringify([road.name, road.key, road.written]) });
  const names = new Set(
    addressKey(l.Address)
      .trim()
      .split(' ')
      .filter((w) => w.length > 2 && !/\d/.test(w)),
  );
  for (const value of names) out.push({ kind: 'name', value });
  return out;
}
