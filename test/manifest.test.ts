/**
 * The public face of <chat-bot>, as the custom-elements manifest (dist/custom-elements.json, made by
 * `npm run build` from src/widget/elements/chat-bot.ts) describes it to editors and framework tools: its
 * attributes and the properties they set, its methods, events, parts and custom properties. A
 * change here is a change of the element's contract.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Declaration {
  tagName?: string;
  superclass?: { name: string; package?: string };
  attributes?: { name: string; fieldName?: string }[];
  members?: {
    kind: string;
    name: string;
    static?: boolean;
    privacy?: string;
    attribute?: string;
    reflects?: boolean;
    type?: { text: string };
  }[];
  events?: { name?: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string }[];
}

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../dist/custom-elements.json'), 'utf8')) as {
  modules: { declarations?: Declaration[] }[];
};
const chatBot = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'chat-bot')!;
const publicMembers = (chatBot.members ?? []).filter((m) => m.privacy !== 'private' && !m.name.startsWith('#'));

describe('the manifest of <chat-bot>', () => {
  it('is a Lit element', () => {
    expect(chatBot.superclass).toEqual({ name: 'LitElement', package: 'lit' });
  });

  it('lists every attribute with the property it sets, each reflected', () => {
    const attributes = {
      'serial-number': 'serialNumber',
      'base-url': 'baseUrl',
      'api-key': 'apiKey',
      open: 'open',
      mode: 'mode',
      theme: 'theme',
      locale: 'locale',
      stream: 'stream',
      'image-hosts': 'imageHosts',
      sound: 'sound',
      'notify-title': 'notifyTitle',
      'read-aloud': 'readAloud',
      'page-context': 'pageContext',
      listing: 'listing',
    };
    expect(Object.fromEntries((chatBot.attributes ?? []).map((a) => [a.name, a.fieldName]))).toEqual(attributes);
    for (const [attribute, field] of Object.entries(attributes))
      expect(
        publicMembers.find((m) => m.name === field),
        field,
      ).toMatchObject({ kind: 'field', attribute, reflects: true });
  });

  it('lists the properties and methods, typed', () => {
    expect(publicMembers.map((m) => `${m.static ? 'static ' : ''}${m.kind} ${m.name}: ${m.type?.text ?? ''}`)).toEqual([
      'static field loadPanel: (() => Promise<unknown>) | null',
      'field serialNumber: string',
      'field baseUrl: string',
      'field apiKey: string | undefined',
      'field open: boolean',
      "field mode: 'bubble' | 'inline'",
      "field theme: 'light' | 'dark' | 'auto'",
      'field locale: string',
      'field stream: boolean',
      'field imageHosts: string',
      'field sound: boolean',
      'field notifyTitle: boolean',
      'field readAloud: boolean',
      "field pageContext: 'on' | 'off' | undefined",
      'field listing: string | undefined',
      'field settings: Partial<WidgetSettings> | undefined',
      'field strings: Partial<Strings> | undefined',
      'method show: ',
      'method hide: ',
      'method toggle: ',
      'method send: ',
      'method clearHistory: ',
    ]);
  });

  it('lists the events, the parts and the custom properties', () => {
    expect(chatBot.events?.map((e) => e.name)).toEqual([
      'chat-bot-open',
      'chat-bot-close',
      'chat-bot-send',
      'chat-bot-answer',
      'chat-bot-error',
      'chat-bot-handoff',
      'chat-bot-feedback',
      'chat-bot-agent',
      'chat-bot-unread',
    ]);
    expect(chatBot.cssParts?.map((p) => p.name)).toEqual([
      'launcher',
      'badge',
      'popup',
      'panel',
      'header',
      'message',
      'user-message',
      'assistant-message',
      'bubble',
      'composer',
    ]);
    expect(chatBot.cssProperties?.map((p) => p.name)).toEqual([
      '--chat-bot-accent',
      '--chat-bot-on-accent',
      '--chat-bot-user-bubble',
      '--chat-bot-on-user-bubble',
      '--chat-bot-font',
      '--chat-bot-radius',
      '--chat-bot-z-index',
      '--chat-bot-surface',
      '--chat-bot-text',
      '--chat-bot-muted',
      '--chat-bot-border',
      '--chat-bot-focus',
      '--chat-bot-error',
      '--chat-bot-bot-bubble',
    ]);
  });
});
