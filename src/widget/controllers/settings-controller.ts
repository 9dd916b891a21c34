/**
 * The settings <chat-bot> runs on: the service's public ones — cached in this browser, then
 * refreshed — under the page's. Loaded when the element is connected and whenever the chatbot, the
 * service or the key changes; an answer to an earlier load never overwrites a later one.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  DEFAULT_SETTINGS,
  cachedSettings,
  fetchSettings,
  type SettingsSource,
  type WidgetSettings,
} from '../settings.ts';

export class SettingsController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #source: () => SettingsSource | null;
  readonly #loaded: (serialNumber: string) => Promise<void>;
  /** Settles when the settings of the chatbot now named are in (and `loaded` has run). */
  ready: Promise<void> = Promise.resolve();
  #service: Partial<WidgetSettings> = {};
  #call = 0;
  /** The source last loaded from; null after a (re)connection, to load again. */
  #from: string | null = null;

  /** `source`: where to load from (null without a serial number); `loaded`: runs once the first settings are in. */
  constructor(
    host: ReactiveControllerHost,
    source: () => SettingsSource | null,
    loaded: (serialNumber: string) => Promise<void>,
  ) {
    this.#host = host;
    this.#source = source;
    this.#loaded = loaded;
    host.addController(this);
  }

  /** The settings in force: defaults, then the service's, then the page's (which win). */
  merged(page: Partial<WidgetSettings> | undefined): WidgetSettings {
    return { ...DEFAULT_SETTINGS, ...this.#service, ...page };
  }

  hostConnected(): void {
    this.#from = null;
    this.#host.requestUpdate();
  }

  /**
   * Frameworks set bindings one by one (@lit/react in a layout effect, Angular in template order):
   * the update comes once the task's are all set, so one request goes where they all say.
   */
  hostUpdate(): void {
    const source = this.#source();
    const from = source && JSON.stringify([source.baseUrl, source.serialNumber, source.apiKey]);
    if (from === this.#from) return;
    this.#from = from;
    if (source) this.ready = this.#load(source);
  }

  /** Without a cache the first visit waits for the service; with one, the refresh runs behind. */
  async #load(source: SettingsSource): Promise<void> {
    const call = ++this.#call;
    const current = () => call === this.#call;
    const cached = (await cachedSettings(source)) ?? {};
    if (!current()) return;
    this.#set(cached);
    // A refresh that fails leaves the settings in force as they are.
    const refreshed = fetchSettings(source).then(
      (fresh) => current() && this.#set(fresh),
      () => undefined,
    );
    if (!Object.keys(cached).length) await refreshed;
    if (current()) await this.#loaded(source.serialNumber);
  }

  #set(settings: Partial<WidgetSettings>): void {
    this.#service = settings;
    this.#host.requestUpdate();
  }
}
