/**
 * Shared interactions of the widget's browser tests: a chatbot on the real service, a mounted
 * <chat-bot>, its panel's parts, sending like a visitor, and the service's side through the
 * control server (scripted model replies, stored messages, model calls).
 */
import { inject } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import '../../src/index.ts';
import type { AddBody, ListingCreateBody } from '../../src/protocol/index.ts';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import type { StoredMessage } from '../support/control-server.ts';
import type { ScriptedReply } from '../support/fake-model-server.ts';

export const apiOrigin = () => inject('apiOrigin');
export const owner = () => createClient({ baseUrl: inject('apiOrigin'), apiKey: inject('apiKey') });

/** A new chatbot on the service (the offline engine unless `Model: 'scripted'`). */
export async function newChatbot(settings: Partial<AddBody> = {}): Promise<string> {
  return (await owner().add({ timeZone: 'UTC', type: 0, Model: 'offline', ...settings })).SerialNumber;
}

const mounted: ChatBot[] = [];
/** What each mounted widget announced, for the message of a test that times out. */
const happened = new WeakMap<ChatBot, string[]>();

/** Mounts a <chat-bot> for the chatbot, as a page would, and waits until its launcher is drawn. */
export async function mount(serialNumber: string, attributes: Record<string, string> = {}): Promise<ChatBot> {
  const bot = document.createElement('chat-bot');
  bot.setAttribute('serial-number', serialNumber);
  bot.setAttribute('base-url', apiOrigin());
  for (const [k, v] of Object.entries(attributes)) bot.setAttribute(k, v);
  const log: string[] = [];
  happened.set(bot, log);
  const t0 = performance.now();
  for (const type of ['chat-bot-open', 'chat-bot-close', 'chat-bot-error'])
    bot.addEventListener(type, (e) =>
      log.push(
        `${type.slice(9)}${(e as Event & { message?: string }).message ? ` (${(e as Event & { message?: string }).message})` : ''} at ${Math.round(performance.now() - t0)} ms`,
      ),
    );
  document.body.append(bot);
  mounted.push(bot);
  await until(() => bot.shadowRoot?.querySelector('.launcher'));
  return bot;
}

/** Removes every mounted widget (the end of a page). */
export function unmountAll(): void {
  for (const bot of mounted.splice(0)) bot.remove();
}

export const part = <T extends Element = HTMLElement>(bot: ChatBot, selector: string) =>
  bot.shadowRoot!.querySelector<T>(selector);
export const panel = (bot: ChatBot) => part(bot, 'chat-bot-panel');
export const inPanel = <T extends Element = HTMLElement>(bot: ChatBot, selector: string) =>
  panel(bot)?.shadowRoot?.querySelector<T>(selector) ?? null;
export const allInPanel = <T extends Element = HTMLElement>(bot: ChatBot, selector: string) => [
  ...(panel(bot)?.shadowRoot?.querySelectorAll<T>(selector) ?? []),
];
export const launcher = (bot: ChatBot) => part<HTMLButtonElement>(bot, '.launcher')!;
export const composer = (bot: ChatBot) => inPanel(bot, 'chat-bot-composer')!;
export const textarea = (bot: ChatBot) => composer(bot).shadowRoot!.querySelector('textarea')!;
/** The messages drawn, in order. */
export const messages = (bot: ChatBot) => allInPanel<ChatBotMessage>(bot, 'chat-bot-message');
/** The answer being streamed now, if any. */
export const streaming = (bot: ChatBot) => messages(bot).find((m) => m.message.status === 'streaming') ?? null;
export const bubbleText = (message: Element) => message.shadowRoot?.querySelector('.bubble')?.textContent?.trim() ?? '';

/** Polls until `check` returns something truthy (DOM updates, network, storage). */
export async function until<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${check.toString().slice(0, 120)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function open(bot: ChatBot): Promise<void> {
  launcher(bot).click();
  // The first open loads the panel's code and reads IndexedDB: slow on a loaded 2-core machine.
  await until(
    () => panel(bot) && !panel(bot)!.hidden && composer(bot)?.shadowRoot?.querySelector('textarea'),
    15_000,
  ).catch((error: Error) => {
    const p = panel(bot);
    throw new Error(
      `${error.message} — open: ${bot.open}, panel: ${p ? (p.hidden ? 'hidden' : 'shown') : 'none'}, composer: ${p ? String(!!composer(bot)) : '-'}, events: ${happened.get(bot)?.join(', ') || 'none'}`,
    );
  });
}

/** Types and presses Enter, as a visitor does. */
export async function type(bot: ChatBot, text: string): Promise<void> {
  const field = textarea(bot);
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
}

/** Waits for the number of finished answers drawn to reach `count` (generously: the machine may be busy). */
export const answered = (bot: ChatBot, count = 1, timeoutMs = 20_000) =>
  until(
    () => messages(bot).filter((m) => m.message.role === 'assistant').length >= count && !streaming(bot),
    timeoutMs,
  );

/** The fake model's reply to any question containing `match`. */
export async function script(match: string, reply: ScriptedReply): Promise<void> {
  await fetch(`${inject('controlOrigin')}/script`, { method: 'POST', body: JSON.stringify({ match, reply }) });
}

/** What the service stored for the chatbot, oldest first. */
export async function stored(serialNumber: string): Promise<StoredMessage[]> {
  return (await (await fetch(`${inject('controlOrigin')}/messages?serial=${serialNumber}`)).json()) as StoredMessage[];
}

/** How many times the model was asked a question containing `match`. */
export async function modelCalls(match: string): Promise<number> {
  return (
    (await (await fetch(`${inject('controlOrigin')}/model-requests?match=${encodeURIComponent(match)}`)).json()) as {
      count: number;
    }
  ).count;
}

export const token = () => `t${Math.random().toString(36).slice(2, 10)}`;

/** The ClientAsk bodies the page sends while `run` runs. */
export async function asked(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const bodies: Record<string, unknown>[] = [];
  const original = window.fetch;
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/chat/Chat/ClientAsk') && typeof init?.body === 'string')
      bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return original(input, init);
  };
  try {
    await run();
  } finally {
    window.fetch = original;
  }
  return bodies;
}

/** A listing of a chatbot: a three-bedroom house for sale in Harborview, $489,000, unless `fields` say otherwise. */
export function harborviewHome(
  serial: string,
  fields: Partial<ListingCreateBody> & { Address: string; MLSNumber: string },
): ListingCreateBody {
  return {
    SerialNumber: serial,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family',
    Bedrooms: 3,
    Bathrooms: 2,
    Url: `https://homes.test/${fields.MLSNumber}`,
    YearBuilt: 2004,
    DaysOnMarket: 5,
    LotArea: 6000,
    BuildingArea: 1850,
    AreaUnit: 'Square Feet',
    ParkingSpots: 2,
    City: 'Harborview',
    State: 'WA',
    ZIP: '98101',
    Images: [],
    SalePrice: 489_000,
    ...fields,
  };
}
