/**
 * A viewing booked in the chat (issue 63), end to end on the demo site: the service as `npm start`
 * runs it, with the demo chatbot's showing hours (server/demo/agency.ts DEMO_VIEWINGS) and its email
 * sent to a real SMTP server; the visitor and the owner in Debian's Chromium. A visitor on a listing's
 * page asks in words to see it, picks the first time the answer offers, books it with the short form
 * and reads the confirmation in the chat; the owner's console lists the booking; the visitor cancels
 * it on the page of its link, and the console shows it cancelled. The invite and the cancellation
 * reach the visitor and the agent, read with ical.js as a calendar client reads them. The demo's clock
 * is the real one: the test books whatever the answer offers first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import type { ViewingBooking } from '../../src/protocol/index.ts';
import { startBin } from '../support/bin.ts';
import { axeViolations, launchChromium, widgetMessages } from '../support/chromium.ts';
import { freePort } from '../support/http.ts';
import { invitesIn, readCalendar, startSmtp, type Smtp } from '../support/smtp.ts';
import { signedInConsole, type Site } from './site/harness.ts';

/** The demo chatbot's zone (demoSettings), and the visitor's: another, so the widget names the chatbot's. */
const ZONE = 'America/Chicago';
const VISITOR_ZONE = 'Europe/Lisbon';
/** Where the demo chatbot's viewing emails go besides the visitor: its TalkToHumanEmail (it has no ViewingEmail). */
const AGENT = 'agents@oakridge.example';
const VISITOR = { name: 'Morgan Ellis', email: 'morgan.ellis@example.com' };

/** Text as compared: ICU's narrow and thin spaces, as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim();

const site = {} as Site;
let smtp: Smtp;

beforeAll(async () => {
  smtp = await startSmtp();
  // PUBLIC_URL at the address the browser opens (test/e2e/site/harness.ts): the manage links point there.
  const port = await freePort();
  site.bin = await startBin({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url });
  site.owner = createClient({ baseUrl: site.bin.url, apiKey: site.bin.apiKey });
  site.browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await site.browser?.close();
  await site.bin?.close();
  await smtp?.close();
});

describe('a viewing booked in the chat on the demo site', () => {
  it('is offered in words, booked in the widget, listed in the console, cancelled from its link, with the calendar’s invite and cancellation by email', async () => {
    // A home on the market, and its page on the demo site.
    const { Items } = await site.owner.realEstateList({ SerialNumber: site.bin.serial, Status: 'Active', PageSize: 1 });
    const home = Items[0]!;
    const context = await site.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      timezoneId: VISITOR_ZONE,
    });
    const visitor = await context.newPage();
    const problems: string[] = [];
    visitor.on('pageerror', (e) => problems.push(e.message));
    visitor.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await visitor.goto(`${site.bin.url}/homes/${encodeURIComponent(home.MLSNumber)}`);
    expect(plain(await visitor.locator('article.home h1').textContent())).toContain(home.Address);

    // The visitor asks to see it, in words; tomorrow is the chatbot's (the answer names it).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    }).format(new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000));
    const launcher = visitor.locator('chat-bot .launcher');
    await launcher.click();
    const box = visitor.locator('chat-bot-panel textarea');
    await box.fill('Can I come and see it tomorrow afternoon?');
    await box.press('Enter');
    const times = visitor.getByRole('group', { name: 'Times to visit' });
    await times.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await widgetMessages(visitor)).at(-1)?.status, { timeout: 15_000 }).toBe('done');

    // The answer's slots block, drawn as buttons in a group per day, in the chatbot's zone (named: not the visitor's).
    const answer = (await widgetMessages(visitor)).at(-1)!.text;
    const offered = /```slots\n([\s\S]*?)\n```/
      .exec(answer)![1]!
      .split('\n')
      .map((line) => JSON.parse(line) as { listing: string; start: string; end: string });
    // In words: tomorrow's free times to see the home, or (tomorrow none, as on a Sunday) the next days'.
    const prose = answer.slice(0, answer.indexOf('```slots')).trim();
    expect(prose).toContain(`**${tomorrow}**`);
    expect(prose).toContain(home.Address);
    expect(prose).toMatch(/^(These are the free times on|There are no free times on) .* — pick one to book it\.$/);
    expect(offered.length).toBeGreaterThan(0);
    expect(new Set(offered.map((s) => s.listing))).toEqual(new Set([home.Id]));
    const first = offered.map((s) => s.start).sort()[0]!;
    const inZone = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { timeZone: ZONE, ...options }).format(new Date(first));
    const day = inZone({ weekday: 'long', month: 'long', day: 'numeric' });
    const time = plain(inZone({ hour: 'numeric', minute: '2-digit' }));
    const firstDay = times.getByRole('group').first();
    expect(
      plain(await firstDay.getAttribute('aria-labelledby').then((id) => times.locator(`[id="${id}"]`).textContent())),
    ).toBe(day);
    const buttons = times.getByRole('button');
    expect(await buttons.count()).toBe(offered.length);
    expect(await firstDay.getByRole('button').count()).toBeGreaterThan(0);
    expect(plain(await buttons.first().textContent())).toBe(time);
    expect(plain(await times.textContent())).toContain('Times are in Central Time.');
    expect(await axeViolations(visitor), 'the times offered').toEqual([]);

    // The first time picked: the form opens on it, focus on the name; asked without a name, it says so at the field.
    await buttons.first().click();
    expect(await buttons.first().getAttribute('aria-pressed')).toBe('true');
    const form = visitor.getByRole('form', { name: 'Book a viewing' });
    await form.waitFor();
    expect(plain(await form.textContent())).toContain(`Viewing on ${day} at ${time}`);
    const name = form.getByLabel('Name');
    await expect.poll(() => name.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await form.getByRole('button', { name: 'Book', exact: true }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(plain(await form.textContent())).toContain('Enter your name.');
    expect(await axeViolations(visitor), 'the booking form, a field missing').toEqual([]);

    // Booked: the confirmation in the chat, with its two links.
    await name.fill(VISITOR.name);
    await form.getByLabel('Email').fill(VISITOR.email);
    const [response] = await Promise.all([
      visitor.waitForResponse((r) => r.url().endsWith('/chat/Chat/ViewingBook')),
      form.getByRole('button', { name: 'Book', exact: true }).click(),
    ]);
    const booking = ((await response.json()) as { Data: ViewingBooking }).Data;
    expect(booking).toMatchObject({ State: 'booked', Start: new Date(first).toISOString(), TimeZone: ZONE });
    await form.waitFor({ state: 'detached' });
    const calendar = visitor.getByRole('link', { name: 'Add to calendar' });
    await calendar.waitFor();
    const manage = visitor.getByRole('link', { name: /^Change or cancel/ });
    const said = (await widgetMessages(visitor)).at(-1)!;
    expect(said.role).toBe('assistant');
    expect(plain(said.text)).toContain(`Your viewing of ${booking.Listing.Address} is booked for ${day} at ${time}.`);
    expect(said.text).toContain(`A calendar invite was sent to ${VISITOR.email}.`);
    expect(await manage.getAttribute('href')).toBe(booking.ManageUrl);
    expect(await calendar.getAttribute('href')).toBe(booking.CalendarUrl);
    // The time booked is offered no more; the others still are.
    expect(await buttons.count()).toBe(offered.length - 1);
    expect(await axeViolations(visitor), 'the confirmation').toEqual([]);
    // The calendar file its link gives: the booking's invite as it stands.
    const ics = await visitor.request.get(booking.CalendarUrl);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const file = readCalendar(await ics.text());
    expect(file).toMatchObject({ method: 'REQUEST', sequence: 0, start: booking.Start });

    // The owner's console lists it, booked.
    const owner = await signedInConsole(site, '#/viewings', `[id="viewing-${booking.Id}"]`);
    const row = owner.locator('owner-viewings tbody tr', { has: owner.locator(`[id="viewing-${booking.Id}"]`) });
    expect(await row.locator('time').getAttribute('datetime')).toBe(booking.Start);
    expect(await row.getByRole('link', { name: home.Address }).count()).toBe(1);
    expect(await row.getByRole('link', { name: VISITOR.email }).getAttribute('href')).toBe(`mailto:${VISITOR.email}`);
    expect(plain(await row.textContent())).toContain(VISITOR.name);
    expect(plain(await row.locator('.badge').textContent())).toBe('Booked');
    expect(await row.getByRole('button', { name: /^Cancel the viewing of / }).count()).toBe(1);

    // The visitor opens the link (a new tab) and cancels there: a plain form, and the page says so.
    const [page] = await Promise.all([context.waitForEvent('page'), manage.click()]);
    await page.getByRole('heading', { name: 'Your viewing', level: 1 }).waitFor();
    expect(plain(await page.locator('main').textContent())).toContain(home.Address);
    expect(plain(await page.locator('p.state').textContent())).toBe('Booked');
    expect(await axeViolations(page), 'the manage page').toEqual([]);
    await Promise.all([
      page.waitForURL(/done=cancelled/),
      page
        .getByRole('link', { name: 'Cancel the viewing' })
        .click()
        .then(() => page.getByRole('button', { name: 'Cancel the viewing' }).click()),
    ]);
    expect(plain(await page.getByRole('status').textContent())).toBe('The viewing is cancelled.');
    expect(plain(await page.locator('p.state').textContent())).toBe('Cancelled');
    expect(await page.getByRole('button').count()).toBe(0);
    expect(await axeViolations(page), 'the manage page, cancelled').toEqual([]);

    // The console shows it cancelled, by the visitor, with nothing left to cancel.
    await owner.reload();
    await owner.locator(`[id="viewing-${booking.Id}"]`).waitFor();
    expect(plain(await row.locator('.badge').textContent())).toBe('Cancelled by the visitor');
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await axeViolations(owner), 'the console, the viewing cancelled').toEqual([]);

    // The emails: to the visitor and to the agent, the invite then the cancellation, one event, SEQUENCE 0 then 1.
    for (const address of [VISITOR.email, AGENT]) {
      await expect.poll(async () => (await invitesIn(smtp.to(address))).length, { timeout: 12_000 }).toBe(2);
      const [invite, cancellation] = await invitesIn(smtp.to(address));
      expect(invite, address).toMatchObject({
        method: 'REQUEST',
        partMethod: 'REQUEST',
        sequence: 0,
        start: booking.Start,
        location: booking.Listing.Address,
      });
      expect(cancellation, address).toMatchObject({
        method: 'CANCEL',
        partMethod: 'CANCEL',
        sequence: 1,
        start: booking.Start,
      });
      expect(cancellation!.uid).toBe(invite!.uid);
      expect(invite!.uid).toBe(file.uid);
      expect(invite!.uid).toContain(booking.Id);
    }
    expect(problems).toEqual([]);
    await owner.context().close();
    await context.close();
  }, 60_000);
});
