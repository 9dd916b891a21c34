/** Every operation of API.md with its route, request schema and Data schema. */
import { Type, type Static, type TSchema } from 'typebox';
import {
  CHATBOT_OPERATIONS,
  CHAT_OPERATIONS,
  USER_OPERATIONS,
  routeOf,
  type EventStream,
  type OperationName,
  type RoutedOperation,
  type OperationRoute,
  type ViewingOperation,
} from './paths.ts';

import { EVENT_STREAMS } from './event-streams.ts';
import { VIEWING_ROUTES } from './viewing-paths.ts';
import {
  OwnerViewingCancelBody,
  ViewingBookBody,
  ViewingBooking,
  ViewingCancelBody,
  ViewingListBody,
  ViewingPage,
  ViewingRescheduleBody,
  ViewingSlots,
  ViewingSlotsBody,
} from './viewings.ts';

/** A credential of API.md §2. */
export type Credential = 'apiKey' | 'sessionKey' | 'visitorToken';
import { AddBody, AddResult, EditBody, FullSettings, PublicSettings, SerialNumberBody } from './settings.ts';
import {
  AskBody,
  AskResult,
  GetSessionResult,
  ModelListResult,
  SessionKeyBody,
  SessionKeyResult,
  TalkToHumanBody,
  TalkToHumanResult,
} from './chat.ts';
import {
  Listing,
  ListingCreateBody,
  ListingDeleteBody,
  ListingDeleteResult,
  ListingImportBody,
  ListingImportResult,
  ListingGetBody,
  ListingListBody,
  ListingPage,
  ListingUpdateBody,
} from './listing.ts';
import { PreUploadBody, PreUploadResult, UploadSuccessBody, UploadSuccessResult } from './files.ts';
import { ChatbotListBody, ChatbotListResult, InboxListBody, LeadPage, OutboxPage } from './owner.ts';
import { Feedback, FeedbackBody } from './feedback.ts';
import {
  ConversationGetBody,
  ConversationListBody,
  ConversationPage,
  ExportBody,
  Insights,
  InsightsBody,
  Transcript,
  UnansweredBody,
  UnansweredPage,
} from './conversations.ts';
import {
  ConversationHold,
  ConversationReleaseBody,
  ConversationReplyBody,
  ConversationReplyResult,
  ConversationTakeBody,
  OwnerEventsQuery,
  TypingBody,
  VisitorEventsQuery,
} from './live.ts';
import {
  KnowledgeAddBody,
  KnowledgeDeleteBody,
  KnowledgeDeleteResult,
  KnowledgeListBody,
  KnowledgePage,
  KnowledgeSearchBody,
  KnowledgeSearchResult,
  KnowledgeSource,
  KnowledgeSyncBody,
  KnowledgeSyncResult,
  KnowledgeUpdateBody,
} from './knowledge.ts';

export interface OperationSpec extends OperationRoute {
  /** Credentials the operation accepts. */
  readonly credentials: readonly Credential[];
  /** Also open without any credential, to pages the chatbot allows (the visitor flow). */
  readonly visitorFlow?: true;
  /** The body's `token` is the credential (a booking's ManageUrl): no header is needed, and any is ignored. */
  readonly bodyToken?: true;
  /** The request body's schema; null for GET operations. */
  readonly body: TSchema | null;
  readonly data: TSchema;
  readonly summary: string;
}

const owner = ['apiKey'] as const;
const ownerOrSession = ['apiKey', 'sessionKey'] as const;
const anyone = ['apiKey', 'sessionKey', 'visitorToken'] as const;
const visitorOrOwner = ['apiKey', 'visitorToken'] as const;

/** Who may call each operation (API.md §2). */
const ACCESS = {
  Add: { credentials: owner },
  // The owner's console edits with its session key (docs/PROTOCOL.md); creating chatbots stays with the API key.
  Edit: { credentials: ownerOrSession },
  GetSession: { credentials: ['apiKey', 'visitorToken'], visitorFlow: true },
  Get: { credentials: anyone, visitorFlow: true },
  ModelList: { credentials: ownerOrSession },
  ClientAsk: { credentials: visitorOrOwner },
  TalkToHuman: { credentials: visitorOrOwner },
  RealEstateCreate: { credentials: ownerOrSession },
  RealEstateUpdate: { credentials: ownerOrSession },
  RealEstateDelete: { credentials: ownerOrSession },
  RealEstateList: { credentials: ownerOrSession },
  RealEstateGet: { credentials: ownerOrSession },
  RealEstateImport: { credentials: ownerOrSession },
  GetPreUploadUrl: { credentials: anyone },
  UploadSuccess: { credentials: anyone },
  SessionKey: { credentials: owner },
  List: { credentials: ownerOrSession },
  LeadList: { credentials: ownerOrSession },
  OutboxList: { credentials: ownerOrSession },
  Feedback: { credentials: visitorOrOwner },
  ConversationList: { credentials: ownerOrSession },
  ConversationGet: { credentials: ownerOrSession },
  UnansweredList: { credentials: ownerOrSession },
  Insights: { credentials: ownerOrSession },
  Export: { credentials: ownerOrSession },
  KnowledgeList: { credentials: ownerOrSession },
  KnowledgeAdd: { credentials: ownerOrSession },
  KnowledgeUpdate: { credentials: ownerOrSession },
  KnowledgeDelete: { credentials: ownerOrSession },
  KnowledgeSearch: { credentials: ownerOrSession },
  KnowledgeSync: { credentials: ownerOrSession },
  ChatbotEvents: { credentials: ownerOrSession },
  ConversationTake: { credentials: ownerOrSession },
  ConversationReply: { credentials: ownerOrSession },
  ConversationRelease: { credentials: ownerOrSession },
  ConversationTyping: { credentials: ownerOrSession },
  ChatEvents: { credentials: visitorOrOwner },
  Typing: { credentials: visitorOrOwner },
  ViewingSlots: { credentials: visitorOrOwner },
  ViewingBook: { credentials: visitorOrOwner },
  ViewingCancel: { credentials: [], bodyToken: true },
  ViewingReschedule: { credentials: [], bodyToken: true },
  OwnerViewingCancel: { credentials: ownerOrSession },
  ViewingList: { credentials: ownerOrSession },
} as const satisfies Record<
  OperationName,
  { credentials: readonly Credential[]; visitorFlow?: true; bodyToken?: true }
>;

/** Where an operation lives: routeOf's groups, the event streams' GET paths, the viewing operations' table. */
function routeFor(name: OperationName): OperationRoute {
  if (name === 'ChatEvents' || name === 'ChatbotEvents') return { method: 'GET', path: EVENT_STREAMS[name] };
  if (name in VIEWING_ROUTES) return { method: 'POST', path: VIEWING_ROUTES[name as ViewingOperation] };
  return routeOf(name as RoutedOperation);
}

const spec = <N extends OperationName, B extends TSchema | null, D extends TSchema>(
  name: N,
  body: B,
  data: D,
  summary: string,
) =>
  ({
    ...routeFor(name),
    ...ACCESS[name],
    body,
    data,
    summary,
  }) as const;

export const OPERATIONS = {
  Add: spec('Add', AddBody, AddResult, 'Create a chatbot'),
  Edit: spec('Edit', EditBody, Type.Literal(1), 'Change settings; an omitted or null setting is left unchanged'),
  GetSession: spec('GetSession', SerialNumberBody, GetSessionResult, 'Start a chat session'),
  Get: spec(
    'Get',
    SerialNumberBody,
    Type.Union([FullSettings, PublicSettings]),
    'Read settings (public ones for visitors)',
  ),
  ModelList: spec('ModelList', null, ModelListResult, 'List the models a chatbot can use'),
  ClientAsk: spec('ClientAsk', AskBody, AskResult, 'Ask; as JSON or as a text/event-stream'),
  TalkToHuman: spec('TalkToHuman', TalkToHumanBody, TalkToHumanResult, 'Hand the conversation to a person'),
  RealEstateCreate: spec('RealEstateCreate', ListingCreateBody, Type.String(), 'Create a listing'),
  RealEstateUpdate: spec('RealEstateUpdate', ListingUpdateBody, Type.Integer(), 'Replace a listing'),
  RealEstateDelete: spec('RealEstateDelete', ListingDeleteBody, ListingDeleteResult, 'Delete listings'),
  RealEstateList: spec('RealEstateList', ListingListBody, ListingPage, 'Page through listings'),
  RealEstateGet: spec('RealEstateGet', ListingGetBody, Listing, 'Read one listing'),
  RealEstateImport: spec(
    'RealEstateImport',
    ListingImportBody,
    ListingImportResult,
    'Create or replace many listings by MLSNumber, in one transaction',
  ),
  GetPreUploadUrl: spec('GetPreUploadUrl', PreUploadBody, PreUploadResult, 'Reserve a file and get its upload URL'),
  UploadSuccess: spec('UploadSuccess', UploadSuccessBody, UploadSuccessResult, 'Check an uploaded file by its content'),
  SessionKey: spec('SessionKey', SessionKeyBody, SessionKeyResult, 'Exchange the API key for an owner session key'),
  List: spec('List', ChatbotListBody, ChatbotListResult, "The owner's chatbots"),
  LeadList: spec('LeadList', InboxListBody, LeadPage, 'Page through the leads visitors left (newest first)'),
  OutboxList: spec(
    'OutboxList',
    InboxListBody,
    OutboxPage,
    'Page through the emails the service queued (newest first)',
  ),
  Feedback: spec(
    'Feedback',
    FeedbackBody,
    Feedback,
    "Rate an answer of the caller's session: up, down with reasons, or withdrawn",
  ),
  ConversationList: spec(
    'ConversationList',
    ConversationListBody,
    ConversationPage,
    "Page through a chatbot's conversations (newest first), filtered and searched",
  ),
  ConversationGet: spec(
    'ConversationGet',
    ConversationGetBody,
    Transcript,
    'One conversation as the visitor saw it, with feedback and leads',
  ),
  UnansweredList: spec(
    'UnansweredList',
    UnansweredBody,
    UnansweredPage,
    'Questions left unanswered or rated down, grouped by similar text',
  ),
  Insights: spec('Insights', InsightsBody, Insights, 'Figures per day and hour, and what visitors searched for'),
  Export: spec(
    'Export',
    ExportBody,
    Type.String({ description: 'The file itself: CSV (UTF-8 with a BOM) or JSON, streamed' }),
    'Download conversations or feedback of a date range as CSV or JSON',
  ),
  KnowledgeList: spec(
    'KnowledgeList',
    KnowledgeListBody,
    KnowledgePage,
    "Page through the chatbot's knowledge sources",
  ),
  KnowledgeAdd: spec(
    'KnowledgeAdd',
    KnowledgeAddBody,
    KnowledgeSource,
    'Add a FAQ entry, a text, a page, a sitemap or a document to the knowledge',
  ),
  KnowledgeUpdate: spec(
    'KnowledgeUpdate',
    KnowledgeUpdateBody,
    KnowledgeSource,
    'Replace a knowledge source; its passages are replaced in one transaction',
  ),
  KnowledgeDelete: spec('KnowledgeDelete', KnowledgeDeleteBody, KnowledgeDeleteResult, 'Delete knowledge sources'),
  KnowledgeSearch: spec(
    'KnowledgeSearch',
    KnowledgeSearchBody,
    KnowledgeSearchResult,
    'The passages a question finds, scored as the offline engine scores them',
  ),
  KnowledgeSync: spec(
    'KnowledgeSync',
    KnowledgeSyncBody,
    KnowledgeSyncResult,
    'Read a page, sitemap or document again (all of them without Id), in the background',
  ),
  ChatbotEvents: spec(
    'ChatbotEvents',
    OwnerEventsQuery,
    Type.String({
      description: 'text/event-stream: handoff, message, reply, typing, taken, released — each with an id',
    }),
    "What happens in the chatbot's conversations now, as a stream; an agent is present while one is open",
  ),
  ConversationTake: spec(
    'ConversationTake',
    ConversationTakeBody,
    ConversationHold,
    'An agent takes the conversation: the assistant stops answering in it',
  ),
  ConversationReply: spec(
    'ConversationReply',
    ConversationReplyBody,
    ConversationReplyResult,
    "An agent's message in a conversation they hold, delivered to the visitor",
  ),
  ConversationRelease: spec(
    'ConversationRelease',
    ConversationReleaseBody,
    Type.Literal(1),
    'The agent leaves the conversation: the assistant answers again',
  ),
  ConversationTyping: spec(
    'ConversationTyping',
    ConversationReleaseBody,
    Type.Literal(1),
    'The agent is typing in a conversation they hold (the visitor sees it)',
  ),
  ChatEvents: spec(
    'ChatEvents',
    VisitorEventsQuery,
    Type.String({ description: 'text/event-stream: `agent` events (joined, message, typing, left), each with an id' }),
    "The visitor's stream of their session: an agent joining, their messages, typing, leaving",
  ),
  Typing: spec('Typing', TypingBody, Type.Literal(1), 'The visitor is typing in a conversation an agent holds'),
  ViewingSlots: spec(
    'ViewingSlots',
    ViewingSlotsBody,
    ViewingSlots,
    "A listing's free viewing slots: the owner's showing hours, the notice and buffers applied, taken ones left out",
  ),
  ViewingBook: spec(
    'ViewingBook',
    ViewingBookBody,
    ViewingBooking,
    'Book a free slot to see a listing; both sides get a calendar invite',
  ),
  ViewingCancel: spec(
    'ViewingCancel',
    ViewingCancelBody,
    ViewingBooking,
    "Cancel a booking with its ManageUrl's token; both sides get the calendar's cancellation",
  ),
  ViewingReschedule: spec(
    'ViewingReschedule',
    ViewingRescheduleBody,
    ViewingBooking,
    "Move a booking to another free slot with its ManageUrl's token; both sides get the updated invite",
  ),
  OwnerViewingCancel: spec(
    'OwnerViewingCancel',
    OwnerViewingCancelBody,
    ViewingBooking,
    'The owner cancels a booking (POST /chat/Chatbot/ViewingCancel); both sides get the cancellation',
  ),
  ViewingList: spec('ViewingList', ViewingListBody, ViewingPage, "Page through the chatbot's bookings, soonest first"),
} as const satisfies Record<OperationName, OperationSpec>;

export const OPERATION_NAMES: OperationName[] = [
  ...CHATBOT_OPERATIONS,
  ...CHAT_OPERATIONS,
  ...USER_OPERATIONS,
  ...(Object.keys(EVENT_STREAMS) as EventStream[]),
  ...(Object.keys(VIEWING_ROUTES) as ViewingOperation[]),
];

type Ops = typeof OPERATIONS;
// Each worked out once, as a map by name: looked up per call site, a Static of the whole table's entry
// was instantiated anew at every generic call and passed TypeScript's limit (TS2589) as settings grew.
type Bodies = { [N in OperationName]: Ops[N]['body'] extends TSchema ? Static<Ops[N]['body']> : never };
type Datas = { [N in OperationName]: Static<Ops[N]['data']> };
/** The request body type of an operation. */
export type BodyOf<N extends OperationName> = Bodies[N];
/** The Data type of an operation's successful response. */
export type DataOf<N extends OperationName> = Datas[N];
