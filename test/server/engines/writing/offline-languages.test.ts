/**
 * The offline engine reading Spanish and French as visitors write them (engines/languages/),
 * through the real service, over the demo's listings: what each shows is what the question means
 * — kinds, sale or rent, rooms, budgets in each language's way of writing them — in a
 * conversation too ("no, solo en venta"), with the visitor's locale only breaking a tie.
 */
import { describe, expect, it } from 'vitest';
import { price, useDemoChatbot } from '../../../support/demo-chatbot.ts';

const demo = useDemoChatbot();
/** A visitor's conversation in `locale`: each question's cards, as listings, and the answer. */
const conversation = (locale?: string) => demo.conversation(locale);

describe('Spanish', () => {
  it('reads kind, sale, city, bedrooms and "700 mil" in one question (not just the city)', async () => {
    const ask = await conversation('es-MX');
    const { cards } = await ask('hola busco casa en venta en austin de 3 recamaras, maximo 700 mil');
    expect(cards.length).toBeGreaterThan(0);
    for (const l of cards)
      expect(l).toMatchObject({ PropertyType: 'Single Family', SaleType: 'for_sale', City: 'Austin', Bedrooms: 3 });
    expect(cards.every((l) => price(l) <= 700_000)).toBe(true);
  });

  it('reads "departamentos en renta con 2 recamaras": the apartments, not a house', async () => {
    const ask = await conversation('es-US');
    const { cards } = await ask('hola, tienen departamentos en renta en tampa con 2 recamaras?');
    expect(cards.length).toBeGreaterThan(0);
    for (const l of cards)
      expect(l).toMatchObject({ PropertyType: 'Apartment', SaleType: 'for_rent', City: 'Tampa', Bedrooms: 2 });
  });

  it('follows a conversation: "no, solo en venta, 3 recamaras", then a budget, then the cheapest', async () => {
    const ask = await conversation('es-MX');
    await ask('casas en Denver');
    const sale = await ask('no, solo en venta, 3 recamaras');
    expect(sale.cards.length).toBeGreaterThan(0);
    for (const l of sale.cards) expect(l).toMatchObject({ City: 'Denver', SaleType: 'for_sale', Bedrooms: 3 });
    const budget = await ask('menos de 700000 dolares');
    expect(budget.cards.length).toBeGreaterThan(0);
    expect(budget.cards.every((l) => l.City === 'Denver' && price(l) <= 700_000)).toBe(true);
    const cheapest = await ask('y cuanto cuesta el mas barato');
    expect(cheapest.cards).toHaveLength(1);
    expect(price(cheapest.cards[0]!)).toBe(Math.min(...budget.cards.map(price)));
  });

  it('reads misspellings and missing accents against its own words, and leaves a misspelt place to the place reader', async () => {
    const ask = await conversation('es-CO');
    const { cards } = await ask('departamneto de 2 recamras en renta en tampa');
    expect(cards.length).toBeGreaterThan(0);
    for (const l of cards)
      expect(l).toMatchObject({ PropertyType: 'Apartment', SaleType: 'for_rent', City: 'Tampa', Bedrooms: 2 });
    const madison = await (await conversation('es-ES'))('adosados en venta en Madisson');
    expect(madison.cards.length).toBeGreaterThan(0);
    for (const l of madison.cards) expect(l).toMatchObject({ PropertyType: 'Townhouse', City: 'Madison' });
  });
});

describe('French', () => {
  it('reads "maisons à vendre à Portland": houses for sale, not every home in Portland', async () => {
    const ask = await conversation('fr-FR');
    const { cards } = await ask('Avez-vous des maisons à vendre à Portland ?');
    expect(cards.length).toBeGreaterThan(0);
    for (const l of cards)
      expect(l).toMatchObject({ PropertyType: 'Single Family', SaleType: 'for_sale', City: 'Portland' });
  });

  it('reads a French budget ("250 000 $") and Québec’s "4 ½" (two bedrooms)', async () => {
    const ask = await conversation('fr-CA');
    const budget = await ask('des condos à vendre à Portland en bas de 250 000$');
    expect(budget.cards.length).toBeGreaterThan(0);
    expect(budget.cards.every((l) => l.PropertyType === 'Condo' && price(l) <= 250_000)).toBe(true);
    const rooms = await (await conversation('fr-CA'))('appartements à louer à Denver, juste des 4 ½');
    expect(rooms.cards.length).toBeGreaterThan(0);
    for (const l of rooms.cards)
      expect(l).toMatchObject({ PropertyType: 'Apartment', SaleType: 'for_rent', Bedrooms: 2 });
  });
});

describe('the language of a question', () => {
  it('is the question’s own: an English question from a Spanish page is read as English', async () => {
    const ask = await conversation('es-MX');
    const { cards } = await ask('3 bedroom houses for sale in Denver');
    expect(cards.length).toBeGreaterThan(0);
    for (const l of cards) expect(l).toMatchObject({ PropertyType: 'Single Family', Bedrooms: 3, City: 'Denver' });
  });

  it('is the conversation’s when a follow-up holds no word of any ("¿y Madison?" after Spanish)', async () => {
    const ask = await conversation();
    await ask('casas en venta en Raleigh de 3 recamaras');
    const { cards } = await ask('Madison?');
    expect(cards.length).toBeGreaterThan(0);
    for (const l of cards) expect(l).toMatchObject({ City: 'Madison', SaleType: 'for_sale', Bedrooms: 3 });
  });
});
