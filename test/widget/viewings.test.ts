/**
 * Viewings booked in the chat (docs/WIDGET.md *Booking a viewing*): the times an answer's `slots`
 * block offers, as buttons grouped by day in the chatbot's time zone (across a daylight-saving
 * change), drawn as the block streams; the booking form by keyboard and screen reader; and booking
 * against the real service — the confirmation kept with the conversation, a time taken meanwhile,
 * a field the service refuses. The answers come from the scripted model, the times from the service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { createClient } from '../../src/client/index.ts';
import { callViewing } from '../../src/client/viewings.ts';
import type { ListingCreateBody } from '../../src/protocol/index.ts';
import { slotsBlock, type OfferedSlot } from '../../src/protocol/slots.ts';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import type { ChatBotBooking } from '../../src/widget/elements/chat-bot-booking.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import type { ChatBotSlots } from '../../src/widget/elements/chat-bot-slots.ts';
import {
  answered,
  apiOrigin,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  script,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

const CHICAGO = 'America/Chicago';
/**
 * Times around the change to daylight saving time in Chicago (2 AM, Sunday March 14, 2027): the
 * same wall-clock hour is 17:00Z before it and 16:00Z after; 04:00Z on the 16th is still the 15th there.
 */
const AROUND_DST = [
  '2027-03-13T20:30:00Z',
  '2027-03-13T17:00:00Z',
  '2027-03-14T07:30:00Z',
  '2027-03-14T08:00:00Z',
  '2027-03-15T16:00:00Z',
  '2027-03-16T04:00:00Z',
];

const offer = (listing: string, starts: readonly string[]): OfferedSlot[] =>
  starts.map((start) => ({ listing, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() }));

/** White space as one space: Intl puts a narrow no-break space before AM and PM. */
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const slotsIn = (m: ChatBotMessage) => m.shadowRoot!.querySelector<ChatBotSlots>('chat-bot-slots');
const formIn = (el: ChatBotSlots) => el.shadowRoot!.querySelector<ChatBotBooking>('chat-bot-booking');
const field = (form: ChatBotBooking, name: string) => form.shadowRoot!.querySelector<HTMLInputElement>(`#${name}`)!;
const buttons = (el: ChatBotSlots) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.times button')];
/** Each day's name and its times, as a screen reader meets them: the group, named by its heading, and its buttons. */
const days = (el: ChatBotSlots) =>
  [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="group"][aria-labelledby]')].map((g) => [
    text(el.shadowRoot!.getElementById(g.getAttribute('aria-labelledby')!)),
    [...g.querySelectorAll('button')].map((b) => text(b)),
  ]);

/** The element focus is in, through the shadow roots. */
function focused(): Element | null {
  let at = document.activeElement;
  while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
  return at;
}

/**
 * A chatbot of the scripted model in Chicago whose answer to `t` offers these times; the widget open,
 * the answer drawn. `spanish`: asked and answered in Spanish.
 */
async function offered(
  slots: OfferedSlot[],
  opts: { serial?: string; attributes?: Record<string, string>; spanish?: boolean } = {},
): Promise<{ bot: ChatBot; answer: ChatBotMessage; slots: ChatBotSlots; serial: string }> {
  const t = token();
  const [said, asked] = opts.spanish
    ? ['Estos son los horarios que tengo para enseñarle 12 Oak St:', '¿cuándo puedo visitar la casa?']
    : ['Here are the times I have to show you 12 Oak St:', 'go on'];
  await script(t, { text: `${said}\n\n${slotsBlock(slots)}` });
  const serial = opts.serial ?? (await newChatbot({ Model: 'scripted', timeZone: CHICAGO }));
  const bot = await mount(serial, opts.attributes);
  await open(bot);
  await type(bot, `${t} ${asked}`);
  await answered(bot);
  const answer = messages(bot).at(-1)!;
  const el = await until(() => (slotsIn(answer)?.shadowRoot?.querySelector('.times button') ? slotsIn(answer) : null));
  return { bot, answer, slots: el, serial };
}

describe('the times an answer offers', () => {
  it("are buttons grouped by the chatbot's local day, at its local times across a change to daylight saving time", async () => {
    const { bot, answer, slots } = await offered(offer('L1', AROUND_DST));
    expect(days(slots)).toEqual([
      ['Saturday, March 13', ['11:00 AM', '2:30 PM']],
      ['Sunday, March 14', ['1:30 AM', '3:00 AM']],
      ['Monday, March 15', ['11:00 AM', '11:00 PM']],
    ]);
    // The whole block is a group named for what it holds; no JSON shows.
    expect(slots.shadowRoot!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Times to visit');
    expect(text(answer.shadowRoot!.querySelector('.bubble'))).not.toContain('{"');
    if (Intl.DateTimeFormat().resolvedOptions().timeZone !== CHICAGO)
      expect(text(slots.shadowRoot!.querySelector('.zone'))).toBe('Times are in Central Time.');
    // Targets of at least 24 px (44 here), with the panel's focus ring.
    const first = buttons(slots)[0]!;
    expect(first.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    expect(first.getBoundingClientRect().width).toBeGreaterThanOrEqual(24);
    first.focus();
    expect(getComputedStyle(first).outlineStyle).toBe('solid');
    await expect(bot).to.be.accessible();
  });

  it("are in the widget's language and locale", async () => {
    const { slots } = await offered(offer('L1', AROUND_DST.slice(0, 2)), {
      attributes: { locale: 'es' },
      spanish: true,
    });
    expect(days(slots)).toEqual([['sábado, 13 de marzo', ['11:00', '14:30']]]);
    expect(slots.shadowRoot!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Horarios de visita');
    buttons(slots)[0]!.click();
    const form = await until(() => formIn(slots));
    await form.updateComplete;
    expect(text(form.shadowRoot!.querySelector('h3'))).toBe('Reservar una visita');
    expect(text(form.shadowRoot!.querySelector('.when'))).toBe('Visita el sábado, 13 de marzo a las 11:00');
  });

  it('appear line by line while the answer streams, in one element, never as raw JSON', async () => {
    const t = token();
    const [open_, ...lines] = slotsBlock(offer('L1', AROUND_DST.slice(0, 3))).split('\n');
    const chunks = ['Here are some times:', `\n\n${open_}\n`];
    for (const line of lines.slice(0, -2)) chunks.push(line.slice(0, 30), `${line.slice(30)}\n`);
    chunks.push(`${lines.at(-2)!}\n`, lines.at(-1)!);
    await script(t, { text: chunks.join(''), chunks, delayMs: 250 });
    const bot = await mount(await newChatbot({ Model: 'scripted', timeZone: CHICAGO }));
    await open(bot);
    await type(bot, `${t} go on`);
    const answer = await until(() => messages(bot).at(-1)?.message.role === 'assistant' && messages(bot).at(-1));
    const counts = new Set<number>();
    const elements = new Set<Element>();
    let json = false;
    await new Promise<void>((resolve) => {
      const frame = () => {
        const el = slotsIn(answer);
        if (el) {
          elements.add(el);
          counts.add(buttons(el).length);
        }
        if (/\{"|```/.test(answer.shadowRoot!.textContent ?? '')) json = true;
        if (answer.message.status === 'streaming') requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    await until(() => buttons(slotsIn(answer)!).length === 3);
    expect([...counts]).toEqual(expect.arrayContaining([1, 2]));
    expect(json).toBe(false);
    expect(elements.size).toBe(1);
  });
});

describe('a block that is not times', () => {
  it('is shown as the code it is', async () => {
    const t = token();
    await script(t, { text: 'Here:\n\n```slots\nnot a time\n{"listing":"L1","start":"soon","end":"later"}\n```' });
    const bot = await mount(await newChatbot({ Model: 'scripted', timeZone: CHICAGO }));
    await open(bot);
    await type(bot, `${t} go on`);
    await answered(bot);
    const code = await until(() => slotsIn(messages(bot).at(-1)!)?.shadowRoot?.querySelector('pre'));
    expect(code.textContent).toBe('not a time\n{"listing":"L1","start":"soon","end":"later"}');
    expect(slotsIn(messages(bot).at(-1)!)!.shadowRoot!.querySelector('button')).toBeNull();
  });
});

describe('the booking form', () => {
  it('opens from the keyboard with focus on its first field, closes with Escape back to the time, and names each field to fix', async () => {
    const { bot, slots } = await offered(offer('L1', AROUND_DST.slice(0, 2)));
    const [first, second] = buttons(slots);
    first!.focus();
    await userEvent.keyboard('{Enter}');
    let form = await until(() => formIn(slots));
    await until(() => focused() === field(form, 'name'));
    expect(first!.getAttribute('aria-pressed')).toBe('true');
    // The time picked looks picked in forced colors too (system colours, not the theme's).
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
    try {
      expect(getComputedStyle(first!).backgroundColor).not.toBe(getComputedStyle(second!).backgroundColor);
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { features: [] });
    }
    expect(text(form.shadowRoot!.querySelector('.when'))).toBe('Viewing on Saturday, March 13 at 11:00 AM');
    await userEvent.keyboard('{Escape}');
    await until(() => !formIn(slots));
    expect(focused()).toBe(first);
    // The panel stays open: Escape closed the form only.
    expect(bot.open).toBe(true);

    second!.focus();
    await userEvent.keyboard(' ');
    form = await until(() => formIn(slots));
    await until(() => focused() === field(form, 'name'));
    expect(text(form.shadowRoot!.querySelector('.when'))).toBe('Viewing on Saturday, March 13 at 2:30 PM');
    // Sent empty: each required field says what it needs, read with it; focus goes to the first.
    await userEvent.keyboard('{Enter}');
    await until(() => field(form, 'name').getAttribute('aria-invalid') === 'true');
    const describedBy = (name: string) =>
      text(form.shadowRoot!.getElementById(field(form, name).getAttribute('aria-describedby') ?? '-'));
    expect(describedBy('name')).toBe('Enter your name.');
    expect(describedBy('email')).toBe('Enter your email address.');
    expect(field(form, 'phone').hasAttribute('aria-invalid')).toBe(false);
    expect(text(form.shadowRoot!.querySelector('[role="alert"]'))).toBe('Enter your name. Enter your email address.');
    expect(focused()).toBe(field(form, 'name'));
    await expect(bot).to.be.accessible();

    await userEvent.keyboard('Jo Visitor');
    await userEvent.tab();
    expect(focused()).toBe(field(form, 'email'));
    await userEvent.keyboard('jo@{Enter}');
    await until(() => describedBy('email') === 'Enter an email address like name@example.com.');
    expect(field(form, 'name').hasAttribute('aria-invalid')).toBe(false);
    expect(focused()).toBe(field(form, 'email'));
    // Labelled fields: name and email required, phone not.
    const label = (name: string) => text(form.shadowRoot!.querySelector(`label[for=${name}]`));
    expect([label('name'), label('email'), label('phone')]).toEqual(['Name', 'Email', 'Phone (optional)']);
    expect([field(form, 'name').required, field(form, 'email').required, field(form, 'phone').required]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

/** A listing of the chatbot: a three-bedroom house for sale. */
const home = (serial: string, address: string, mls: string): ListingCreateBody => ({
  SerialNumber: serial,
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  PropertyType: 'Single Family',
  Bedrooms: 3,
  Bathrooms: 2,
  Url: `https://homes.test/${mls}`,
  YearBuilt: 2004,
  DaysOnMarket: 5,
  LotArea: 6000,
  BuildingArea: 1850,
  AreaUnit: 'Square Feet',
  ParkingSpots: 2,
  Address: address,
  MLSNumber: mls,
  City: 'Austin',
  State: 'TX',
  ZIP: '78701',
  Images: [],
  SalePrice: 489_000,
});

/** A chatbot in Chicago that shows homes every day 9 to 5, with no notice, and one listing; its next free times, from the service. */
async function showingHours() {
  const serial = await newChatbot({ Model: 'scripted', timeZone: CHICAGO });
  const days = [1, 2, 3, 4, 5, 6, 7].map((Day) => ({ Day, From: '09:00', To: '17:00' }));
  await owner().edit({ serialNumber: serial, ViewingHours: days, ViewingNoticeHours: 0 });
  const listing = await owner().realEstateCreate(home(serial, '12 Oak St', `OAK${token()}`));
  // Another visitor of the chatbot: what the service says is free, and a way to take a time first.
  const visitor = async () => {
    const s = await createClient({ baseUrl: apiOrigin() }).getSession({ serialNumber: serial });
    return { client: { baseUrl: apiOrigin(), visitorToken: s.VisitorToken }, sessionID: s.SessionID };
  };
  const { client, sessionID } = await visitor();
  const { Slots } = await callViewing(client, 'ViewingSlots', { sessionID, listing });
  const free = Slots.slice(0, 3).map((s) => ({ listing, start: s.Start, end: s.End }));
  return { serial, listing, free, visitor };
}

/** Fills the open form and sends it. */
async function fill(form: ChatBotBooking, values: { name: string; email: string; phone?: string }) {
  await form.updateComplete;
  field(form, 'name').value = values.name;
  field(form, 'email').value = values.email;
  field(form, 'phone').value = values.phone ?? '';
  form.shadowRoot!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
}

const chicago = (iso: string) => {
  const at = new Date(iso);
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en', { ...o, timeZone: CHICAGO }).format(at);
  return `${f({ weekday: 'long', month: 'long', day: 'numeric' })} at ${f({ hour: 'numeric', minute: '2-digit' })}`;
};

describe('booking a viewing (the real service)', () => {
  it('books the time picked, confirms it in the chat with its links and keeps the confirmation across a reload', async () => {
    const { serial, free } = await showingHours();
    const { bot, slots } = await offered(free, { serial });
    buttons(slots)[0]!.click();
    await fill(await until(() => formIn(slots)), {
      name: 'Jo Visitor',
      email: 'jo@example.com',
      phone: '+1 512 555 0100',
    });

    const confirmation = await until(() => {
      const last = messages(bot).at(-1)!;
      return last !== undefined && /is booked/.test(last.message.text) && last;
    }, 15_000);
    const said = text(confirmation.shadowRoot!.querySelector('.bubble'));
    expect(said).toContain(
      `Your viewing of 12 Oak St, Austin, TX 78701 is booked for ${chicago(free[0]!.start).replace(/\s+/g, ' ')}.`,
    );
    expect(said).toContain('A calendar invite was sent to jo@example.com.');
    expect(said).not.toContain('{"');
    const links = await until(() => {
      const found = slotsIn(confirmation)?.shadowRoot?.querySelectorAll('a');
      return found?.length === 2 && [...found];
    });
    const [calendar, manage] = links as [HTMLAnchorElement, HTMLAnchorElement];
    expect(text(calendar)).toBe('Add to calendar');
    expect(calendar.hasAttribute('download')).toBe(true);
    expect(calendar.href).toMatch(/\/viewings\/calendar\.ics\?token=/);
    expect(text(manage)).toBe('Change or cancel (opens in a new tab)');
    expect(manage.target).toBe('_blank');
    expect(manage.rel.split(' ')).toContain('noopener');
    expect(manage.href).toMatch(/\/viewings\/manage\?token=/);
    // Focus moves to the confirmation; the form is gone and the time booked is no longer offered.
    await until(() => focused() === calendar);
    expect(formIn(slots)).toBeNull();
    expect(buttons(slots)).toHaveLength(free.length - 1);
    await expect(bot).to.be.accessible();

    // The owner has it, as the visitor gave it.
    const { Items } = await owner().viewingList({ SerialNumber: serial });
    expect(Items).toEqual([
      expect.objectContaining({ Name: 'Jo Visitor', Email: 'jo@example.com', Phone: '+1 512 555 0100' }),
    ]);
    expect(Date.parse(Items[0]!.Start)).toBe(Date.parse(free[0]!.start));

    // A page loaded again shows the confirmation, its links with it.
    unmountAll();
    const again = await mount(serial);
    await open(again);
    const kept = await until(() => messages(again).find((m) => /is booked/.test(m.message.text)));
    await until(() => slotsIn(kept)?.shadowRoot?.querySelectorAll('a').length === 2);
    expect(slotsIn(kept)!.shadowRoot!.querySelector<HTMLAnchorElement>('a[download]')!.href).toBe(calendar.href);
    // The answer that offered the times offers the one booked no more, after the reload too.
    const offer = await until(() => messages(again).find((m) => m.message.text.includes('"start"')));
    await until(() => slotsIn(offer)?.shadowRoot?.querySelector('.times button'));
    expect(buttons(slotsIn(offer)!)).toHaveLength(free.length - 1);
  });

  it('says when the time was taken meanwhile and offers the times still free, focus on the first', async () => {
    const { serial, listing, free, visitor } = await showingHours();
    const { bot, slots } = await offered(free, { serial });
    // Someone else books the first time first.
    const someone = await visitor();
    await callViewing(someone.client, 'ViewingBook', {
      sessionID: someone.sessionID,
      listing,
      start: free[0]!.start,
      name: 'Someone Else',
      email: 'else@example.com',
    });
    buttons(slots)[0]!.click();
    await fill(await until(() => formIn(slots)), { name: 'Jo Visitor', email: 'jo@example.com' });
    const note = await until(() => slots.shadowRoot!.querySelector('.note[role="alert"]'), 15_000);
    expect(text(note)).not.toBe('');
    await until(() => !formIn(slots) && buttons(slots).length === free.length - 1);
    const times = buttons(slots).map((b) => b.dataset.key);
    expect(times).not.toContain(`${listing} ${Date.parse(free[0]!.start)}`);
    await until(() => focused() === buttons(slots)[0]);
    // What the visitor wrote is kept for the next time picked, which books.
    buttons(slots)[0]!.click();
    const form = await until(() => formIn(slots));
    await form.updateComplete;
    expect(field(form, 'email').value).toBe('jo@example.com');
    form.shadowRoot!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await until(() => /is booked/.test(messages(bot).at(-1)!.message.text), 15_000);
  });

  it("shows the service's refusal of a field at that field", async () => {
    const { serial, free } = await showingHours();
    const { bot, slots } = await offered(free, { serial });
    buttons(slots)[0]!.click();
    const form = await until(() => formIn(slots));
    await fill(form, { name: 'Jo Visitor', email: 'jo@example.com', phone: 'call me maybe' });
    await until(() => field(form, 'phone').getAttribute('aria-invalid') === 'true', 15_000);
    const error = form.shadowRoot!.getElementById(field(form, 'phone').getAttribute('aria-describedby')!);
    expect(text(error)).toMatch(/^"phone" /);
    expect(focused()).toBe(field(form, 'phone'));
    expect(messages(bot).some((m) => /is booked/.test(m.message.text))).toBe(false);
  });
});
