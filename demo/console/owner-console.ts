import { LitElement, html, nothing, type TemplateResult } from 'lit';
import type { Client } from 'chat-bot-element/client';
import type { ChatbotSummary } from 'chat-bot-element';
import { KEY_TYPES } from 'chat-bot-element/rules';
import type { NavigateEvent } from './events.ts';
import { ConsolePage } from './console-page.ts';
import type { KeyType } from './listing-words.ts';
import { messageOf, recall, remember, restoreSession, sessionEnded, signIn, signOut } from './session.ts';
import './owner-settings.ts';
import './owner-listings.ts';
import './owner-listing-form.ts';
import './owner-inbox.ts';
import './owner-conversations.ts';
import './owner-conversation.ts';
import './owner-unanswered.ts';
import './owner-knowledge.ts';
import './owner-live.ts';
import './owner-viewings.ts';

type Route =
  | { page: 'settings' }
  | { page: 'listings' }
  | { page: 'listing'; keyType: KeyType | ''; key: string }
  | { page: 'inbox' }
  | { page: 'viewings'; query: string }
  | { page: 'conversations'; query: string }
  | { page: 'conversation'; sessionId: number }
  | { page: 'live' }
  | { page: 'unanswered'; query: string }
  | { page: 'knowledge'; query: string }
  | { page: 'insights'; query: string };

const PAGE_TITLES = {
  settings: 'Settings',
  listings: 'Listings',
  listing: 'Listing',
  inbox: 'Leads and outbox',
  viewings: 'Viewings',
  conversations: 'Conversations',
  conversation: 'Conversation',
  live: 'Live',
  unanswered: 'Unanswered questions',
  knowledge: 'Knowledge',
  insights: 'Insights',
} as const;
/** The pages a conversation is opened from, and how its back link names them. */
const LISTS: Partial<Record<Route['page'], string>> = {
  conversations: 'Conversations',
  live: 'Live',
  unanswered: 'Unanswered questions',
};
const CHATBOT_KEY = 'chat-bot-console.chatbot';

/** `#/page/sub…?filters`: the filters (a query) belong to the list pages that keep theirs in the address. */
function routeOf(hash: string): Route {
  const at = hash.indexOf('?');
  const query = at < 0 ? '' : hash.slice(at + 1);
  const [, page = '', sub = '', keyType = '', key = ''] = (at < 0 ? hash : hash.slice(0, at)).split('/');
  if (page === 'listings' && sub === 'new') return { page: 'listing', keyType: '', key: '' };
  if (page === 'listings' && sub === 'edit' && (KEY_TYPES as readonly string[]).includes(keyType))
    return { page: 'listing', keyType: keyType as KeyType, key: decodeURIComponent(key) };
  if (page === 'listings') return { page: 'listings' };
  if (page === 'inbox') return { page: 'inbox' };
  if (page === 'live') return { page: 'live' };
  if (page === 'conversations' && /^[1-9]\d{0,9}$/.test(sub)) return { page: 'conversation', sessionId: Number(sub) };
  if (
    page === 'conversations' ||
    page === 'unanswered' ||
    page === 'knowledge' ||
    page === 'insights' ||
    page === 'viewings'
  )
    return { page, query };
  return { page: 'settings' };
}

/**
 * @summary The owner's console: sign in with the API key (exchanged for a session key at once),
 * then settings, listings, viewings, conversations (past and live), knowledge, insights, and leads
 * and outbox of the chosen chatbot.
 */
export class OwnerConsole extends LitElement {
  static override properties = {
    client: { state: true },
    chatbots: { state: true },
    serialNumber: { state: true },
    route: { state: true },
    signInError: { state: true },
    notice: { state: true },
  };

  private client: Client | null = restoreSession();
  private chatbots: ChatbotSummary[] | null = null;
  private serialNumber = '';
  private route: Route = routeOf(location.hash);
  private signInError = '';
  private notice = '';
  #onHashChange = () => this.#go(routeOf(location.hash));
  #firstRender = true;
  #pendingNotice = '';
  #hash = location.hash;
  /** Where a conversation's back link leads: the list it was opened from, filters and all. */
  #back = { href: '#/conversations', label: 'Conversations' };

  override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('hashchange', this.#onHashChange);
    if (this.client) void this.#loadChatbots();
  }

  override disconnectedCallback(): void {
    removeEventListener('hashchange', this.#onHashChange);
    super.disconnectedCallback();
  }

  protected override updated(changed: Map<string, unknown>): void {
    document.title = `${this.client ? PAGE_TITLES[this.route.page] : 'Sign in'} — chat-bot console`;
    const before = changed.get('route') as Route | undefined;
    // New filters on the same list keep focus where the owner is (the form, the pager).
    const refiltered = before?.page === this.route.page && 'query' in before;
    if ((changed.has('route') && !refiltered) || changed.has('client')) void this.#focusHeading();
  }

  protected override render(): TemplateResult {
    if (!this.client) return this.#renderSignIn();
    const nav = (href: string, label: string, page: Route['page'][]) =>
      html`<a href=${href} aria-current=${page.includes(this.route.page) ? 'page' : nothing}>${label}</a>`;
    return html`<header class="console-bar">
        <span class="brand">chat-bot console</span>
        <nav aria-label="Console">
          ${nav('#/settings', 'Settings', ['settings'])} ${nav('#/listings', 'Listings', ['listings', 'listing'])} ${nav('#/viewings', 'Viewings', ['viewings'])}
          ${nav('#/conversations', 'Conversations', ['conversations', 'conversation'])} ${nav('#/live', 'Live', ['live'])} ${nav('#/unanswered', 'Unanswered', ['unanswered'])} ${nav('#/knowledge', 'Knowledge', ['knowledge'])}
          ${nav('#/insights', 'Insights', ['insights'])} ${nav('#/inbox', 'Leads and outbox', ['inbox'])}
        </nav>
        ${
          this.chatbots && this.chatbots.length > 1
            ? html`<label class="chatbot-pick">Chatbot <select @change=${this.#handleChatbot}>${this.chatbots.map((c) => html`<option value=${c.SerialNumber} ?selected=${c.SerialNumber === this.serialNumber}>${c.Name}</option>`)}</select></label>`
            : html`<span class="chatbot-name">${this.chatbots?.[0]?.Name ?? ''}</span>`
        }
        <button type="button" @click=${this.#handleSignOut}>Sign out</button>
      </header>
      <main class="console" @navigate=${this.#handleNavigate} @session-ended=${this.#handleSessionEnded}>${this.#renderPage()}</main>`;
  }

  #renderSignIn(): TemplateResult {
    return html`<main class="console sign-in">
      <h1 tabindex="-1">Sign in to the chat-bot console</h1>
      <p>Use your owner API key — <code>npm start</code> prints it the first time it runs. The console exchanges it for a session key that lasts 24 hours and does not keep the API key.</p>
      <form @submit=${this.#handleSignIn}>
        <div class="field"><label for="api-key">API key</label>
          <input id="api-key" name="apiKey" type="password" autocomplete="off" spellcheck="false" required aria-invalid=${this.signInError ? 'true' : 'false'} aria-describedby=${this.signInError ? 'api-key-error' : nothing} />
          ${this.signInError ? html`<span class="error" id="api-key-error" role="alert">${this.signInError}</span>` : nothing}</div>
        <button type="submit" class="primary">Sign in</button>
      </form>
    </main>`;
  }

  #renderPage(): TemplateResult {
    if (this.chatbots === null) return html`<p role="status">Loading your chatbots…</p>`;
    if (!this.serialNumber)
      return html`<h1 tabindex="-1">No chatbot yet</h1><p>Create one with <code>POST /chat/Chatbot/Add</code> and your API key.</p>`;
    const r = this.route;
    const common = { client: this.client!, serial: this.serialNumber };
    switch (r.page) {
      case 'settings':
        return html`<owner-settings .client=${common.client} .serialNumber=${common.serial}></owner-settings>`;
      case 'listings':
        return html`<owner-listings .client=${common.client} .serialNumber=${common.serial} .notice=${this.notice}></owner-listings>`;
      case 'listing':
        return html`<owner-listing-form .client=${common.client} .serialNumber=${common.serial} .keyType=${r.keyType} .key=${r.key}></owner-listing-form>`;
      case 'inbox':
        return html`<owner-inbox .client=${common.client} .serialNumber=${common.serial}></owner-inbox>`;
      case 'viewings':
        return html`<owner-viewings .client=${common.client} .serialNumber=${common.serial} .query=${r.query}></owner-viewings>`;
      case 'conversations':
        return html`<owner-conversations .client=${common.client} .serialNumber=${common.serial} .query=${r.query}></owner-conversations>`;
      case 'conversation':
        return html`<owner-conversation .client=${common.client} .serialNumber=${common.serial} .sessionId=${r.sessionId} .back=${this.#back}></owner-conversation>`;
      case 'live':
        return html`<owner-live .client=${common.client} .serialNumber=${common.serial}></owner-live>`;
      case 'unanswered':
        return html`<owner-unanswered .client=${common.client} .serialNumber=${common.serial} .query=${r.query}></owner-unanswered>`;
      case 'knowledge':
        return html`<owner-knowledge .client=${common.client} .serialNumber=${common.serial} .query=${r.query}></owner-knowledge>`;
      case 'insights':
        // The page and its chart library (uPlot) load the first time Insights opens; the element upgrades then.
        void import('./owner-insights.ts');
        return html`<owner-insights .client=${common.client} .serialNumber=${common.serial} .query=${r.query}></owner-insights>`;
    }
  }

  async #loadChatbots(): Promise<void> {
    try {
      this.chatbots = await this.client!.list();
      const remembered = recall(CHATBOT_KEY);
      this.serialNumber =
        this.chatbots.find((c) => c.SerialNumber === remembered)?.SerialNumber ?? this.chatbots[0]?.SerialNumber ?? '';
    } catch (error) {
      this.#end(
        sessionEnded(error)
          ? 'Your session ended. Sign in again.'
          : `Your chatbots could not be read: ${messageOf(error)}`,
      );
    }
  }

  /** A page's notice travels with the move it asked for, and only with that one. */
  #go(route: Route): void {
    const list = LISTS[this.route.page];
    if (list && route.page === 'conversation') this.#back = { href: this.#hash || '#/conversations', label: list };
    this.#hash = location.hash;
    this.notice = this.#pendingNotice;
    this.#pendingNotice = '';
    this.route = route;
  }

  /**
   * After a move inside the console (not the page's first load), the new page's heading takes
   * focus, as a page load would announce it — or where the page says the owner starts (a new FAQ
   * entry's Answer, its question filled in from Unanswered).
   */
  async #focusHeading(): Promise<void> {
    if (this.#firstRender) {
      this.#firstRender = false;
      return;
    }
    await this.updateComplete;
    const page = this.querySelector('main > *');
    if (page instanceof ConsolePage) await page.updateComplete;
    (page instanceof ConsolePage ? page.landing : this.querySelector<HTMLElement>('main h1'))?.focus();
  }

  #end(message: string): void {
    signOut();
    this.client = null;
    this.chatbots = null;
    this.signInError = message;
  }

  async #handleSignIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const input = form.elements.namedItem('apiKey') as HTMLInputElement;
    const apiKey = input.value.trim();
    input.value = '';
    if (!apiKey) {
      this.signInError = 'Enter your API key.';
      return;
    }
    try {
      this.client = await signIn(apiKey);
      this.signInError = '';
      await this.#loadChatbots();
    } catch (error) {
      this.signInError = sessionEnded(error) ? 'That API key is not valid.' : messageOf(error);
      await this.updateComplete;
      this.querySelector<HTMLInputElement>('#api-key')?.focus();
    }
  }

  #handleSignOut(): void {
    this.#end('');
  }

  #handleChatbot(event: Event): void {
    this.serialNumber = (event.target as HTMLSelectElement).value;
    remember(CHATBOT_KEY, this.serialNumber);
  }

  #handleNavigate(event: NavigateEvent): void {
    this.#pendingNotice = event.notice;
    if (location.hash === event.route) this.#go(routeOf(event.route));
    else location.hash = event.route;
  }

  #handleSessionEnded(): void {
    this.#end('Your session ended. Sign in again.');
  }
}

customElements.define('owner-console', OwnerConsole);
declare global {
  interface HTMLElementTagNameMap {
    'owner-console': OwnerConsole;
  }
}
