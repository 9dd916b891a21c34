/** How the console names listing things, and its routes to a listing's form. */
import type { Listing } from 'chat-bot-element';
import type { KEY_TYPES } from 'chat-bot-element/rules';

export type KeyType = (typeof KEY_TYPES)[number];

export const KEY_TYPE_LABELS: Record<KeyType, string> = { NewOaks: 'Id', MLSNumber: 'MLS number', URL: 'Url' };
export const SALE_TYPE_LABELS: Record<Listing['SaleType'], string> = { for_sale: 'For sale', for_rent: 'For rent' };

/** The listing's price as a visitor reads it: the rent per month for rentals. */
export function priceOf(l: Listing): string {
  const amount = l.SaleType === 'for_rent' ? l.RentPrice : l.SalePrice;
  if (amount === null) return '—';
  const text = `${l.CurrencySymbol}${Math.round(amount).toLocaleString('en-US')}`;
  return l.SaleType === 'for_rent' ? `${text}/month` : text;
}

/** The form of one listing, found by a key of any KeyType. */
export const editRoute = (keyType: KeyType, key: string) => `#/listings/edit/${keyType}/${encodeURIComponent(key)}`;
