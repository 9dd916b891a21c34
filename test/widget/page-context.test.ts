/**
 * Where a question is asked from (ClientAsk's [ext] `page` and `listing`): the widget sends the
 * page's origin and path — never its query or fragment — and the listing the page names; with
 * `page-context="off"` it sends neither. Against the real service, which must accept each.
 */
import { afterEach, expect, it, onTestFinished } from 'vitest';
import { answered, asked, mount, newChatbot, open, type, unmountAll } from './harness.ts';

afterEach(unmountAll);

it("sends the page's origin and path with each question, and the listing the page names", async () => {
  const before = location.href;
  history.replaceState(null, '', `${location.pathname}?token=secret#frag`);
  onTestFinished(() => history.replaceState(null, '', before));
  const bot = await mount(await newChatbot(), { listing: 'TX-48213' });
  await open(bot);
  const bodies = await asked(async () => {
    await type(bot, 'how big is the lot');
    await answered(bot);
  });
  expect(bodies).toEqual([
    expect.objectContaining({ page: `${location.origin}${location.pathname}`, listing: 'TX-48213' }),
  ]);
  expect(JSON.stringify(bodies)).not.toMatch(/secret|frag/);
});

it('sends neither with page-context="off"', async () => {
  const bot = await mount(await newChatbot(), { 'page-context': 'off', listing: 'TX-48213' });
  await open(bot);
  const bodies = await asked(async () => {
    await type(bot, 'homes in Austin');
    await answered(bot);
  });
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).not.toHaveProperty('page');
  expect(bodies[0]).not.toHaveProperty('listing');
});
