/**
 * The settings the widget runs on: its defaults, under the service's public settings (cached, then
 * refreshed), under the `settings` property of the page, which wins.
 */
import { PUBLIC_DEFAULTS } from '../protocol/defaults.ts';
import type { PublicSettings } from '../protocol/settings.ts';
import type { EnvelopeOf } from '../protocol/envelope.ts';
import { parseJson } from '../client/json.ts';
import type { WidgetStorage } from './storage.ts';
import { keys } from './storage.ts';

export type WidgetSettings = Omit<PublicSettings, 'SerialNumber'>;

/** The protocol's defaults, and none of the extras the service works out. */
export const DEFAULT_SETTINGS: WidgetSettings = {
  ...PUBLIC_DEFAULTS,
  ChatProfilePictureUrl: '',
  ChatIconUrl: '',
  TalkToHumanEnabled: false,
};

export interface SettingsSource {
  baseUrl: string;
  serialNumber: string;
  apiKey?: string | undefined;
  storage: WidgetStorage;
}

/** The cached settings of a chatbot, if this browser has them. */
export const cachedSettings = (s: SettingsSource) =>
  s.storage.get<Partial<WidgetSettings>>(keys.settings(s.serialNumber));

/**
 * Fetches the settings a visitor may see (Get, visitor flow) and caches them. A plain fetch, not
 * the client: this runs in the launcher, whose bytes every page pays for; the client (and its
 * errors) arrive with the panel.
 */
export async function fetchSettings(s: SettingsSource): Promise<Partial<WidgetSettings>> {
  const res = await fetch(`${s.baseUrl.replace(/(?<!\/)\/+$/, '')}/chat/Chatbot/Get`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(s.apiKey ? { Authorization: s.apiKey } : {}) },
    body: JSON.stringify({ serialNumber: s.serialNumber }),
  });
  const body = (await res
    .text()
    .then(parseJson)
    .catch(() => null)) as EnvelopeOf<Partial<WidgetSettings>> | null;
  if (!res.ok || !body?.Success || !body.Data)
    throw new Error(body?.Message || `The chatbot's settings are unavailable (${res.status})`);
  await s.storage.set(keys.settings(s.serialNumber), body.Data);
  return body.Data;
}

/** One suggestion per non-blank line (the trim takes the CR of a CRLF). */
export const suggestions = (settings: WidgetSettings) =>
  settings.SuggestedMessage.split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 10);
