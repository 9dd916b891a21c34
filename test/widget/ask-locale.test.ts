/**
 * The language the visitor reads goes with each question (ClientAsk's [ext] `locale`): the
 * widget's `locale` — the page's choice, else the browser's — as a valid language tag, which the
 * real service accepts.
 */
import { afterEach, expect, it } from 'vitest';
import { answered, asked, mount, newChatbot, open, stored, type, unmountAll } from './harness.ts';

afterEach(unmountAll);

it('sends the locale the page sets with each question', async () => {
  const bot = await mount(await newChatbot(), { locale: 'es-MX' });
  await open(bot);
  const bodies = await asked(async () => {
    await type(bot, 'casas en Austin');
    await answered(bot);
  });
  expect(bodies).toEqual([expect.objectContaining({ locale: 'es-MX' })]);
});

it("sends the browser's language when the page sets none", async () => {
  const bot = await mount(await newChatbot());
  await open(bot);
  const bodies = await asked(async () => {
    await type(bot, 'homes in Austin');
    await answered(bot);
  });
  expect(bodies).toEqual([expect.objectContaining({ locale: Intl.getCanonicalLocales(navigator.language)[0] })]);
});

it('sends a valid tag when the page sets one that is not, and the service answers', async () => {
  const serial = await newChatbot();
  const bot = await mount(serial, { locale: 'es_MX' });
  await open(bot);
  const bodies = await asked(async () => {
    await type(bot, 'homes in Denver');
    await answered(bot);
  });
  expect(bodies).toHaveLength(1);
  expect(() => Intl.getCanonicalLocales(bodies[0]!.locale as string)).not.toThrow();
  // The question was taken and answered: both stored.
  expect((await stored(serial)).length).toBe(2);
});
