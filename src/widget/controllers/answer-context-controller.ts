/**
 * The chat context (chat-context.ts) as a block inside an answer reads it — its cards, sources,
 * handoff button, times to visit: in the answer's language. An answer is marked with the language
 * the service says it is written in (its bubble's `lang`, chat-bot-message.ts); where that is a
 * built-in language other than the panel's (the `lang` above the answer), the block's words are that
 * language's — loaded the first time such an answer is drawn, a chunk the panel's own language never
 * needs — and its numbers, dates and plurals are that language's in the visitor's region (es-US).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { chatContext, type ChatContext } from '../chat-context.ts';
import type { Language, Strings } from '../strings/index.ts';
import { loadStrings } from '../strings/locales.ts';
import { ContextController } from './context-controller.ts';

/** A block's own words by language, those not in the locales' chunks (the cards' English, every language's times). */
export type OwnWords = Partial<Record<Language, Partial<Strings>>>;

/** The language of a tag ("es-MX" → es): a built-in one if the widget has words in it (loadStrings finds them). */
const languageOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] as Language;

/** The nearest `lang` at or above `node`, in its tree and then through the hosts of shadow roots; '' for none. */
const langAbove = (node: Element | undefined): string =>
  node ? (node.closest('[lang]')?.getAttribute('lang') ?? langAbove((node.getRootNode() as ShadowRoot).host)) : '';

/** The answer's language with the visitor's region where it names none: "es" read in en-US is es-US. */
function localeOf(tag: string, visitor: string): string {
  try {
    const own = new Intl.Locale(tag);
    return new Intl.Locale(tag, { region: own.region ?? new Intl.Locale(visitor).region }).toString();
  } catch {
    return visitor;
  }
}

export class AnswerContextController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #chat: ContextController<ChatContext>;
  readonly #own: OwnWords;
  /**
   * The answer's language tag and its words where they are not the panel's; undefined where they
   * are; null until the block has first read its answer (it is drawn once its words are in).
   */
  #in: { tag: string; lang: Language; words: Partial<Strings> } | undefined | null = null;
  /** The tag whose words are loading ('' for the panel's). */
  #reading = '';
  /** The answer is marked with its language when its stream ends: the block is drawn again in it. */
  readonly #marked = new MutationObserver(() => void this.#read());

  /** `own`: the block's words in the languages whose words it carries itself. */
  constructor(host: ReactiveControllerHost & HTMLElement, own: OwnWords = {}) {
    this.#host = host;
    this.#own = own;
    this.#chat = new ContextController(host, chatContext);
    host.addController(this);
  }

  /** The panel's context, its words and locale the answer's language's where that is not the panel's. */
  get value(): ChatContext | undefined {
    const chat = this.#chat.value;
    const said = this.#in;
    if (!chat || !said) return said === null ? undefined : chat;
    return {
      ...chat,
      // The page's `strings` are in the panel's language: the answer's own words go over them.
      strings: { ...chat.strings, ...this.#own[said.lang], ...said.words } as Strings,
      locale: localeOf(said.tag, chat.locale),
    };
  }

  hostConnected(): void {
    // The tree the block is in: the answer's bubble is in it.
    this.#marked.observe(this.#host.getRootNode(), { attributeFilter: ['lang'], subtree: true });
    void this.#read();
  }

  hostDisconnected(): void {
    this.#marked.disconnect();
  }

  /** Reads the answer's language and, when it is another built-in one than the panel's, loads its words. */
  async #read(): Promise<void> {
    const host = this.#host;
    const tag = host.closest('[lang]')?.getAttribute('lang') ?? '';
    const lang = languageOf(tag);
    const other = tag && lang !== languageOf(langAbove((host.getRootNode() as ShadowRoot).host)) ? tag : '';
    if (this.#in !== null && other === (this.#in?.tag ?? '')) return;
    this.#reading = other;
    // Until they are in, a block already drawn keeps the words it has. A language with no built-in
    // words has none to load: the block keeps the panel's.
    const words = other ? await loadStrings(lang).catch(() => undefined) : undefined;
    if (this.#reading !== other) return;
    this.#in = words && { tag: other, lang, words };
    host.requestUpdate();
  }
}
