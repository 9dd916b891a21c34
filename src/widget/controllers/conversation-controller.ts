/**
 * The conversation: its messages and session, kept in storage per chatbot, and asking — answers
 * stream into a MarkdownView fragment by fragment without re-rendering anything else. Stop keeps
 * the partial answer; Retry asks again with the same clientMessageId, so the service never
 * answers one question twice. What happens in it — a question sent, an answer, an error, a vote,
 * a lead — is dispatched on the host as a PanelEvent, for <chat-bot> to make public.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BodyOf, DataOf } from '../../protocol/operations.ts';
// The client's parts, not its index: the panel carries what it uses and no more (client/answers.ts).
import { ApiError, NetworkError, isAbortError } from '../../client/errors.ts';
import { ask, askStream } from '../../client/ask.ts';
import { callOperation, type ClientOptions } from '../../client/call.ts';
import { MarkdownView } from '../markdown/index.ts';
import { answerFences } from '../cards.ts';
import { PanelEvent, type PanelEventDetail } from '../internal-events.ts';
import { message, type Attachment, type ChatMessage } from '../message.ts';
import type { WidgetSettings } from '../settings.ts';
import { keys, type WidgetStorage } from '../storage.ts';
import type { Strings } from '../strings/index.ts';
import type { LiveState } from './live-controller.ts';

export interface Stored {
  messages: ChatMessage[];
  /** When it was last written: a streaming answer not written for STALE_MS has no tab writing it. */
  updatedAt?: number;
  sessionId?: number;
  token?: string;
  tokenExpiresAt?: number;
  /** A person in the chat (live-controller.ts): whether one holds it, and the last event seen. */
  live?: LiveState | undefined;
}

/** What the conversation is given (the panel's inputs), read each time it is needed: they may change. */
export interface ConversationConfig {
  /** Where the conversation is kept. */
  storage: WidgetStorage;
  /** The chatbot's serial number. */
  serialNumber: string;
  /** The service's origin. */
  baseUrl: string;
  /** An owner API key (trusted pages only). */
  apiKey: string | undefined;
  /** Stream answers. */
  stream: boolean;
  /** Hosts answers may show images from. */
  imageHosts: readonly string[];
  /** The listing the page names itself (Id, MLS number or Url), or empty; false when page-context is off: nothing is said of the page. */
  listing: string | undefined | false;
  /** The settings in force. */
  settings: WidgetSettings;
  /** The widget's words. */
  strings: Strings;
  /** Locale of times, prices and numbers, and the language the visitor reads: sent with each question. */
  locale: string;
}

/** The panel: it renders the conversation, and what happens in it is dispatched on it (PanelEvent). */
export type ConversationHost = ReactiveControllerHost & EventTarget;

/** An answer ended (done or stopped): what a screen reader should hear, once. */
export type Announce = (answer: ChatMessage, text: string) => void;

const PERSIST_MS = 750;
const STALE_MS = 5000;

export class ConversationController implements ReactiveController {
  messages: ChatMessage[] = [];
  loaded = false;

  /** The answer being written now. */
  #streaming: ChatMessage | undefined;
  #stored: Stored = { messages: [] };
  /** The first load from storage, begun when the host connects: nothing may change the conversation before it (it would be overwritten). */
  #ready: Promise<void> | undefined;
  /** The views answers were (or are being) streamed into, by id: a finished answer keeps its DOM instead of being drawn again. */
  readonly #views = new Map<string, MarkdownView>();
  #abort: AbortController | undefined;
  #stopRequested = false;
  #persistTimer: ReturnType<typeof setTimeout> | undefined;
  #unwatch: (() => void) | undefined;

  readonly #host: ConversationHost;
  readonly #inputs: () => ConversationConfig;
  /** Tells screen readers a message is complete (a person's too: live-controller.ts). */
  readonly announce: Announce;

  constructor(host: ConversationHost, inputs: () => ConversationConfig, announce: Announce) {
    this.#host = host;
    this.#inputs = inputs;
    this.announce = announce;
    host.addController(this);
  }

  /** The view an answer was (or is being) streamed into in this page, if any. */
  viewOf(message: ChatMessage): MarkdownView | undefined {
    return this.#views.get(message.id);
  }

  hostConnected(): void {
    this.#ready = this.#load();
    this.#unwatch = this.#inputs().storage.watch(this.#key, () => {
      if (!this.#streaming) void this.#load();
    });
  }

  hostDisconnected(): void {
    this.#unwatch?.();
    this.#abort?.abort();
  }

  get busy(): boolean {
    return !!this.#streaming;
  }

  get #key(): string {
    return keys.conversation(this.#inputs().serialNumber);
  }

  async #load(): Promise<void> {
    const stored = (await this.#inputs().storage.get<Stored>(this.#key)) ?? { messages: [] };
    // An answer another tab is writing stays streaming (its writes will follow); one whose writer
    // went quiet — its page closed or reloaded mid-answer — stopped where it was.
    const stale = Date.now() - (stored.updatedAt ?? 0) > STALE_MS;
    for (const m of stored.messages) if (m.status === 'streaming' && stale) m.status = 'stopped';
    if (!stale && stored.messages.some((m) => m.status === 'streaming'))
      setTimeout(() => !this.#streaming && void this.#load(), STALE_MS);
    this.#stored = stored;
    this.messages = stored.messages;
    this.loaded = true;
    this.#host.requestUpdate();
    if (stored.live?.held) this.follow();
  }

  /** What is kept of the conversation: a person in the chat keeps its state in it (`changed(true)` stores it). */
  get stored(): Stored {
    return this.#stored;
  }

  /**
   * Follows a person in the chat: the visitor's event stream, in a chunk of its own loaded when a
   * person is first handed the conversation — or, `text`, what an answer's handoff block asks.
   */
  follow(text?: string, from?: Element): void {
    void (this.#live ??= import('./live-controller.ts').then(
      (m) => new m.LiveController(this.#host, this, this.#inputs),
    )).then((c) => c.follow(text, from));
  }

  #live: Promise<{ follow(text?: string, from?: Element): void }> | undefined;

  async send(text: string, files: readonly Attachment[] = []): Promise<void> {
    const content = text.trim();
    await this.#ready;
    if ((!content && !files.length) || this.busy) return;
    const question = message('user', content, 'done');
    if (files.length) question.files = [...files];
    const answer = message('assistant', '', 'streaming', question.clientMessageId);
    this.messages = [...this.messages, question, answer];
    this.tell({ kind: 'send', text: content, fileIds: files.map((f) => f.id) });
    await this.#ask(question, answer, true);
  }

  /** Asks again for a stopped or failed answer, with the same clientMessageId. */
  async retry(answerId: string): Promise<void> {
    await this.#ready;
    const answer = this.messages.find((m) => m.id === answerId && m.role === 'assistant');
    const question = this.messages.find((m) => m.role === 'user' && m.clientMessageId === answer?.clientMessageId);
    if (!answer || !question || this.busy) return;
    Object.assign(answer, { text: '', status: 'streaming', error: undefined, at: Date.now() });
    await this.#ask(question, answer, true);
  }

  stop(): void {
    this.#stopRequested = true;
    this.#abort?.abort();
  }

  /** Forgets this conversation; the next question starts a new session. */
  async clear(): Promise<void> {
    await this.#ready;
    this.stop();
    this.#stored = { messages: [] };
    this.messages = [];
    this.#host.requestUpdate();
    await this.#inputs().storage.delete(this.#key);
  }

  /**
   * A message changed in place (a vote, shown at once): the host draws it again; `keep` stores the
   * conversation as it is now.
   */
  async changed(keep = false): Promise<void> {
    this.#host.requestUpdate();
    if (keep) await this.#persist();
  }

  /** Calls an operation about the conversation's session: a vote, a lead. */
  async call<N extends 'Feedback' | 'TalkToHuman'>(name: N, body: Omit<BodyOf<N>, 'sessionID'>): Promise<DataOf<N>> {
    const { client, sessionId } = await this.session();
    return callOperation(client, name, { sessionID: sessionId, ...body });
  }

  async #ask(question: ChatMessage, answer: ChatMessage, renewOnce: boolean): Promise<void> {
    // Read as the question is asked: the host's inputs may change while the session is made.
    const { imageHosts, stream, listing, locale } = this.#inputs();
    const view = new MarkdownView({ imageHosts, fences: answerFences });
    this.#streaming = answer;
    this.#views.set(answer.id, view);
    this.#abort = new AbortController();
    this.#stopRequested = false;
    this.#host.requestUpdate();
    void this.#persist();
    try {
      const { client, sessionId } = await this.session();
      const files = question.files ?? [];
      // Where it is asked from: the page's origin and path, never its query or fragment (they may hold a visitor's tokens).
      const body = {
        sessionID: sessionId,
        content: question.text,
        clientMessageId: question.clientMessageId,
        ...(files.length ? { chatAskType: files[0]!.kind, fileIds: files.map((f) => f.id) } : {}),
        page: (listing !== false && /^http[^?#]+/.exec(location.href)?.[0]) || undefined,
        listing: listing || undefined,
        locale,
      };
      let ids = { questionId: 0, answerId: 0 };
      let held: string | undefined;
      if (stream) {
        for await (const item of askStream(client, body, { signal: this.#abort.signal })) {
          if (item.kind === 'final') {
            held = item.HeldBy;
            answer.text = item.Answer;
            answer.lang = item.Language;
            ids = { questionId: item.QuestionID, answerId: item.AnswerID };
          } else {
            const first = !answer.text;
            answer.text += item.content;
            view.append(item.content);
            if (first) this.#host.requestUpdate();
            this.#schedulePersist();
          }
        }
      } else {
        const data = await ask(client, body, { signal: this.#abort.signal });
        held = data.HeldBy;
        answer.text = data.content;
        answer.lang = data.language;
        ids = { questionId: 0, answerId: data.messageid };
      }
      // A person holds the conversation: the question went to them, and no answer comes (live-controller.ts drops its place).
      if (held) return this.follow();
      answer.status = 'done';
      answer.answerId = ids.answerId;
      this.#end(answer, view);
      this.tell({ kind: 'answer', text: answer.text, ...ids });
      if (answer.text.includes('```handoff')) this.follow(answer.text, view.root);
    } catch (error) {
      if (renewOnce && error instanceof ApiError && error.status === 401 && !answer.text) {
        // The visitor token expired or was revoked: nothing was asked; start a session and ask.
        this.#stored = { messages: this.#stored.messages };
        // Awaited: a promise returned from inside try would run `finally` (no answer streaming, no abort
        // signal) before the second attempt has even begun.
        return await this.#ask(question, answer, false);
      }
      // Only a stream's own end (HTTP 200) — a 429's Retry-After is the visitor's to wait out.
      const retryAfter =
        (error instanceof ApiError &&
          error.status === 200 &&
          (error.data as { RetryAfter?: unknown } | null)?.RetryAfter) ||
        0;
      if (renewOnce && typeof retryAfter === 'number' && retryAfter > 0) {
        // The service ended the stream to restart (a deploy): asked again when it says — another
        // instance takes it — with the same clientMessageId, the answer is written anew, once.
        answer.text = '';
        await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 10) * 1000));
        return await this.#ask(question, answer, false);
      }
      const stopped = isAbortError(error) && this.#stopRequested;
      answer.status = stopped ? 'stopped' : 'failed';
      this.#end(answer, view);
      if (!stopped) answer.error = this.failure(error);
    } finally {
      if (this.#streaming === answer) this.#streaming = undefined;
      this.#abort = undefined;
      this.#host.requestUpdate();
      await this.#persist();
    }
  }

  /** An answer ended: its view shows its text, complete; one that is done or stopped is announced. */
  #end(answer: ChatMessage, view: MarkdownView): void {
    if (view.text !== answer.text) view.set(answer.text);
    else view.end();
    if (answer.status !== 'failed') this.announce(answer, view.root.textContent!);
  }

  /** What the visitor is told about a call that failed; the host hears it too (chat-bot-error). */
  failure(error: unknown): string {
    const { settings, strings } = this.#inputs();
    const code = error instanceof ApiError ? error.code : 0;
    // 503: the service or its model server is unavailable for now — said in the visitor's language.
    const message =
      error instanceof ApiError && code !== 503
        ? (code === 429 && settings.RateLimitMessage) || error.message
        : error instanceof NetworkError || isAbortError(error)
          ? strings.offline
          : strings.failed;
    this.tell({ kind: 'error', code, message });
    return message;
  }

  /** Tells <chat-bot> what happened, for it to make public. */
  tell(detail: PanelEventDetail): void {
    this.#host.dispatchEvent(new PanelEvent(detail));
  }

  /** The session to ask in — the stored one while its token lasts, else a new one — and the credentials to use. */
  async session(): Promise<{ client: ClientOptions; sessionId: number }> {
    await this.#ready;
    return (this.#making ??= this.#makeSession().finally(() => (this.#making = undefined)));
  }

  /** A session being made: uploads started together share it. */
  #making: Promise<{ client: ClientOptions; sessionId: number }> | undefined;

  async #makeSession(): Promise<{ client: ClientOptions; sessionId: number }> {
    const { baseUrl, apiKey, serialNumber } = this.#inputs();
    const s = this.#stored;
    const fresh = s.sessionId !== undefined && (apiKey || (s.token && (s.tokenExpiresAt ?? 0) > Date.now() + 60_000));
    if (!fresh) {
      const session = await callOperation({ baseUrl, apiKey }, 'GetSession', { serialNumber });
      s.sessionId = session.SessionID;
      s.token = session.VisitorToken;
      s.tokenExpiresAt = session.ExpiresAt ? Date.parse(session.ExpiresAt) : undefined;
      // Kept at once: files uploaded into it must be asked about in it, whatever is read meanwhile.
      await this.#persist();
    }
    return { client: { baseUrl, apiKey, visitorToken: apiKey ? undefined : s.token }, sessionId: s.sessionId! };
  }

  #schedulePersist(): void {
    this.#persistTimer ??= setTimeout(() => void this.#persist(), PERSIST_MS);
  }

  async #persist(): Promise<void> {
    clearTimeout(this.#persistTimer);
    this.#persistTimer = undefined;
    this.#stored = { ...this.#stored, messages: this.messages, updatedAt: Date.now() };
    await this.#inputs().storage.set(this.#key, this.#stored);
  }
}
