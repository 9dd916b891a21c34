/**
 * The console's Knowledge page end to end, against the service as `npm start` runs it, in Debian's
 * Chromium (test/e2e/site/harness.ts): a question the demo's knowledge cannot answer, asked by a
 * visitor through the API and rated down, answered by the owner from Unanswered with a FAQ entry —
 * edited, tried with "Try a question" — which the next visitor then gets, the FAQ named; then deleted.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { answerProse, createClient } from '../../../src/client/index.ts';
import { parseSources } from '../../../src/client/sources.ts';
import { axeViolations } from '../../support/chromium.ts';
import { signedInConsole, type Site } from './harness.ts';

// The demo agency's FAQ and pages say nothing about managing a landlord's home: the offline engine
// answers with what it has nearest (homes, for "property"; or what renting asks of a tenant, who
// needs a reference from a landlord), which the visitor rates down.
const VISITOR_QUESTION = 'Do you offer property management for landlords?';
const FAQ_QUESTION = 'Do you offer property management?';
const ANSWER = 'Yes: we manage rentals in all six of our cities, from finding a tenant to the repairs.';
const EDITED =
  'Yes — we manage rentals for landlords in all six of our cities: finding and screening tenants, collecting the rent and looking after repairs, for **7 %** of the monthly rent.';
const PHRASINGS = ['Can you manage my rental property?', 'Do you look after rentals for landlords?'];

export function describeKnowledge(site: Site): void {
  /** A visitor's question through the API, in a conversation of its own (as conversations.ts asks); `rateDown` votes its answer down. */
  async function visitorAsks(question: string, { rateDown = false } = {}) {
    const session = await createClient({ baseUrl: site.bin.url }).getSession({ serialNumber: site.bin.serial });
    const visitor = createClient({ baseUrl: site.bin.url, visitorToken: session.VisitorToken });
    const answer = await visitor.ask({ sessionID: session.SessionID, content: question });
    if (rateDown)
      await visitor.feedback({
        sessionID: session.SessionID,
        answerID: answer.messageid,
        rating: 'down',
        reasons: ['not-helpful'],
      });
    return answer;
  }

  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      return { id: el?.id ?? '', text: el?.textContent?.trim() ?? '' };
    });

  const faqs = async () =>
    (await site.owner.knowledgeList({ SerialNumber: site.bin.serial, Kind: 'faq', PageSize: 100 })).Items.filter(
      (s) => s.Question === FAQ_QUESTION,
    );

  describe("the console's Knowledge", () => {
    it('answers an unanswered question with a FAQ entry, edited and tried, that the next visitor gets with the FAQ named; then deletes it', async () => {
      expect(await faqs()).toEqual([]);
      const unhelpful = await visitorAsks(VISITOR_QUESTION, { rateDown: true });
      expect(parseSources(unhelpful.content)).not.toContainEqual({ title: FAQ_QUESTION });

      const page = await signedInConsole(site, '#/unanswered');
      const group = page.locator('owner-unanswered .group', { hasText: VISITOR_QUESTION });
      await group.waitFor();
      expect(await group.textContent()).toContain('1 rated down');
      await group.getByRole('button', { name: `Add an answer to “${VISITOR_QUESTION}”` }).click();
      // The question filled in, the owner starts at its answer.
      await expect.poll(async () => (await focused(page)).id).toBe('knowledge-Content');
      expect(page.url()).toMatch(/#\/knowledge\?answer=/);
      const form = page.locator('owner-knowledge-form form');
      expect(await form.getByRole('heading').textContent()).toBe('New FAQ entry');
      expect(await form.getByLabel('Question').inputValue()).toBe(VISITOR_QUESTION);
      expect(await axeViolations(page), 'a new FAQ entry').toEqual([]);

      // The service's refusal, at the field it names and by its label.
      await form.getByLabel('Question').fill(FAQ_QUESTION);
      await form.getByLabel('Answer').fill(ANSWER);
      await form.getByLabel('Page that says more').fill('not a web address');
      await form.getByRole('button', { name: 'Add the FAQ entry' }).click();
      const error = page.locator('#knowledge-Url-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/^Page that says more must be an http\(s\) URL/);
      expect(await form.getByLabel('Page that says more').getAttribute('aria-invalid')).toBe('true');
      expect((await focused(page)).id).toBe('knowledge-Url');
      expect(await faqs()).toEqual([]);
      expect(await axeViolations(page), 'a FAQ entry refused').toEqual([]);

      await form.getByLabel('Page that says more').fill('');
      await form.getByRole('button', { name: 'Add the FAQ entry' }).click();
      const status = page.locator('#knowledge-status');
      await expect.poll(() => status.textContent()).toBe(`Added “${FAQ_QUESTION}”. The chat answers from it now.`);
      // The address no longer opens the form; focus is on the new entry's row.
      await expect.poll(() => page.url()).toMatch(/#\/knowledge$/);
      const row = page.locator('owner-knowledge tbody tr', { hasText: FAQ_QUESTION });
      expect(await row.locator('td').first().textContent()).toBe('FAQ entry');
      await expect.poll(async () => (await focused(page)).text).toBe(`Edit “${FAQ_QUESTION}”`);

      await row.getByRole('button', { name: `Edit “${FAQ_QUESTION}”` }).click();
      expect(await form.getByRole('heading').textContent()).toBe(`Edit “${FAQ_QUESTION}”`);
      expect((await focused(page)).id).toBe('knowledge-Question');
      await form.getByLabel('Answer').fill(EDITED);
      await form.getByLabel('Other ways visitors ask it').fill(`${PHRASINGS[0]}\n\n  ${PHRASINGS[1]}  \n`);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => status.textContent()).toBe(`Saved “${FAQ_QUESTION}”. The chat answers from it now.`);
      const [stored] = await faqs();
      expect(stored).toMatchObject({ Content: EDITED, Phrasings: PHRASINGS, Url: '', Passages: 1 });

      await page.getByLabel('A visitor’s question').fill(VISITOR_QUESTION);
      await page.getByRole('button', { name: 'Try it' }).click();
      const best = page.locator('owner-knowledge-search .hit').first();
      await best.waitFor();
      expect(await best.locator('h3').textContent()).toBe(FAQ_QUESTION);
      expect(await best.locator('.badge').textContent()).toBe('Would answer');
      const search = await site.owner.knowledgeSearch({ SerialNumber: site.bin.serial, Query: VISITOR_QUESTION });
      expect(search.Items[0]!.Score).toBeGreaterThanOrEqual(search.Threshold);
      expect(await best.locator('.score').textContent()).toContain(`Score ${search.Items[0]!.Score.toFixed(2)}`);
      expect(await page.locator('owner-knowledge-search p[role="status"]').textContent()).toContain(
        `The offline engine would answer from “${FAQ_QUESTION}”`,
      );
      expect(await axeViolations(page), 'passages found').toEqual([]);

      const answered = await visitorAsks(VISITOR_QUESTION);
      expect(answered.noAnswer).toBe(false);
      expect(answerProse(answered.content)).toContain('we manage rentals for landlords');
      expect(parseSources(answered.content)).toContainEqual({ title: FAQ_QUESTION });

      // The confirmation answers to the keyboard: Escape keeps the entry, Delete (a Tab away from Keep) deletes it.
      const remove = row.getByRole('button', { name: `Delete “${FAQ_QUESTION}”` });
      await remove.click();
      const dialog = page.getByRole('dialog');
      await expect.poll(async () => (await focused(page)).text).toBe('Keep');
      expect(await dialog.getByRole('heading').textContent()).toBe(`Delete “${FAQ_QUESTION}”?`);
      expect(await axeViolations(page), 'the confirmation').toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await faqs()).toHaveLength(1);
      await remove.click();
      await expect.poll(async () => (await focused(page)).text).toBe('Keep');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => status.textContent()).toBe(`Deleted “${FAQ_QUESTION}”.`);
      await row.waitFor({ state: 'detached' });
      expect(await faqs()).toEqual([]);
      await expect.poll(async () => (await focused(page)).text).toBe('Sources');
      await page.context().close();
    }, 90_000);
  });
}
