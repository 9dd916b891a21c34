/**
 * The console's Live page end to end, against the service as `npm start` runs it, in Debian's
 * Chromium (test/e2e/site/harness.ts): a visitor (the typed client) asks for a person while the
 * owner has the page open, the owner joins — taking over from another agent — answers, reads the
 * visitor typing and asking, and leaves; the visitor's own stream hears each step. Then the
 * conversation's record and Insights show the agent's part.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createClient, type AgentEvent, type Client } from '../../../src/client/index.ts';
import { axeViolations } from '../../support/chromium.ts';
import { signedInConsole, type Site } from './harness.ts';

/** The visitor's stream read in the background, and a wait for the event a test expects. */
function listen(visitor: Client, sessionID: number) {
  const abort = new AbortController();
  const heard: AgentEvent[] = [];
  void (async () => {
    try {
      for await (const m of visitor.chatEvents({ sessionID }, { signal: abort.signal })) heard.push(m.data);
    } catch {
      // Aborted at the test's end.
    }
  })();
  return {
    stop: () => abort.abort(),
    heard: (match: Partial<AgentEvent>) =>
      expect.poll(() => heard.find((e) => Object.entries(match).every(([k, v]) => e[k as keyof AgentEvent] === v)), {
        timeout: 10_000,
      }),
  };
}

/** What has focus: a field by its id, anything else (a heading, a button) by its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.id : el?.textContent?.trim();
  });

export function describeLive(site: Site): void {
  describe('Live', () => {
    it('brings a request for a person as it is made; the owner takes it over, answers, reads the visitor and leaves', async () => {
      const page = await signedInConsole(site);
      await page.getByRole('link', { name: 'Live', exact: true }).click();
      await expect.poll(() => focused(page)).toBe('Live');
      // Once it says so, the owner's stream is open: the owner is present.
      await page.getByText('Connected: while this page is open you are present', { exact: false }).waitFor();
      // Each tone the page plays, counted (WebAudio makes no sound in a headless browser).
      await page.evaluate(() => {
        const made = AudioContext.prototype.createOscillator;
        (window as unknown as { tones: number }).tones = 0;
        AudioContext.prototype.createOscillator = function (this: AudioContext) {
          (window as unknown as { tones: number }).tones++;
          return made.call(this);
        };
      });

      const session = await createClient({ baseUrl: site.bin.url }).getSession({ serialNumber: site.bin.serial });
      const sessionID = session.SessionID;
      const visitor = createClient({ baseUrl: site.bin.url, visitorToken: session.VisitorToken });
      const theirs = listen(visitor, sessionID);
      const asked = await visitor.talkToHuman({
        sessionID,
        name: 'Priya Raman',
        email: 'priya@example.com',
        message: 'Can someone call me about the Elm Street house?',
      });
      expect(asked.Live).toBe(true);

      const request = page.locator('owner-live .handoff', { hasText: 'Priya Raman' });
      await request.waitFor();
      expect(await request.textContent()).toContain('priya@example.com');
      expect(await request.textContent()).toContain('Can someone call me about the Elm Street house?');
      expect(await request.textContent()).toContain('Waiting for someone to join');
      expect(await page.locator('owner-live [role="log"][aria-live="polite"]').first().textContent()).toContain(
        'Priya Raman',
      );
      await expect.poll(() => page.evaluate(() => (window as unknown as { tones: number }).tones)).toBeGreaterThan(0);
      const listed = page.locator('owner-live .live-item', { hasText: `Priya Raman — conversation ${sessionID}` });
      expect(await listed.textContent()).toContain('The assistant answers');

      // A colleague holds it already: Join is refused, and the owner takes it over.
      await site.owner.conversationTake({ SerialNumber: site.bin.serial, SessionID: sessionID, Name: 'Robin Lee' });
      await expect.poll(() => listed.textContent()).toContain('Robin Lee holds it');
      await page.getByRole('button', { name: 'Open the conversation with Priya Raman' }).click();
      await expect.poll(() => focused(page)).toBe(`Conversation ${sessionID}`);
      const pane = page.locator('owner-live-conversation');
      await pane.getByRole('log').waitFor();
      await page.getByRole('button', { name: 'Join' }).click();
      // Joining needs a name the visitor will see.
      await expect.poll(() => focused(page)).toBe('agent-name');
      expect(await page.locator('#agent-name-error').textContent()).toMatch(/Enter your name/);
      await page.getByLabel('Your name, as the visitor sees it').fill('Sam Carter');
      await page.getByRole('button', { name: 'Join' }).click();
      await expect.poll(() => pane.getByRole('alert').textContent()).toBe('Robin Lee holds this conversation.');
      await expect.poll(() => focused(page)).toBe('Take over');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('live-reply');
      await theirs.heard({ Type: 'left', Name: 'Robin Lee' }).toBeDefined();
      await theirs.heard({ Type: 'joined', Name: 'Sam Carter' }).toBeDefined();
      await expect.poll(() => listed.textContent()).toContain('Sam Carter holds it');
      expect(await axeViolations(page), 'live, joined').toEqual([]);

      // Typing tells the visitor; Enter sends (Shift+Enter was a new line).
      const reply = page.getByLabel('Reply as Sam Carter');
      await reply.pressSequentially('Happy to help.');
      await theirs.heard({ Type: 'typing', Name: 'Sam Carter' }).toBeDefined();
      await reply.press('Shift+Enter');
      await reply.pressSequentially('I can call you at **3 pm** today.');
      await reply.press('Enter');
      const said = 'Happy to help.\nI can call you at **3 pm** today.';
      await theirs.heard({ Type: 'message', Name: 'Sam Carter', Content: said }).toBeDefined();
      await expect.poll(() => reply.inputValue()).toBe('');
      const agentTurn = pane.locator('.turn.agent').last();
      await agentTurn.locator('owner-answer strong', { hasText: '3 pm' }).waitFor();
      expect(await agentTurn.locator('.who').textContent()).toMatch(/^Sam Carter Agent/);

      // The visitor types, then asks: the question comes to the agent, not to the assistant.
      await visitor.typing({ sessionID });
      await pane.getByText('Visitor is typing…').waitFor();
      const held = await visitor.ask({ sessionID, content: 'Perfect, 3 pm works. Is the garden big?' });
      expect(held).toMatchObject({ content: '', HeldBy: 'Sam Carter' });
      await pane.locator('.turn.question', { hasText: 'Is the garden big?' }).waitFor();
      expect(await pane.locator('[role="log"] .turn').last().textContent()).toContain('Is the garden big?');
      await expect.poll(() => pane.locator('.typing').textContent()).toBe('');
      expect(await listed.textContent()).toContain('Visitor: Perfect, 3 pm works.');

      // At a phone's width nothing scrolls sideways, and the page stays clean.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBe(0);
      expect(await axeViolations(page), 'live at 390 px').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('button', { name: 'Leave' }).click();
      await theirs.heard({ Type: 'left', Name: 'Sam Carter' }).toBeDefined();
      await expect.poll(() => focused(page)).toBe('Join');
      await expect.poll(() => listed.textContent()).toContain('Sam Carter left; the assistant answers');
      theirs.stop();

      // The name is remembered for the next visit.
      await page.reload();
      await page.getByRole('button', { name: `Priya Raman — conversation ${sessionID}` }).click();
      expect(await page.getByLabel('Your name, as the visitor sees it').inputValue()).toBe('Sam Carter');

      // The conversation's record: the agent's reply under the agent's name, apart from the assistant's answers.
      await page.getByRole('link', { name: 'Open its full record' }).click();
      await expect.poll(() => focused(page)).toBe(`Conversation ${sessionID}`);
      await page.getByRole('link', { name: 'Back to Live' }).waitFor();
      // Off the Live page the owner's stream is closed: nobody is present, and a request is emailed again.
      const later = await createClient({ baseUrl: site.bin.url }).getSession({ serialNumber: site.bin.serial });
      const asking = createClient({ baseUrl: site.bin.url, visitorToken: later.VisitorToken });
      await expect
        .poll(async () => (await asking.talkToHuman({ sessionID: later.SessionID, email: 'lee@example.com' })).Live)
        .toBe(false);
      const turn = page.locator('.transcript > li.agent');
      await turn.waitFor();
      expect(await turn.locator('.who').textContent()).toMatch(/^Sam Carter Agent/);
      expect(await turn.locator('owner-answer strong').textContent()).toBe('3 pm');
      expect(await page.locator('.facts div', { hasText: 'Agents who replied' }).locator('dd').textContent()).toBe(
        'Sam Carter',
      );
      expect(await axeViolations(page), 'a conversation with an agent').toEqual([]);

      // Insights: the request, answered live.
      const figures = await site.owner.insights({ SerialNumber: site.bin.serial });
      expect(figures.Live.Answered).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Insights', exact: true }).click();
      const live = page.locator('owner-insights .live-figures');
      await live.waitFor();
      expect(await live.locator('p').textContent()).toMatch(
        new RegExp(
          `^${figures.Live.Answered} of ${figures.Live.Handoffs} requests? for a person .* answered in the chat; the median first reply came after .+\\.$`,
        ),
      );
      await page.context().close();
    }, 90_000);
  });
}
