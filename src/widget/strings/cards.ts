/** The listing cards' English words: they load with the cards, not with every chat. */
export const cardsEn = {
  /** The carousel's name, singular|plural; `{n}` is how many homes it holds. */
  homes: '{n} home|{n} homes',
  /** A card's place in the carousel. */
  slide: '{i} of {n}',
  previousHome: 'Previous home',
  nextHome: 'Next home',
  forSale: 'For sale',
  forRent: 'For rent',
  active: 'Active',
  comingSoon: 'Coming soon',
  sold: 'Sold',
  tour3d: '3D tour',
  openHouse: 'Open house',
  /** A rent; `{price}` is the amount with its currency symbol. */
  perMonth: '{price}/month',
  priceOnRequest: 'Price on request',
  /** Singular|plural; `{n}` is the number. */
  bedrooms: '{n} bedroom|{n} bedrooms',
  bathrooms: '{n} bathroom|{n} bathrooms',
  studio: 'Studio',
  /** A building's area in square feet, after its number (square meters are m² in every language). */
  squareFeet: 'sq ft',
  askAbout: 'Ask about this home',
  /** What "Ask about this home" puts in the message box. */
  askAboutText: 'Tell me more about {address} (MLS {mls}).',
  loadingHomes: 'Loading homes…',
};

export type CardsStrings = typeof cardsEn;
