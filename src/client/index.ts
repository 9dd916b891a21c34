/**
 * The typed client of API.md: one method per operation, each credential in the header API.md
 * names, failures as ApiError / NetworkError, aborts as AbortError. Runs in browsers and Node.
 */
import type { RoutedOperation } from '../protocol/paths.ts';
import { EVENT_STREAMS } from '../protocol/event-streams.ts';
import type { BodyOf } from '../protocol/operations.ts';
import type { UploadResult } from '../protocol/files.ts';
import { readEnvelope, send } from './http.ts';
import {
  baseOf,
  callOperation,
  exportFile,
  fetchOf,
  headersFor,
  type CallOptions,
  type ClientOptions,
  type Credentials,
} from './call.ts';
import { fileUrl, getFile } from './files.ts';
import { ask, askStream, type AskRequest } from './ask.ts';
import type { AskStreamItem } from './stream.ts';
import { chatEvents, openEvents, type EventsOptions, type OwnerEvent } from './events.ts';
import { callViewing } from './viewings.ts';
import type { ViewingOperation } from '../protocol/paths.ts';

export { ApiError, NetworkError, abortError, isAbortError, type NetworkErrorCode } from './errors.ts';
export type { AskStreamItem } from './stream.ts';
export { ask, askStream, type AskRequest } from './ask.ts';
export { chatEvents, openEvents, type EventsOptions, type LiveMessage, type OwnerEvent } from './events.ts';
export type { AgentEvent, OwnerEventName, OwnerEvents } from '../protocol/live.ts';
export type { FetchLike } from './http.ts';

export type { Credentials, ClientOptions, CallOptions } from './call.ts';
export { callOperation, exportFile } from './call.ts';
export { getFile } from './files.ts';
/** Data in answers [ext]: the blocks' info strings, an answer's prose without them, its follow-up suggestions, its handoff. */
export { CARDS_INFO, SOURCES_INFO, SUGGESTIONS_INFO, answerProse, parseSuggestions } from './answers.ts';
export { HANDOFF_INFO, handoffOf, type Handoff } from './handoff.ts';
export { SLOTS_INFO, parseSlots, type OfferedSlot } from '../protocol/slots.ts';
export { callViewing } from './viewings.ts';
export type { AnswerSource } from '../protocol/sources.ts';
export type { ListingCard } from '../protocol/cards.ts';

export type Client = ReturnType<typeof createClient>;

/** What `upload` sends: any bytes fetch can send (a Node Buffer too). */
export type UploadBody = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>;

export function createClient(options: ClientOptions) {
  const base = baseOf(options);
  const fetchImpl = fetchOf(options);
  const call = <N extends RoutedOperation>(name: N, body: unknown, opts?: CallOptions) =>
    callOperation(options, name, body, opts);

  const op =
    <N extends RoutedOperation>(name: N) =>
    (body: BodyOf<N>, opts?: CallOptions) =>
      call(name, body, opts);
  const viewing =
    <N extends ViewingOperation>(name: N) =>
    (body: BodyOf<N>, opts?: CallOptions) =>
      callViewing(options, name, body, opts);

  return {
    baseUrl: base,
    /** A client with these credentials replacing the current ones (given keys only). */
    withCredentials: (credentials: Credentials) => createClient({ ...options, ...credentials }),

    add: op('Add'),
    edit: op('Edit'),
    /** Without an API key this is the visitor flow: Data carries VisitorToken and ExpiresAt. */
    getSession: op('GetSession'),
    /** Every setting for owners; the public ones for visitors. */
    get: op('Get'),
    modelList: (opts?: CallOptions) => call('ModelList', null, opts),
    sessionKey: (opts?: CallOptions) => call('SessionKey', {}, opts),
    /** The owner's chatbots [ext]. */
    list: (opts?: CallOptions) => call('List', {}, opts),
    /** Leads visitors left through TalkToHuman, newest first [ext]. */
    leadList: op('LeadList'),
    /** Emails the service queued (handoffs, daily digests), newest first [ext]. */
    outboxList: op('OutboxList'),
    /** A chatbot's conversations, newest first, filtered by days, flag and words [ext]. */
    conversationList: op('ConversationList'),
    /** One conversation's transcript with its feedback and leads [ext]. */
    conversationGet: op('ConversationGet'),
    /** Questions left unanswered or rated down, grouped by similar text [ext]. */
    unansweredList: op('UnansweredList'),
    /** Figures per day and hour, and what visitors searched for [ext]. */
    insights: op('Insights'),
    /** Conversations or feedback of a date range as CSV or JSON: the Response, to stream [ext]. */
    export: (body: BodyOf<'Export'>, opts?: CallOptions) => exportFile(options, body, opts),
    /**
     * What happens in the chatbot's conversations now, until aborted [ext]: handoffs, visitors'
     * messages and typing, agents' replies, takes and releases. While it is open an agent is present.
     */
    events: (body: BodyOf<'ChatbotEvents'>, opts?: EventsOptions): AsyncIterable<OwnerEvent> =>
      openEvents({
        url: `${base}${EVENT_STREAMS.ChatbotEvents}?SerialNumber=${encodeURIComponent(body.SerialNumber)}`,
        headers: headersFor(options, false),
        fetch: fetchImpl,
        signal: opts?.signal,
        lastEventId: opts?.lastEventId,
        onConnection: opts?.onConnection,
      }) as AsyncIterable<OwnerEvent>,
    /** An agent takes a conversation: the assistant stops answering in it [ext]. */
    conversationTake: op('ConversationTake'),
    /** An agent's message in a conversation they hold [ext]. */
    conversationReply: op('ConversationReply'),
    /** The agent leaves: the assistant answers again [ext]. */
    conversationRelease: op('ConversationRelease'),
    /** The agent is typing (the visitor sees it) [ext]. */
    conversationTyping: op('ConversationTyping'),

    /** Ask and wait for the whole answer. */
    ask: (body: AskRequest, opts?: CallOptions) => ask(options, body, opts),
    /** Ask and read the answer as it is generated: fragments, then the final object. */
    askStream: (body: AskRequest, opts?: CallOptions): AsyncIterable<AskStreamItem> => askStream(options, body, opts),
    talkToHuman: op('TalkToHuman'),
    /** Rate an answer of this session: up, down (with reasons), or null to withdraw [ext]. */
    feedback: op('Feedback'),
    /** The visitor's stream of a session, until aborted [ext]: an agent joining, their messages and typing, leaving. */
    chatEvents: (body: BodyOf<'ChatEvents'>, opts?: EventsOptions) => chatEvents(options, body, opts),
    /** The visitor is typing, in a conversation an agent holds [ext]. */
    typing: op('Typing'),

    /** Viewings [ext]: a listing's free slots, booking one, and cancelling or moving it with its ManageUrl's token. */
    viewingSlots: viewing('ViewingSlots'),
    viewingBook: viewing('ViewingBook'),
    viewingCancel: viewing('ViewingCancel'),
    viewingReschedule: viewing('ViewingReschedule'),
    /** The owner's bookings, and the owner's cancellation (`POST /chat/Chatbot/ViewingCancel`). */
    viewingList: viewing('ViewingList'),
    ownerViewingCancel: viewing('OwnerViewingCancel'),

    realEstateCreate: op('RealEstateCreate'),
    realEstateUpdate: op('RealEstateUpdate'),
    realEstateDelete: op('RealEstateDelete'),
    realEstateList: op('RealEstateList'),
    realEstateGet: op('RealEstateGet'),
    realEstateImport: op('RealEstateImport'),

    /** The owner's knowledge [ext]: FAQ entries, texts, pages, sitemaps and documents the engines answer from, naming them. */
    knowledgeList: op('KnowledgeList'),
    knowledgeAdd: op('KnowledgeAdd'),
    knowledgeUpdate: op('KnowledgeUpdate'),
    knowledgeDelete: op('KnowledgeDelete'),
    /** The passages a question finds and their scores, as the offline engine weighs them. */
    knowledgeSearch: op('KnowledgeSearch'),
    /** Read a page, sitemap or document again (every one without Id), in the background. */
    knowledgeSync: op('KnowledgeSync'),

    getPreUploadUrl: op('GetPreUploadUrl'),
    /**
     * Step 2: PUT the raw bytes to a PreUploadUrl. No credential is sent: the URL carries its
     * own short-lived permission and may point at another host.
     */
    upload: async (preUploadUrl: string, bytes: UploadBody, opts?: CallOptions): Promise<UploadResult> => {
      const init: RequestInit & { duplex?: 'half' } = {
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
        // fetch sends any view of bytes; TypeScript's BodyInit admits only those over an ArrayBuffer.
        body: bytes as BodyInit,
        signal: opts?.signal ?? null,
      };
      if (bytes instanceof ReadableStream) init.duplex = 'half';
      return readEnvelope<UploadResult>(await send(fetchImpl, preUploadUrl, init), opts?.signal);
    },
    uploadSuccess: op('UploadSuccess'),

    /** Where a file is served; profile pictures and icons need no credential. */
    fileUrl: (fileStoreId: string | number) => fileUrl(options, fileStoreId),
    /** Downloads a file with this client's credential (a visitor's own files need it). */
    getFile: (fileStoreId: string | number, opts?: CallOptions): Promise<Blob> => getFile(options, fileStoreId, opts),
  };
}
