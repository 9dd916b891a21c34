/**
 * The owner's Conversations, Unanswered and Insights pages end to end, against the service as
 * `npm start` runs it, in Debian's Chromium (test/e2e/site/harness.ts): a visitor's conversation
 * through the API, then the owner reading it. Its counts are the demo chatbot's: it runs before any
 * other suite talks to it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createClient } from '../../../src/client/index.ts';
import { axeViolations } from '../../support/chromium.ts';
import { png } from '../../support/media.ts';
import { signedInConsole, type Site } from './harness.ts';

const LISTINGS_QUESTION = '3 bedroom homes in Austin under $500k';
// Nothing the offline engine can look up (with "open house" in it, it would search for open houses).
const HORSE_QUESTION = 'Can I bring my horse?';
const COMMENT = 'These are not near the lake at all.';

export function describeConversations(site: Site): void {
  /** The visitor's conversation: its id, the answers the service gave, and the cards' addresses. */
  let visit: { sessionId: number; listingsAnswer: string; horseNoAnswer: boolean; addresses: string[] };

  beforeAll(async () => {
    const session = await createClient({ baseUrl: site.bin.url }).getSession({ serialNumber: site.bin.serial });
    const visitor = createClient({ baseUrl: site.bin.url, visitorToken: session.VisitorToken });
    const sessionID = session.SessionID;
    const listings = await visitor.ask({ sessionID, content: LISTINGS_QUESTION });
    const horse = await visitor.ask({ sessionID, content: HORSE_QUESTION });
    const { FileStoreId, PreUploadUrl } = await visitor.getPreUploadUrl({ fileName: 'porch.png', sessionID });
    await visitor.upload(PreUploadUrl, png(40, 30));
    await visitor.uploadSuccess({ FileStoreId });
    await visitor.ask({
      sessionID,
      content: 'What about this porch?',
      chatAskType: 'Image',
      fileIds: [Number(FileStoreId)],
    });
    await visitor.feedback({
      sessionID,
      answerID: listings.messageid,
      rating: 'down',
      reasons: ['wrong-listing'],
      comment: COMMENT,
    });
    const addresses = [...listings.content.matchAll(/"Address":"([^"]+)"/g)].map((m) => m[1]!);
    visit = { sessionId: sessionID, listingsAnswer: listings.content, horseNoAnswer: horse.noAnswer, addresses };
  }, 90_000);

  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

  /** The console signed in, moved to a page by its link in the navigation: focus goes to its heading. */
  async function consolePage(link: string, heading: string): Promise<Page> {
    const page = await signedInConsole(site);
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect.poll(() => focusedText(page)).toBe(heading);
    return page;
  }

  describe('the conversation the visitor had', () => {
    it('was one with cards, a question the offline engine cannot answer, and an image', () => {
      expect(visit.horseNoAnswer).toBe(true);
      expect(visit.listingsAnswer).toContain('```listings');
      expect(visit.addresses.length).toBeGreaterThan(0);
    });
  });

  describe('Conversations', () => {
    it('lists the conversation with its flags, finds it by a word of it, and keeps the filters in the address', async () => {
      const page = await consolePage('Conversations', 'Conversations');
      const row = page.locator('owner-conversations tbody tr', { hasText: LISTINGS_QUESTION });
      await row.waitFor();
      expect(await row.locator('.badge').allTextContents()).toEqual(
        expect.arrayContaining(['Unanswered', 'Rated down', 'Has files']),
      );
      expect(await row.locator('td').nth(2).textContent()).toBe('3');

      await page.getByLabel('Search').fill('horse');
      await page.getByLabel('Flag').selectOption('ratedDown');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const caption = page.locator('owner-conversations caption');
      await expect.poll(() => caption.textContent()).toMatch(/^1 conversation found/);
      expect(page.url()).toMatch(/#\/conversations\?.*flag=ratedDown.*q=horse/);
      expect(await page.locator('owner-conversations tbody tr').count()).toBe(1);

      await page.getByLabel('Search').fill('zeppelin');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.getByText('No conversation matches.').waitFor();
      await page.goBack();
      await expect.poll(() => caption.textContent()).toMatch(/^1 conversation found/);
      expect(await page.getByLabel('Search').inputValue()).toBe('horse');

      await page.reload();
      await expect.poll(() => caption.textContent()).toMatch(/^1 conversation found/);
      expect(await page.getByLabel('Flag').inputValue()).toBe('ratedDown');
      expect(await axeViolations(page), 'conversations').toEqual([]);
      await page.context().close();
    }, 60_000);

    it('opens the transcript: the answers with their cards, the file sent, what became of each answer and the feedback', async () => {
      const page = await signedInConsole(site, '#/conversations?q=horse');
      await page.locator('owner-conversations tbody a', { hasText: LISTINGS_QUESTION }).click();
      await expect.poll(() => focusedText(page)).toBe(`Conversation ${visit.sessionId}`);
      expect(page.url()).toContain(`#/conversations/${visit.sessionId}`);

      const turns = page.locator('.transcript > li');
      await expect.poll(() => turns.count()).toBe(6);
      const first = turns.nth(1);
      expect(await turns.nth(0).textContent()).toContain(LISTINGS_QUESTION);
      // The answer as the visitor saw it: its prose, and its listings block as the widget's cards.
      await first.locator('owner-answer chat-bot-listings .card').first().waitFor();
      expect(await first.locator('owner-answer .md').textContent()).toContain(visit.addresses[0]);
      expect(await first.locator('owner-answer .md pre').count()).toBe(0);
      expect(await first.locator('owner-answer chat-bot-listings h3').first().textContent()).toContain(
        visit.addresses[0]!.split(',')[0],
      );
      // Cards the owner reads offer nothing to do: asking and talking to a person are the visitor's.
      expect(await first.locator('owner-answer chat-bot-listings button', { hasText: /Ask about/ }).count()).toBe(0);
      expect(await first.locator('.feedback').textContent()).toContain('Rated down by the visitor');
      expect(await first.locator('.feedback').textContent()).toContain('Wrong listing');
      expect(await first.locator('.feedback blockquote').textContent()).toBe(COMMENT);
      expect(await turns.nth(3).locator('.badge').allTextContents()).toContain('No answer: nothing known about this');

      const image = turns.nth(4).locator('owner-attachment img');
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
      expect(await image.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth))).toBe(40);
      expect(await axeViolations(page), 'transcript').toEqual([]);

      await page.getByRole('link', { name: 'Back to Conversations' }).click();
      await expect.poll(() => page.url()).toMatch(/#\/conversations\?q=horse$/);
      await page.locator('owner-conversations tbody tr').first().waitFor();
      await page.context().close();
    }, 60_000);

    it('exports the conversations and the feedback as CSV (with a BOM and a header row) and as JSON', async () => {
      const page = await signedInConsole(site, '#/conversations');
      await page.locator('owner-conversations tbody tr').first().waitFor();
      const download = async (name: string) => {
        const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
        // Read as a stream: a browser connected to (the lane's shared Chromium) keeps no local path.
        return {
          name: file.suggestedFilename(),
          text: Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8'),
        };
      };

      const csv = await download('Export conversations CSV');
      expect(csv.name).toMatch(/\.csv$/);
      expect(csv.text.charCodeAt(0)).toBe(0xfeff);
      const [header, ...rows] = csv.text.slice(1).split(/\r?\n/).filter(Boolean);
      expect(header!.split(',').length).toBeGreaterThan(2);
      expect(rows.join('\n')).toContain('horse');

      const json = await download('Export conversations JSON');
      expect(json.name).toMatch(/\.json$/);
      expect(JSON.stringify(JSON.parse(json.text))).toContain(HORSE_QUESTION);

      const feedback = await download('Export feedback CSV');
      expect(feedback.text.charCodeAt(0)).toBe(0xfeff);
      expect(feedback.text).toContain(COMMENT);
      const feedbackJson = await download('Export feedback JSON');
      expect(JSON.stringify(JSON.parse(feedbackJson.text))).toContain('wrong-listing');
      await page.context().close();
    }, 60_000);
  });

  describe('Unanswered', () => {
    it('groups the question nobody answered and the answer rated down, each linked to its conversation', async () => {
      const page = await consolePage('Unanswered', 'Unanswered questions');
      const unknown = page.getByRole('region', { name: 'Questions the assistant had no answer for' });
      const horse = unknown.locator('.group', { hasText: HORSE_QUESTION });
      await horse.waitFor();
      expect(await horse.textContent()).toContain('without an answer');
      const rated = page
        .getByRole('region', { name: 'Answers visitors rated down' })
        .locator('.group', { hasText: LISTINGS_QUESTION });
      await rated.locator('summary').click();
      expect(await rated.locator('.asked').textContent()).toContain('Wrong listing');
      expect(await rated.locator('.asked blockquote').textContent()).toBe(COMMENT);
      expect(await axeViolations(page), 'unanswered').toEqual([]);

      await horse.locator('summary').click();
      await horse.getByRole('link', { name: /Open the conversation/ }).click();
      await expect.poll(() => focusedText(page)).toBe(`Conversation ${visit.sessionId}`);
      await page.getByRole('link', { name: 'Back to Unanswered questions' }).waitFor();
      await page.context().close();
    }, 60_000);

    it('shows the service’s refusal of a range that ends before it starts at the To field', async () => {
      const page = await signedInConsole(site, '#/unanswered');
      await page.locator('owner-unanswered .group').first().waitFor();
      // Exact: the sections are named by their headings, and "visitors" has a "to" in it.
      await page.getByLabel('From', { exact: true }).fill('2025-03-10');
      await page.getByLabel('To', { exact: true }).fill('2025-03-01');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const error = page.locator('#unanswered-to-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/must not be before/);
      expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page), 'unanswered with an error').toEqual([]);
      await page.context().close();
    }, 60_000);
  });

  describe('Insights', () => {
    it('shows each chart with a summary, as a picture named by it, and as a table with the same numbers', async () => {
      const figures = await site.owner.insights({ SerialNumber: site.bin.serial });
      const today = figures.Days.find((d) => d.Questions > 0)!;
      expect(today).toMatchObject({ Conversations: 1, Questions: 3, Down: 1 });

      const page = await consolePage('Insights', 'Insights');
      await expect.poll(() => page.locator('owner-chart canvas').count()).toBe(5);
      const charts = page.locator('owner-chart');
      for (const chart of await charts.all()) {
        const summary = (await chart.locator('.summary').textContent())!;
        expect(summary.length).toBeGreaterThan(10);
        expect(await chart.locator('.plot[role="img"]').getAttribute('aria-label')).toBe(summary);
      }
      const questions = charts.filter({ hasText: 'Questions and conversations per day' });
      expect(await questions.locator('.summary').textContent()).toMatch(
        /^3 questions in 1 conversation over 30 days; busiest day .+ with 3 questions\.$/,
      );
      await questions.locator('summary').click();
      const rows = questions.locator('tbody tr');
      expect(await rows.count()).toBe(figures.Days.length);
      const row = rows.nth(figures.Days.indexOf(today));
      expect(await row.locator('td').allTextContents()).toEqual(['3', '1']);
      const hours = charts.filter({ hasText: 'Busiest hours' });
      expect(await hours.locator('.summary').textContent()).toContain(`(${figures.TimeZone} time) with `);
      expect(await hours.locator('tbody tr').count()).toBe(24);
      const perHour = (await hours.locator('tbody td').allTextContents()).map(Number);
      expect(perHour).toEqual(figures.Hours);
      expect(await page.locator('owner-insights .top', { hasText: 'Cities' }).textContent()).toContain('Austin');
      expect(await axeViolations(page), 'insights').toEqual([]);

      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed'))
        .toBe('true');
      expect(page.url()).toMatch(/#\/insights\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
      await expect.poll(() => questions.locator('tbody tr').count()).toBe(7);
      await page.context().close();
    }, 60_000);
  });

  describe('A visitor who asks what the assistant cannot know', () => {
    it('shows a question the assistant cannot know — answered honestly, with no homes — for the owner to follow up', async () => {
      const question = 'What are property taxes like in Texas?';
      const session = await createClient({ baseUrl: site.bin.url }).getSession({ serialNumber: site.bin.serial });
      const visitor = createClient({ baseUrl: site.bin.url, visitorToken: session.VisitorToken });
      const answer = await visitor.ask({ sessionID: session.SessionID, content: question });
      expect(answer.noAnswer).toBe(true);
      expect(answer.content).not.toContain('```listings');
      expect(answer.content).toMatch(/I can't tell you about taxes/);
      const page = await consolePage('Unanswered', 'Unanswered questions');
      const group = page.locator('owner-unanswered .group', { hasText: question });
      await group.waitFor();
      expect(await group.textContent()).toContain('without an answer');
      await page.context().close();
    }, 60_000);
  });

  describe('A visitor who rates an answer down in the widget', () => {
    it('is read by the owner: the vote and its reason in the transcript, the question in Unanswered, the down in the insights', async () => {
      const question = 'Show me condos in Denver';
      const visitor = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const widget = await visitor.newPage();
      await widget.goto(site.bin.url);
      await widget.locator('chat-bot .launcher').click();
      await widget.locator('chat-bot-panel textarea').fill(question);
      await widget.locator('chat-bot-panel textarea').press('Enter');
      const down = widget.getByRole('button', { name: 'Not helpful' });
      await down.waitFor();
      await down.click();
      await widget.getByRole('button', { name: 'Wrong listing' }).click();
      await widget.getByLabel('Anything else? (optional)').fill('I wanted a loft');
      await widget.locator('chat-bot-feedback').getByRole('button', { name: 'Send', exact: true }).click();
      await widget.getByText('Thanks for your feedback').waitFor();
      expect(await down.getAttribute('aria-pressed')).toBe('true');
      await visitor.close();

      const page = await signedInConsole(site, '#/conversations');
      await page.getByLabel('Search').fill('Denver condos');
      await page.getByLabel('Flag').selectOption('ratedDown');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.locator('owner-conversations tbody a', { hasText: question }).click();
      const answer = page.locator('.transcript > li').nth(1);
      await answer.locator('.feedback').waitFor();
      expect(await answer.locator('.feedback').textContent()).toContain('Wrong listing');
      expect(await answer.locator('.feedback blockquote').textContent()).toBe('I wanted a loft');

      await page.getByRole('link', { name: 'Unanswered', exact: true }).click();
      const group = page.locator('owner-unanswered .group', { hasText: question });
      await group.waitFor();
      expect(await group.textContent()).toMatch(/rated down/i);

      await page.getByRole('link', { name: 'Insights', exact: true }).click();
      const thumbs = page.locator('owner-chart').filter({ hasText: /thumbs/i });
      await expect
        .poll(async () => (await thumbs.locator('.summary').textContent()) ?? '')
        .toMatch(/2 thumbs down|2 down/);
      await page.context().close();
    }, 90_000);
  });
}
