/**
 * A payment question answered (search/payment.ts works the estimate out): the figure, how it was
 * worked out, what was assumed and what it leaves out — or which price the visitor means.
 */
import { DEFAULT_MORTGAGE_RATE, addressText, type Listing, type Settings } from '../../../protocol/index.ts';
import { md } from '../search/format.ts';
import { estimate, type PaymentTerms } from '../search/payment.ts';
import { english, type Writing } from '../writing/index.ts';

/** The answer's prose: the estimate, how it was worked out, what was assumed and what it leaves out. */
export function paymentText(
  terms: PaymentTerms,
  listing: Listing | undefined,
  s: Settings,
  w: Writing = english,
): string {
  const symbol = listing?.CurrencySymbol ?? '$';
  const home = listing && md(addressText(listing));
  if (listing && terms.price === undefined && terms.loan === undefined) {
    if (listing.SaleType === 'for_rent' || listing.SalePrice === null)
      return listing.SaleType === 'for_rent' && listing.RentPrice !== null
        ? w.paymentForRental(home!, w.money(listing.RentPrice, symbol))
        : w.paymentNoPrice(home!);
  }
  const price = terms.loan === undefined ? (terms.price ?? listing?.SalePrice ?? undefined) : undefined;
  if (terms.loan === undefined && price === undefined) return w.paymentWhichPrice();
  const { principal, down, rate, years, monthly, assumed } = estimate(
    terms,
    price,
    s.MortgageRate ?? DEFAULT_MORTGAGE_RATE,
  );
  const forHome = listing && terms.price === undefined && terms.loan === undefined;
  return w.payment({
    symbol,
    monthly,
    principal,
    ...(terms.loan === undefined
      ? {
          from: {
            price: price!,
            down,
            ...(terms.downAmount === undefined ? { downPct: terms.downPct ?? 20 } : {}),
          },
        }
      : {}),
    rate,
    years,
    ...(forHome ? { home } : {}),
    assumed,
    ...(forHome && listing.HOAMonth ? { hoa: listing.HOAMonth } : {}),
    person: Boolean(s.TalkToHumanEmail),
  });
}
