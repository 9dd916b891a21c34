/**
 * The words <chat-bot> and its panel speak: the built-in language's — the launcher's three at once,
 * the panel's (English's too) from the panel's code once it is there — under the page's `strings`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PANEL_TAG, type PanelClass } from '../panel-contract.ts';
import { languageOf, launcherStrings, type Language, type LauncherStrings, type Strings } from '../strings/index.ts';

export class LocaleWordsController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #tags: () => readonly string[];
  /** The panel's words in `#dictLang`: they stay until another language's have come. */
  #dict: Partial<Strings> = {};
  #dictLang: Language | null = null;

  /** `tags`: the locales to choose the language from, the first one we have wins. */
  constructor(host: ReactiveControllerHost, tags: () => readonly string[]) {
    this.#host = host;
    this.#tags = tags;
    host.addController(this);
  }

  /** The built-in language in force. */
  get language(): Language {
    return languageOf(...this.#tags());
  }

  /** The words in force, the page's last: every one of them once load() has resolved (the panel is drawn only then). */
  words(page: Partial<Strings> | undefined): LauncherStrings & Partial<Strings> {
    return { ...this.#dict, ...launcherStrings(this.language), ...page };
  }

  /** A new language loads its words (when the panel's code is there; the panel loader asks again once it is). */
  hostUpdate(): void {
    void this.load();
  }

  /** Loads the panel's words for the language, once the panel's code is there (a chunk loads once). */
  async load(): Promise<void> {
    const lang = this.language;
    const Panel = customElements.get(PANEL_TAG) as PanelClass | undefined;
    if (lang === this.#dictLang || !Panel) return;
    const dict = await Panel.loadStrings(lang).catch(() => null);
    if (!dict || lang !== this.language) return;
    this.#dict = dict;
    this.#dictLang = lang;
    this.#host.requestUpdate();
  }
}
