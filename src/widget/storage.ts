/**
 * Where the widget keeps what survives a reload: IndexedDB through idb-keyval (one database, one
 * store), falling back to memory, silently, when IndexedDB is missing or fails (private modes,
 * quotas). Other tabs of the same site hear about every change through a BroadcastChannel.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface WidgetStorage {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Calls `listener` when another tab changes `key`; returns a function that stops it. */
  watch(key: string, listener: () => void): () => void;
}

/** Keys of one chatbot's state. */
export const keys = {
  settings: (serial: string) => `settings:${serial}`,
  conversation: (serial: string) => `conversation:${serial}`,
  flags: (serial: string) => `flags:${serial}`,
};

export function createStorage(database = 'chat-bot'): WidgetStorage {
  let store: UseStore | null = null;
  let memory: Map<string, unknown> | null = typeof indexedDB === 'undefined' ? new Map() : null;
  const listeners = new Map<string, Set<() => void>>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${database}:changes`);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const key = (event.data as { key?: unknown } | null)?.key;
    if (typeof key === 'string') listeners.get(key)?.forEach((listener) => listener());
  });

  /** Runs an IndexedDB operation; on its first failure the storage moves to memory for good. */
  async function run<T>(
    operation: (store: UseStore) => Promise<T>,
    fallback: (memory: Map<string, unknown>) => T,
  ): Promise<T> {
    if (!memory) {
      try {
        store ??= createStore(database, 'state');
        return await operation(store);
      } catch {
        memory = new Map();
      }
    }
    return fallback(memory);
  }
  const announce = (key: string) => channel?.postMessage({ key });

  return {
    get: <T>(key: string) =>
      run(
        (s) => get<T>(key, s),
        (m) => m.get(key) as T | undefined,
      ),
    async set(key, value) {
      await run(
        (s) => set(key, value, s),
        (m) => void m.set(key, value),
      );
      announce(key);
    },
    async delete(key) {
      await run(
        (s) => del(key, s),
        (m) => void m.delete(key),
      );
      announce(key);
    },
    watch(key, listener) {
      const set = listeners.get(key) ?? listeners.set(key, new Set()).get(key)!;
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

/**
 * Whether this is a new browser session for the chatbot, by a session cookie (one without an
 * expiry, gone when the browser closes). Marks the session as seen.
 */
export function isNewBrowserSession(serial: string): boolean {
  const name = `chat-bot-${serial.slice(0, 16)}`;
  try {
    const seen = document.cookie.split(/;\s*/).some((c) => c.startsWith(`${name}=`));
    if (!seen) document.cookie = `${name}=1; path=/; SameSite=Lax`;
    // Where cookies cannot be kept (sandboxed frames, blocked), every load would look new: say no.
    return !seen && document.cookie.includes(`${name}=`);
  } catch {
    return false;
  }
}
