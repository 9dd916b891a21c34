/**
 * The console's Live page end to end, against the service as `npm start` runs it, in Debian's
 * Chromium (test/e2e/site/harness.ts): a visitor (the typed client) asks for a person while the
 * owner has the page open, the owner joins — taking over from another agent — answers, reads the
 * visitor typing and asking, and leaves; the visitor's own stream hears each step. Then the
 * conversation's record and Insights show the agent's part. And the same with the visitor on the demo
 * site, in the widget in a browser context of their own: the agent joins, answers (counted unread
 * while the panel is closed), holds the visitor's question, and leaves to the assistant.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createClient, type AgentEvent, type Client } from '../../../src/client/index.ts';
import { axeViolations, widgetMessages } from '../../support/chromium.ts';
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

    it("brings the demo site's visitor, in the widget, to the owner on the Live page: joined, answered, unread while closed, held, and handed back", async () => {
      const page = await signedInConsole(site);
      await page.getByRole('link', { name: 'Live', exact: true }).click();
      await page.getByText('Connected: while this page is open you are present', { exact: false }).waitFor();

      // The visitor: the demo site in a browser of their own, its session read from what the widget asks.
      const theirs = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const visitor = await theirs.newPage();
      const problems: string[] = [];
      visitor.on('pageerror', (e) => problems.push(e.message));
      const sessions = new Set<number>();
      visitor.on('request', (r) => {
        if (r.url().endsWith('/chat/Chat/ClientAsk'))
          sessions.add((r.postDataJSON() as { sessionID: number }).sessionID);
      });
      await visitor.goto(`${site.bin.url}/`);
      const launcher = visitor.locator('chat-bot .launcher');
      await launcher.waitFor();
      // What the page hears of the person in the chat, and of the unread count.
      await visitor.evaluate(() => {
        const heard: string[] = ((window as unknown as { heard: string[] }).heard = []);
        const bot = document.querySelector('chat-bot')!;
        bot.addEventListener('chat-bot-agent', (e) => heard.push(`${e.kind} ${e.name}: ${e.text}`));
        bot.addEventListener('chat-bot-unread', (e) => heard.push(`unread ${e.count}`));
      });
      await launcher.click();
      const box = visitor.locator('chat-bot-panel textarea');
      await box.waitFor();
      const content = visitor.locator('chat-bot-message .content');
      /** The messages the widget shows, oldest first. */
      const shown = () => widgetMessages(visitor);
      /**
       * Without the agent's typing dots: the console tells typing as the reply is written, and that
       * request may reach the service just after the reply (the dots then show a few seconds).
       */
      const said = async () => (await shown()).filter((m) => m.status !== 'streaming' || m.text);

      // The demo's chip asks for a person; with the owner present the conversation is handed over at once.
      await visitor.locator('chat-bot-panel .suggestions .chip', { hasText: 'Talk to an agent' }).click();
      await content.getByText('someone will join this chat in a moment', { exact: false }).waitFor({ timeout: 20_000 });
      expect(await visitor.locator('chat-bot-handoff form').count()).toBe(0);
      expect([...sessions]).toHaveLength(1);
      const [sessionID] = [...sessions] as [number];

      // The owner hears it: a request from a visitor who gave no name, waiting, and the conversation listed.
      const request = page.locator('owner-live .handoff').first();
      await expect.poll(() => request.textContent(), { timeout: 10_000 }).toContain('A visitor');
      expect(await request.textContent()).toContain('Waiting for someone to join');
      const listed = page.locator('owner-live .live-item', {
        has: page.getByRole('button', { name: `Conversation ${sessionID}`, exact: true }),
      });
      await listed.waitFor();
      expect(await listed.textContent()).toContain('The assistant answers');

      // The owner opens the request — this visitor's conversation — joins under a name, and the visitor reads it.
      await request.getByRole('button', { name: 'Open the conversation with A visitor' }).click();
      await expect.poll(() => focused(page)).toBe(`Conversation ${sessionID}`);
      const pane = page.locator('owner-live-conversation');
      await pane.getByRole('log').waitFor();
      await page.getByLabel('Your name, as the visitor sees it').fill('Alex Morgan');
      await page.getByRole('button', { name: 'Join' }).click();
      await expect.poll(() => focused(page)).toBe('live-reply');
      await content.getByText('Alex Morgan joined the conversation', { exact: true }).waitFor({ timeout: 10_000 });
      await expect.poll(() => listed.textContent()).toContain('Alex Morgan holds it');

      // The owner's reply: in the widget as an answer under the agent's name, in bold, drawn from its Markdown.
      // Their typing shows first, as the typing dots (an answer begun, with no text yet).
      const reply = page.getByLabel('Reply as Alex Morgan');
      await reply.fill('Hi, I can set up **viewings** today.');
      await expect
        .poll(async () => (await shown()).at(-1), { timeout: 10_000 })
        .toEqual({ role: 'assistant', text: '', status: 'streaming' });
      await reply.press('Enter');
      const answered = content.filter({ hasText: 'I can set up viewings today.' });
      await answered.waitFor({ timeout: 10_000 });
      expect(await answered.locator('strong').first().textContent()).toBe('Alex Morgan');
      expect(await answered.locator('strong').nth(1).textContent()).toBe('viewings');
      expect((await said()).at(-1)).toEqual({
        role: 'assistant',
        text: '**Alex Morgan**\n\nHi, I can set up **viewings** today.',
        status: 'done',
      });
      expect(await axeViolations(visitor), 'the widget, an agent joined and replied').toEqual([]);
      expect(await axeViolations(page), 'live, the widget visitor joined').toEqual([]);

      // With the panel closed an agent's message is unread: on the launcher's badge and in its name.
      await launcher.click();
      await expect.poll(() => launcher.getAttribute('aria-expanded')).toBe('false');
      expect(await launcher.locator('.badge').count()).toBe(0);
      await reply.fill('Which day suits you?');
      await reply.press('Enter');
      await expect.poll(() => launcher.locator('.badge').textContent(), { timeout: 10_000 }).toBe('1');
      expect(await launcher.getAttribute('aria-label')).toMatch(/^Open chat, 1 unread/);
      expect((await said()).at(-1)?.text).toBe('**Alex Morgan**\n\nWhich day suits you?');
      await launcher.click();
      await box.waitFor();
      await expect.poll(() => launcher.locator('.badge').count()).toBe(0);

      // The visitor's next question goes to the owner, and the assistant says nothing to it (not
      // even the dots of an answer begun: those of the agent's typing, if any, are gone first).
      await expect
        .poll(async () => (await shown()).filter((m) => m.status === 'streaming'), { timeout: 10_000 })
        .toEqual([]);
      const question = 'Saturday morning, please. Is parking easy there?';
      await box.fill(question);
      await box.press('Enter');
      await pane.locator('.turn.question', { hasText: question }).waitFor({ timeout: 10_000 });
      await expect.poll(() => listed.textContent()).toContain(`Visitor: ${question}`);
      await expect.poll(async () => (await shown()).at(-1)).toMatchObject({ role: 'user', text: question });
      const held = (await shown()).length;
      // Nothing comes after it: not now, nor a moment later (an answer would have begun by then).
      await visitor.waitForTimeout(2_000);
      expect(await shown()).toHaveLength(held);
      expect((await shown()).at(-1)).toMatchObject({ role: 'user', text: question });

      // The owner leaves; the visitor reads it, and the assistant answers the next question.
      await page.getByRole('button', { name: 'Leave' }).click();
      await content.getByText('Alex Morgan left the conversation', { exact: true }).waitFor({ timeout: 10_000 });
      await expect.poll(() => listed.textContent()).toContain('Alex Morgan left; the assistant answers');
      const left = (await shown()).length;
      await box.fill('3 bedroom homes in Austin under $500k');
      await box.press('Enter');
      await expect
        .poll(
          async () => {
            const now = await shown();
            return now.length >= left + 2 ? now.at(-1) : undefined;
          },
          { timeout: 20_000 },
        )
        .toMatchObject({ role: 'assistant', status: 'done', text: expect.stringMatching(/Austin/) });
      expect((await shown()).at(-1)?.text).not.toMatch(/^\*\*Alex Morgan\*\*/);
      expect((await shown()).slice(left).map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(await axeViolations(visitor), 'the widget, the agent gone').toEqual([]);
      expect(await axeViolations(page), 'live, the widget visitor left').toEqual([]);
      expect(await visitor.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([
        'joined Alex Morgan: ',
        'message Alex Morgan: Hi, I can set up **viewings** today.',
        'unread 1',
        'message Alex Morgan: Which day suits you?',
        'unread 0',
        'left Alex Morgan: ',
      ]);
      expect(problems).toEqual([]);
      await theirs.close();
      await page.context().close();
    }, 90_000);
  });
}
