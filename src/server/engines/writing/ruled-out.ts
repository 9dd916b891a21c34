/**
 * What a search rules out (`Criteria.exclude`: "not condos", "no rentals", "nothing sold"), each
 * named in a writing's words, in one order for every language: the kinds, then rentals, homes for
 * sale, sold homes, coming-soon homes, studios. The places ruled out and HOA dues each writing says
 * in a phrase of its own.
 */
import type { Criteria } from '../reading/criteria.ts';

export interface RuledOutWords {
  rentals: string;
  forSale: string;
  sold: string;
  comingSoon: string;
  studios: string;
}

export const ruledOut = (x: Criteria['exclude'], kind: (type: string) => string, words: RuledOutWords): string[] => [
  ...x.propertyTypes.map(kind),
  ...(x.saleTypes.includes('for_rent') ? [words.rentals] : []),
  ...(x.saleTypes.includes('for_sale') ? [words.forSale] : []),
  ...(x.statuses.includes('Sold') ? [words.sold] : []),
  ...(x.statuses.includes('PreOnMarket') ? [words.comingSoon] : []),
  ...(x.studios ? [words.studios] : []),
];
