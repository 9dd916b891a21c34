/**
 * Viewings booked in the chat (issue 63) as the owner meets them in the console, end to end against
 * the service as `npm start` runs it, in Debian's Chromium (test/e2e/site/harness.ts): the showing
 * hours edited in Settings with the week of slots they make, the Viewings page listing the bookings
 * visitors made through the API in the chatbot's time zone (the browser is in another), a booking
 * cancelled after a confirmation, and the calendar invite the outbox kept.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createClient } from '../../src/client/index.ts';
import type { FullSettings, ViewingBooking } from '../../src/protocol/index.ts';
import type { ViewingRange } from '../../src/protocol/rules.ts';
import { axeViolations } from '../support/chromium.ts';
import { useSite } from './site/harness.ts';

const site = useSite();

/** The chatbot's zone, and the browser's: another, so a time shown in the browser's would be wrong. */
const ZONE = 'America/Denver';
const BROWSER_ZONE = 'Asia/Tokyo';
/** Every day, 08:00–20:00 in the chatbot's zone: slots enough for the bookings of the tests. */
const EVERY_DAY: ViewingRange[] = [1, 2, 3, 4, 5, 6, 7].map((Day) => ({ Day, From: '08:00', To: '20:00' }));

/** The console signed in, in a browser whose clock is in BROWSER_ZONE, at `route` once `ready` shows. */
async function consoleAt(route: string, ready: string): Promise<Page> {
  const context = await site.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: BROWSER_ZONE,
  });
  const page = await context.newPage();
  await page.goto(`${site.bin.url}/console/${route}`);
  await page.getByLabel('API key').fill(site.bin.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator(ready).first().waitFor();
  return page;
}

const settings = async () => (await site.owner.get({ serialNumber: site.bin.serial })) as FullSettings;

/** Bookable now: showing hours every day, no notice, half-hour viewings, in ZONE. */
const openForBooking = () =>
  site.owner.edit({
    serialNumber: site.bin.serial,
    TimeZone: ZONE,
    ViewingHours: EVERY_DAY,
    ViewingMinutes: 30,
    ViewingBufferMinutes: 0,
    ViewingNoticeHours: 0,
    ViewingDays: 14,
  });

/** Two of the demo's listings on the market, by Id. */
async function activeListings(): Promise<{ Id: string; Address: string; Url: string }[]> {
  const { Items } = await site.owner.realEstateList({ SerialNumber: site.bin.serial, Status: 'Active', PageSize: 2 });
  expect(Items).toHaveLength(2);
  return Items;
}

interface Visitor {
  name: string;
  email: string;
  phone?: string;
  note?: string;
}

/** A new visitor books the `nth` free slot of a listing, as the widget does (ViewingSlots, then ViewingBook). */
async function book(listing: string, nth: number, who: Visitor): Promise<ViewingBooking> {
  const visitor = createClient({ baseUrl: site.bin.url });
  const session = await visitor.getSession({ serialNumber: site.bin.serial });
  const as = visitor.withCredentials({ visitorToken: session.VisitorToken });
  const { Slots } = await as.viewingSlots({ sessionID: session.SessionID, listing });
  return as.viewingBook({ sessionID: session.SessionID, listing, start: Slots[nth]!.Start, ...who });
}

/** Text as compared: ICU's narrow and thin spaces, as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim();

/** A booking's time as the page shows it: in ZONE, whatever the browser's clock. */
const timeInZone = (b: Pick<ViewingBooking, 'Start' | 'End'>) =>
  plain(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).formatRange(
      new Date(b.Start),
      new Date(b.End),
    ),
  );
const dayInZone = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/** The chatbot's bookings from yesterday on (UTC days, wide of ZONE's), as the owner's API lists them. */
const listed = (more: { State?: 'booked' | 'cancelled'; PageSize?: number } = {}) =>
  site.owner.viewingList({
    SerialNumber: site.bin.serial,
    From: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    To: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    ...more,
  });

const rowOf = (page: Page, id: string) =>
  page.locator('owner-viewings tbody tr', { has: page.locator(`[id="viewing-${id}"]`) });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the Viewings page', () => {
  it('is in the console’s header, and says what to do while visitors cannot book', async () => {
    await site.owner.edit({ serialNumber: site.bin.serial, ViewingHours: [] });
    const page = await consoleAt('', 'owner-settings form.settings');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Viewings' }).click();
    await page.getByText('No viewing ahead.', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Viewings');
    const toSettings = page.getByRole('link', { name: 'Set showing hours in Settings → Viewings' });
    expect(await toSettings.getAttribute('href')).toBe('#/settings');
    expect(plain(await page.locator('owner-viewings').textContent())).toContain(
      'No viewing ahead. Set showing hours in Settings → Viewings so visitors can book.',
    );
    expect(await axeViolations(page), 'nobody can book').toEqual([]);

    await page.getByRole('link', { name: 'Past', exact: true }).click();
    await page.getByText('No viewing in the last 60 days.').waitFor();
    expect(page.url()).toMatch(/#\/viewings\?show=past$/);
    expect(await page.getByRole('link', { name: 'Past', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.context().close();
  }, 60_000);

  it('lists the bookings in the chatbot’s time zone, by day or by listing, with what each visitor left', async () => {
    await openForBooking();
    const [first, second] = await activeListings();
    const dana = await book(first!.Id, 0, {
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '+1 303 555 0142',
      note: 'Bringing my partner; we are interested in the garden.',
    });
    const lee = await book(second!.Id, 1, { name: 'Lee Park', email: 'lee@example.com' });
    const sam = await book(first!.Id, 2, { name: 'Sam Ortiz', email: 'sam@example.com' });

    const page = await consoleAt('#/viewings', 'owner-viewings tbody tr');
    expect(plain(await page.locator('owner-viewings .hint').first().textContent())).toContain(
      `in the chatbot’s time zone (${ZONE})`,
    );
    const row = rowOf(page, dana.Id);
    expect(plain(await row.locator('th').textContent())).toBe(timeInZone(dana));
    expect(await row.locator('time').getAttribute('datetime')).toBe(dana.Start);
    const address = row.getByRole('link', { name: first!.Address });
    expect(await address.getAttribute('href')).toBe(first!.Url);
    expect(await row.getByRole('link', { name: 'dana@example.com' }).getAttribute('href')).toBe(
      'mailto:dana@example.com',
    );
    expect(await row.getByRole('link', { name: '+1 303 555 0142' }).getAttribute('href')).toBe('tel:+13035550142');
    expect(plain(await row.textContent())).toContain('Bringing my partner; we are interested in the garden.');
    expect(plain(await row.textContent())).toContain('Booked');
    // Grouped by the day in the chatbot's zone, under that day's heading.
    const day = dayInZone(dana.Start);
    const weekday = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long' });
    expect(plain(await page.locator(`section:has([id="viewing-${dana.Id}"]) h2`).textContent())).toContain(weekday);
    expect(await axeViolations(page), 'by day').toEqual([]);

    await page.getByLabel('Group by').selectOption('listing');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.locator('owner-viewings h2', { hasText: second!.Address }).waitFor();
    expect(page.url()).toContain('group=listing');
    const byListing = page.locator('section.viewing-group', { has: page.locator('h2', { hasText: first!.Address }) });
    expect(await byListing.locator(`[id="viewing-${dana.Id}"], [id="viewing-${sam.Id}"]`).count()).toBe(2);
    expect(await byListing.locator(`[id="viewing-${lee.Id}"]`).count()).toBe(0);
    expect(await axeViolations(page), 'by listing').toEqual([]);
    await page.context().close();
  }, 90_000);

  it('cancels a booked viewing after a confirmation, says so, and keeps focus on its row', async () => {
    await openForBooking();
    const [listing] = await activeListings();
    const jo = await book(listing!.Id, 3, { name: 'Jo Rivera', email: 'jo@example.com' });
    const page = await consoleAt('#/viewings', `[id="viewing-${jo.Id}"]`);
    const row = rowOf(page, jo.Id);
    const cancel = row.getByRole('button', { name: /^Cancel the viewing of .* with Jo Rivera$/ });

    // By keyboard: the confirmation opens on "Keep it"; Escape keeps the booking, and focus is back on the button.
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this viewing?' });
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toContain(`Jo Rivera at ${listing!.Address}`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep it');
    expect(await axeViolations(page), 'the confirmation').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-cancel'))).toBe(jo.Id);
    await cancel.click();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await listed({ State: 'cancelled' })).Items.map((v) => v.Id)).not.toContain(jo.Id);

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const status = page.locator('owner-viewings [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/^Cancelled the viewing of .* with Jo Rivera\. /);
    expect(plain(await row.textContent())).toContain('Cancelled by you');
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await focusedId(page)).toBe(`viewing-${jo.Id}`);
    const { Items } = await listed({ State: 'cancelled' });
    expect(Items.find((v) => v.Id === jo.Id)).toMatchObject({ State: 'cancelled', CancelledBy: 'owner' });
    await page.context().close();
  }, 60_000);

  it('says when a booking was already cancelled, and who cancelled it', async () => {
    await openForBooking();
    const [listing] = await activeListings();
    const kim = await book(listing!.Id, 4, { name: 'Kim Lee', email: 'kim@example.com' });
    const page = await consoleAt('#/viewings', `[id="viewing-${kim.Id}"]`);
    // The visitor cancels with their link while the owner's page still shows the booking.
    const token = new URL(kim.ManageUrl).searchParams.get('token')!;
    await createClient({ baseUrl: site.bin.url }).viewingCancel({ token });
    await rowOf(page, kim.Id)
      .getByRole('button', { name: /^Cancel the viewing/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the viewing' }).click();
    await expect
      .poll(() => page.locator('owner-viewings [role="status"]').textContent())
      .toMatch(/^The viewing of .* with Kim Lee was already cancelled\.$/);
    expect(plain(await rowOf(page, kim.Id).textContent())).toContain('Cancelled by the visitor');

    await page.getByLabel('State').selectOption('booked');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => page.url()).toContain('state=booked');
    await expect.poll(() => rowOf(page, kim.Id).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('pages through more bookings than a page holds', async () => {
    await openForBooking();
    const [listing] = await activeListings();
    const { Total } = await listed({ PageSize: 1 });
    for (let i = Total; i <= 20; i++) await book(listing!.Id, 0, { name: `Visitor ${i}`, email: `v${i}@example.com` });
    const page = await consoleAt('#/viewings', 'owner-viewings tbody tr');
    const pager = page.getByRole('navigation', { name: 'Pages of viewings' });
    await pager.getByText('Page 1 of 2').waitFor();
    const firstPage = await page.locator('owner-viewings tbody tr th').allTextContents();
    expect(firstPage).toHaveLength(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    expect(page.url()).toContain('page=2');
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.context().close();
  }, 90_000);

  it('shows in the outbox the calendar invite and cancellation sent with a viewing’s emails', async () => {
    await openForBooking();
    const [listing] = await activeListings();
    const ana = await book(listing!.Id, 0, { name: 'Ana Silva', email: 'ana@example.com' });
    await site.owner.ownerViewingCancel({ SerialNumber: site.bin.serial, Id: ana.Id });
    const page = await consoleAt('#/inbox', 'owner-inbox table');
    const outbox = page.locator('owner-inbox section', { hasText: 'Outbox' });
    // Newest first: the cancellation's emails, then the booking's.
    const cancelled = outbox.locator('tbody tr', { hasText: 'Viewing cancelled' }).first();
    await cancelled.getByText('Calendar cancellation (.ics)').click();
    expect(plain(await cancelled.locator('details.calendar pre').textContent())).toMatch(
      /^BEGIN:VCALENDAR.*METHOD:CANCEL/,
    );
    const booked = outbox.locator('tbody tr', { hasText: 'Viewing booked' }).first();
    await booked.getByText('Calendar invite (.ics)').click();
    expect(plain(await booked.locator('details.calendar pre').textContent())).toMatch(
      /^BEGIN:VCALENDAR.*METHOD:REQUEST/,
    );
    expect(await axeViolations(page), 'the outbox with calendar invites').toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('the Viewings group of Settings', () => {
  const week = (page: Page) => page.locator('owner-viewing-week');
  /** A day's line in the week's preview: its slot times. */
  const slotsOf = (page: Page, day: string) =>
    week(page)
      .locator('.week-slots > div', { has: page.locator('dt', { hasText: day }) })
      .locator('li');

  it('edits the showing hours day by day, previews the week of slots as they change, and saves them', async () => {
    await site.owner.edit({
      serialNumber: site.bin.serial,
      TimeZone: ZONE,
      ViewingHours: [],
      ViewingMinutes: 30,
      ViewingBufferMinutes: 0,
    });
    const page = await consoleAt('', 'owner-settings form.settings');
    expect(plain(await week(page).textContent())).toContain('No showing hours: visitors cannot book a viewing');

    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    // The new range's start has focus, as a row added by a button should.
    expect(await focusedId(page)).toBe('hours-0-from');
    expect(await page.getByLabel('Monday, range 1, From').inputValue()).toBe('09:00');
    expect(await page.getByLabel('Monday, range 1, To').inputValue()).toBe('17:00');
    await expect.poll(() => slotsOf(page, 'Monday').count()).toBe(16);
    expect(plain(await week(page).locator('.summary').textContent())).toBe(
      `16 slots a week, 30 minutes each, in the chatbot’s time zone (${ZONE}).`,
    );

    // 45-minute viewings 15 minutes apart: on the hour, the last at 4:00 PM (ending 4:45).
    await page.getByLabel('Length of a viewing (minutes)').fill('45');
    await page.getByLabel('Gap between viewings (minutes)').fill('15');
    await expect.poll(() => slotsOf(page, 'Monday').count()).toBe(8);
    expect((await slotsOf(page, 'Monday').allTextContents()).map(plain)).toEqual(
      ['9:00', '10:00', '11:00', '12:00', '1:00', '2:00', '3:00', '4:00'].map((t, i) => `${t} ${i < 3 ? 'AM' : 'PM'}`),
    );

    await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await page.getByLabel('Saturday, range 1, From').fill('10:00');
    await page.getByLabel('Saturday, range 1, To').fill('12:00');
    await expect.poll(() => slotsOf(page, 'Saturday').count()).toBe(2);
    await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
    await page.getByRole('button', { name: 'Remove Sunday, range 1' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-add-day'))).toBe('7');
    expect(await axeViolations(page), 'settings with showing hours').toEqual([]);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: false }).waitFor();
    expect(await settings()).toMatchObject({
      ViewingHours: [
        { Day: 1, From: '09:00', To: '17:00' },
        { Day: 6, From: '10:00', To: '12:00' },
      ],
      ViewingMinutes: 45,
      ViewingBufferMinutes: 15,
    });
    await page.context().close();
  }, 60_000);

  it('shows overlapping hours at the field before sending, and sends nothing', async () => {
    await site.owner.edit({
      serialNumber: site.bin.serial,
      ViewingHours: [{ Day: 2, From: '09:00', To: '12:00' }],
      ViewingMinutes: 30,
      ViewingBufferMinutes: 0,
    });
    const before = await settings();
    const page = await consoleAt('', 'owner-settings form.settings');
    await page.getByRole('button', { name: 'Add hours on Tuesday' }).click();
    await page.getByLabel('Tuesday, range 2, From').fill('11:00');
    await page.getByLabel('Tuesday, range 2, To').fill('13:00');
    const error = page.locator('#setting-ViewingHours-error');
    await expect
      .poll(() => error.textContent())
      .toBe('Showing hours must not have overlapping ranges (Tuesday 09:00–12:00 and 11:00–13:00).');
    for (const label of ['Tuesday, range 1, From', 'Tuesday, range 2, To'])
      expect(await page.getByLabel(label).getAttribute('aria-invalid'), label).toBe('true');
    expect(await page.getByLabel('Tuesday, range 2, From').getAttribute('aria-describedby')).toBe(
      'setting-ViewingHours-error',
    );

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/chat/Chatbot/Edit')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.locator('owner-settings .actions [role="status"]').textContent())
      .toMatch(/^Not saved\. Showing hours must not have overlapping ranges/);
    expect(await focusedId(page)).toBe('hours-0-from');
    expect(sent).toEqual([]);
    expect(await settings()).toEqual(before);
    expect(await axeViolations(page), 'settings with overlapping hours').toEqual([]);

    // Moved clear of the first, the range is fine, and the error goes.
    await page.getByLabel('Tuesday, range 2, From').fill('12:00');
    await expect.poll(() => error.count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('shows the service’s refusals at the fields they name', async () => {
    const page = await consoleAt('', 'owner-settings form.settings');
    await page.getByLabel('Length of a viewing (minutes)').fill('500');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const minutes = page.locator('#setting-ViewingMinutes-error');
    await minutes.waitFor();
    expect(await minutes.textContent()).toMatch(/^Length of a viewing \(minutes\) must be /);
    expect(await focusedId(page)).toBe('setting-ViewingMinutes');
    await page.getByLabel('Length of a viewing (minutes)').fill('30');

    // A refusal of one range (the service's word for a rule this page does not check) lands on that range.
    await page.route('**/chat/Chatbot/Edit', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          Success: false,
          Code: 400,
          Message: '"ViewingHours[0].To" must end by midnight of its day',
          Data: null,
        }),
      }),
    );
    await page.getByRole('button', { name: 'Add hours on Friday' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const error = page.locator('#setting-ViewingHours-error');
    await error.waitFor();
    const first = (await settings()).ViewingHours[0]!;
    const day = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][first.Day - 1];
    expect(await error.textContent()).toBe(`Showing hours (${day}, range 1, To) must end by midnight of its day`);
    expect(await focusedId(page)).toBe('hours-0-from');
    await page.context().close();
  }, 60_000);
});
