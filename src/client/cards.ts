/**
 * Reading listing cards (src/protocol/cards.ts) from an answer's `listings` block, for clients that
 * show them: the widget's cards, or your own.
 */
export { addressText, cardsOf, parseCard } from '../protocol/cards.ts';
