/**
 * Signing in to the console: the API key is exchanged for an owner session key (24 h) and is not
 * kept — not in storage, not in a variable. The session key lives in this tab's sessionStorage, so
 * a reload stays signed in and closing the tab signs out.
 */
import { ApiError, createClient, type Client } from 'chat-bot-element/client';

const STORAGE_KEY = 'chat-bot-console.session';

interface Saved {
  sessionKey: string;
  expiresAt: string;
}

const clientFor = (sessionKey: string) => createClient({ baseUrl: location.origin, sessionKey });

/** The signed-in client, if this tab holds a session key that has not expired. */
export function restoreSession(): Client | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    if (saved && Date.parse(saved.expiresAt) > Date.now()) return clientFor(saved.sessionKey);
  } catch {
    // Storage refused (a privacy mode) or garbled: sign in again.
  }
  return null;
}

/** Exchanges the key for a session key; only the session key is remembered. */
export async function signIn(apiKey: string): Promise<Client> {
  const { SessionKey, ExpiresAt } = await createClient({ baseUrl: location.origin, apiKey }).sessionKey();
  try {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ sessionKey: SessionKey, expiresAt: ExpiresAt } satisfies Saved),
    );
  } catch {
    // Without storage the console still works until the page is reloaded.
  }
  return clientFor(SessionKey);
}

export function signOut(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Remembers a choice for this tab (the chatbot being worked on); quietly nothing without storage. */
export function remember(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the choice lasts until the page is reloaded.
  }
}

export function recall(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Remembers a preference across tabs and visits (the agent's name); quietly nothing without storage. */
export function keep(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the preference lasts until the page is reloaded.
  }
}

export function kept(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A session key that expired or was refused: the console asks to sign in again. */
export const sessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Where a 400 belongs: its Message begins with the field's path in quotes (docs/PROTOCOL.md), such
 * as `"ChatBubbleColor"` or `"ExtensionColumn[0].Key"`. Null for anything else.
 */
export function fieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return /^"([A-Za-z][\w.[\]]*)"/.exec(error.message)?.[1] ?? null;
}

/** What to tell the owner about a failure. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong; try again.';

/** An element id for a field path: `ExtensionColumn[0].Key` → `prefix-ExtensionColumn-0-Key`. */
export const idFor = (prefix: string, path: string) =>
  `${prefix}-${path.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`;
