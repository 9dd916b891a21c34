/**
 * The one database schema, for PGlite (embedded) and PostgreSQL alike. Everything that matters
 * lives here — sessions, tokens' sessions, rate windows, idempotency — so instances share it.
 * Only SQL that PostgreSQL 15 understands (CI runs Debian's 15; PGlite is 18).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NoAnswerReason, OutboxKind, Settings } from '../../protocol/index.ts';
import type { Asked } from '../engines/reading/asked.ts';

const created = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const owners = pgTable('owners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: created(),
});

/** API keys, stored as SHA-256 of the key (keys are 256 random bits, so a fast hash is enough). */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => owners.id),
  keyHash: text('key_hash').notNull().unique(),
  label: text('label').notNull().default(''),
  createdAt: created(),
  /** When a request last used it (to the minute: http/auth.ts), for `keys list`; null: never. */
  lastUsedAt: at('last_used_at'),
});

export const ownerSessions = pgTable('owner_sessions', {
  keyHash: text('key_hash').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => owners.id),
  expiresAt: at('expires_at').notNull(),
  createdAt: created(),
});

export const chatbots = pgTable('chatbots', {
  serialNumber: text('serial_number').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => owners.id),
  type: integer('type').notNull().default(0),
  settings: jsonb('settings').$type<Settings>().notNull(),
  /** Bumped with every change to the chatbot's listings: instances keep its vocabulary and remembered searches while it stands. */
  listingsVersion: integer('listings_version').notNull().default(0),
  createdAt: created(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    chatbot: text('chatbot')
      .notNull()
      .references(() => chatbots.serialNumber, { onDelete: 'cascade' }),
    /** 'visitor' (GetSession without a key) or 'owner'. */
    openedBy: text('opened_by').notNull(),
    clientIp: text('client_ip').notNull().default(''),
    origin: text('origin').notNull().default(''),
    /** The page GetSession was called from: its origin and path (no query), from Referer, else Origin. */
    pageUrl: text('page_url').notNull().default(''),
    /** When a question of this session was last refused by a rate limit (the console's flag). */
    rateLimitedAt: at('rate_limited_at'),
    createdAt: created(),
  },
  (t) => [index('sessions_chatbot_created').on(t.chatbot, t.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    chatbot: text('chatbot').notNull(),
    /** 'agent': a person's reply in the chat (a held conversation: store/live.ts), with their name. */
    role: text('role').$type<'question' | 'answer' | 'agent'>().notNull(),
    /** Agent turns: the name the agent gave when they took the conversation. */
    agentName: text('agent_name'),
    content: text('content').notNull(),
    askType: text('ask_type').notNull().default('Text'),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    clientMessageId: text('client_message_id'),
    /** For an answer: the question it answers. */
    questionId: integer('question_id'),
    /** Answers: streaming → complete | partial (client left) | failed. Questions: complete. */
    status: text('status').$type<'streaming' | 'complete' | 'partial' | 'failed'>().notNull(),
    totalToken: integer('total_token').notNull().default(0),
    noAnswer: boolean('no_answer').notNull().default(false),
    /** Answers marked noAnswer: why (protocol/rules.ts NO_ANSWER_REASONS); null before it was kept. */
    noAnswerReason: text('no_answer_reason').$type<NoAnswerReason>(),
    /** Answers: the language the engine wrote it in ("es"), when it knows it: sent with it, and again to a retry. */
    language: text('language'),
    /** An answer's search, as the engine read it: what the console's insights count. */
    asked: jsonb('asked').$type<Asked>(),
    /** Answers: which generation owns the row; a retry that takes over bumps it, fencing the old writer off. */
    attempt: integer('attempt').notNull().default(1),
    /**
     * Answers while streaming: until when the writer holds the row, by the database's clock. The
     * writer renews it as it streams; a lapsed lease is a writer gone (a killed process, a lost
     * database), and its answer is taken over by a retry or marked failed by the sweep (answer-lease.ts).
     */
    leaseUntil: at('lease_until'),
    /** Questions: when the limits counted it (http/limits.ts); null when they did not, or gave it back because its answer failed. */
    chargedAt: at('charged_at'),
    createdAt: created(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // What the sweep reads: only answers still streaming (a handful, however many messages are stored).
    index('messages_streaming')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'streaming'`),
    // One question per clientMessageId in a session: the idempotency of ClientAsk.
    uniqueIndex('messages_client_message_id')
      .on(t.sessionId, t.clientMessageId)
      .where(sql`${t.role} = 'question'`),
    uniqueIndex('messages_answer_of')
      .on(t.questionId)
      .where(sql`${t.role} = 'answer'`),
    index('messages_session').on(t.sessionId, t.id),
    index('messages_chatbot_created').on(t.chatbot, t.createdAt),
    // The console's search over what was asked and answered (ConversationList's Query).
    index('messages_search').using('gin', sql`to_tsvector('simple', ${t.content})`),
  ],
);

/** A visitor's vote on an answer: one row per answer, changed in place, deleted when withdrawn. */
export const feedback = pgTable(
  'feedback',
  {
    answerId: integer('answer_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    chatbot: text('chatbot').notNull(),
    rating: text('rating').$type<'up' | 'down'>().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    comment: text('comment').notNull().default(''),
    createdAt: created(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('feedback_chatbot_updated').on(t.chatbot, t.updatedAt), index('feedback_session').on(t.sessionId)],
);

export const listings = pgTable(
  'listings',
  {
    id: text('id').primaryKey(),
    chatbot: text('chatbot')
      .notNull()
      .references(() => chatbots.serialNumber, { onDelete: 'cascade' }),
    saleType: text('sale_type').notNull(),
    status: text('status').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    propertyType: text('property_type').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: doublePrecision('bathrooms').notNull(),
    url: text('url').notNull(),
    mlsNumber: text('mls_number').notNull(),
    yearBuilt: integer('year_built').notNull(),
    daysOnMarket: integer('days_on_market').notNull(),
    lotArea: doublePrecision('lot_area').notNull(),
    buildingArea: doublePrecision('building_area').notNull(),
    areaUnit: text('area_unit').notNull(),
    parkingSpots: integer('parking_spots').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    tours: text('tours').notNull().default(''),
    description: text('description').notNull().default(''),
    extensionColumn: jsonb('extension_column').$type<{ Key: string; value: string }[]>().notNull().default([]),
    location: text('location').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    salePrice: doublePrecision('sale_price'),
    unitAreaPrice: doublePrecision('unit_area_price'),
    hoaMonth: doublePrecision('hoa_month'),
    estimatePrice: doublePrecision('estimate_price'),
    rentPrice: doublePrecision('rent_price'),
    spaceType: text('space_type').notNull().default(''),
    depositFee: doublePrecision('deposit_fee'),
    createdAt: created(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // What the answer engines compare, worked out by their own functions when the listing is written
    // (engines/search/listing-keys.ts), so the database's search is the engines' to the bit.
    /** City lower-cased, State upper-cased (as JavaScript cases them, whatever the database's locale). */
    cityKey: text('city_key').notNull().default(''),
    stateKey: text('state_key').notNull().default(''),
    /** The street without number or unit ("dale mabry hwy"), the MLS number as compared, the address's house number. */
    streetKey: text('street_key').notNull().default(''),
    mlsKey: text('mls_key').notNull().default(''),
    houseNumber: text('house_number').notNull().default(''),
    /** The page of its Url, as a visitor's page is compared (engines/reading/page.ts pageKey); its Url without trailing slashes. */
    pageKey: text('page_key'),
    urlKey: text('url_key').notNull().default(''),
    /** Its whole address (protocol addressText) in lower-case letters and digits only: what a model's get_listing looks up. */
    addressKey: text('address_key').notNull().default(''),
    /** Monthly rent for rentals, the sale price otherwise; the building area in square feet. */
    price: doublePrecision('price'),
    sqft: doublePrecision('sqft').notNull().default(0),
    /** The listing's own words, lower-cased: its description and each extension's value and key. */
    words: text('words').notNull().default(''),
    /** Its words' whole words (engines/reading/features.ts wholeWords), each once: what a one-word feature is looked up among. */
    wholeWords: text('whole_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Which version of the engines' functions worked the keys out (KEYS_VERSION): older rows are worked out again at start. */
    keysVersion: integer('keys_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('listings_mls').on(t.chatbot, t.mlsNumber),
    uniqueIndex('listings_url').on(t.chatbot, t.url),
    index('listings_chatbot_status').on(t.chatbot, t.status, t.saleType),
    // The engines' search (store/listing-search.ts): a place, a price order, a name looked up.
    index('listings_by_price').on(t.chatbot, t.saleType, t.price),
    index('listings_by_city').on(t.chatbot, t.cityKey, t.saleType, t.price),
    index('listings_by_mls_key').on(t.chatbot, t.mlsKey),
    index('listings_by_house_number').on(t.chatbot, t.houseNumber),
    index('listings_by_page_key').on(t.chatbot, t.pageKey),
    index('listings_by_url_key').on(t.chatbot, t.urlKey),
    index('listings_by_address_key').on(t.chatbot, t.addressKey.op('text_pattern_ops')),
    index('listings_by_keys_version').on(t.keysVersion),
    // A feature ("a pool") is looked for in the listing's words: trigrams find the few that have it.
    index('listings_words').using('gin', sql`${t.words} gin_trgm_ops`),
    // A one-word feature ("a pool", "schools") is one of a few whole words: looked up, no listing's text read.
    index('listings_whole_words').using('gin', t.wholeWords),
    // RealEstateList's Query looks for each word in address, city and description at once
    // (listings.ts, searchText): trigrams find it without reading every listing.
    index('listings_search').using(
      'gin',
      sql`(${t.address} || ' ' || ${t.city} || ' ' || ${t.description}) gin_trgm_ops`,
    ),
  ],
);

/**
 * What a chatbot's listings name — cities, states, ZIP codes, kinds, streets, the words of their
 * addresses — each with how many listings name it: what the engines read a question
 * with, kept up to date by each listing change in its own transaction, so it is read without
 * reading the listings.
 */
export const listingTerms = pgTable(
  'listing_terms',
  {
    chatbot: text('chatbot')
      .notNull()
      .references(() => chatbots.serialNumber, { onDelete: 'cascade' }),
    kind: text('kind').$type<'city' | 'state' | 'zip' | 'type' | 'street' | 'name'>().notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatbot, t.kind, t.value] })],
);

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  /** Owner uploads (profile pictures, icons) are public; visitor uploads belong to a session. */
  ownerId: integer('owner_id'),
  sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  status: text('status').$type<'reserved' | 'uploaded' | 'checked'>().notNull(),
  kind: text('kind').$type<'Image' | 'Audio' | 'Video' | 'Document' | ''>().notNull().default(''),
  mimeType: text('mime_type').notNull().default(''),
  size: integer('size').notNull().default(0),
  uploadTokenHash: text('upload_token_hash').notNull(),
  uploadExpiresAt: at('upload_expires_at').notNull(),
  /**
   * Where the file store keeps the bytes (files/file-store.ts): random, never the row's id, so a
   * restored copy of the database, whose ids repeat the live ones, never writes over the live
   * files in a storage they share. Files uploaded before it keep their id as their key.
   */
  storeKey: text('store_key')
    .notNull()
    .unique()
    .default(sql`gen_random_uuid()::text`),
  createdAt: created(),
});

/** Bytes: a Buffer in, a Buffer out (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The database file store's bytes (files/database-store.ts): each upload's chunks, in order, under
 * a key of the upload's own. Nothing reads them until `file_bytes` names the upload.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    uploadKey: text('upload_key').notNull(),
    /** Whose upload: what an operator (or a test) reads to see what a file left behind. */
    fileId: integer('file_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadKey, t.seq] })],
);

/** Which upload's chunks are a file's bytes, written when the upload is kept: a file is whole or absent. */
export const fileBytes = pgTable('file_bytes', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  uploadKey: text('upload_key').notNull().unique(),
  size: integer('size').notNull(),
  /** The size of every chunk but the last, so that a range reads only the chunks it needs. */
  chunkBytes: integer('chunk_bytes').notNull(),
});

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    chatbot: text('chatbot')
      .notNull()
      .references(() => chatbots.serialNumber, { onDelete: 'cascade' }),
    sessionId: integer('session_id').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    message: text('message').notNull().default(''),
    /** [ext] An agent was present when it was left: it went to their streams, not by email. */
    live: boolean('live').notNull().default(false),
    /** [ext] When an agent first replied in its conversation after it: Insights' time to a first reply. */
    firstReplyAt: at('first_reply_at'),
    createdAt: created(),
  },
  (t) => [index('leads_chatbot_created').on(t.chatbot, t.createdAt)],
);

/** Email waiting to be sent (or kept, without SMTP_URL). */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    chatbot: text('chatbot').notNull(),
    kind: text('kind').$type<OutboxKind>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** A calendar invite sent with it [ext]: the ICS text (text/calendar, its METHOD inside); null for none. */
    calendar: text('calendar'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    createdAt: created(),
  },
  // The console pages a chatbot's emails, newest first (OutboxList).
  (t) => [index('outbox_chatbot_created').on(t.chatbot, t.createdAt)],
);

/**
 * Viewings booked in the chat [ext] (API.md §3.11). One booking per slot of a chatbot: the partial
 * unique index decides between two instances racing for it (exactly one insert succeeds), and
 * holds while a booking moves; a cancelled booking frees its slot. Its manage token is made from its
 * id (http/viewing-token.ts), so nothing secret is stored.
 */
export const viewings = pgTable(
  'viewings',
  {
    id: text('id').primaryKey(),
    chatbot: text('chatbot')
      .notNull()
      .references(() => chatbots.serialNumber, { onDelete: 'cascade' }),
    /** The listing, and its address and page as they were when booked (a listing may change or go). */
    listingId: text('listing_id').notNull(),
    address: text('address').notNull(),
    listingUrl: text('listing_url').notNull().default(''),
    mlsNumber: text('mls_number').notNull().default(''),
    sessionId: integer('session_id').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    note: text('note').notNull().default(''),
    /** The language the visitor reads (the conversation's): the manage page and their emails use it. */
    language: text('language').notNull().default('en'),
    /** The origin its links were made under at booking (PUBLIC_URL, or the one the visitor reached): its later emails' too. */
    origin: text('origin').notNull(),
    state: text('state').$type<'booked' | 'cancelled'>().notNull().default('booked'),
    /** The calendar's SEQUENCE: raised by every change the invites carry (RFC 5545 §3.8.7.4). */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: at('cancelled_at'),
    cancelledBy: text('cancelled_by').$type<'visitor' | 'owner'>(),
    /** When the reminder a day before went out (claimed by one instance: mail/viewing-mail.ts). */
    remindedAt: at('reminded_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('viewings_one_per_slot')
      .on(t.chatbot, t.startAt)
      .where(sql`state = 'booked'`),
    index('viewings_chatbot_start').on(t.chatbot, t.startAt),
    index('viewings_reminder_due')
      .on(t.startAt)
      .where(sql`state = 'booked' AND reminded_at IS NULL`),
  ],
);

/** Which daily digest was made, so no two instances (or runs) make the same one twice. */
export const digests = pgTable(
  'digests',
  {
    chatbot: text('chatbot').notNull(),
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.chatbot, t.kind, t.day] })],
);

/** One row per counted question: the sliding windows of RateLimitCount / RateLimitTime. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatbot: text('chatbot').notNull(),
    clientIp: text('client_ip').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('rate_events_window').on(t.chatbot, t.clientIp, t.at)],
);

/**
 * The visitor operations' throttles (http/throttle.ts): how many calls each key — an operation and a
 * session, or an operation, a chatbot and an address — made in a fixed window starting at `window_start`.
 */
export const throttleWindows = pgTable(
  'throttle_windows',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('throttle_windows_end').on(t.windowEnd)],
);

/**
 * What happens in a chatbot's conversations now [ext] (store/live.ts): a visitor asking for a person,
 * a visitor's message, an agent taking, answering or leaving — for the owner's event streams
 * (`audience` 'owner', by chatbot) or a visitor's (`audience` 'visitor', by session). A row is what a
 * stream that reconnects replays from (Last-Event-ID is its id); NOTIFY carries only the id.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatbot: text('chatbot').notNull(),
    sessionId: integer('session_id').notNull(),
    audience: text('audience').$type<'owner' | 'visitor'>().notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: created(),
  },
  (t) => [
    index('live_events_owner').on(t.chatbot, t.id),
    index('live_events_visitor').on(t.sessionId, t.id),
    index('live_events_created').on(t.createdAt),
  ],
);

/**
 * The event streams open now, on every instance [ext]: an owner's stream makes an agent present for
 * its chatbot; both count against their limits. Each instance renews its streams' `seenAt`; a row
 * not renewed (its instance died) no longer counts.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'owner' | 'visitor'>().notNull(),
    chatbot: text('chatbot').notNull(),
    sessionId: integer('session_id'),
    address: text('address').notNull(),
    seenAt: at('seen_at').notNull(),
  },
  (t) => [
    index('live_streams_chatbot').on(t.chatbot, t.kind),
    index('live_streams_session').on(t.sessionId),
    // A visitor's streams are counted by address too.
    index('live_streams_address').on(t.kind, t.address),
  ],
);

/** A conversation an agent holds [ext]: the assistant does not answer in it until it is released. */
export const conversationHolds = pgTable('conversation_holds', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  chatbot: text('chatbot').notNull(),
  agentName: text('agent_name').notNull(),
  takenAt: at('taken_at').notNull(),
  /** When the agent last took or replied: a hold idle for AGENT_IDLE_MINUTES is released by itself. */
  activeAt: at('active_at').notNull(),
  /** When the agent first replied: the console's time to a first reply. */
  firstReplyAt: at('first_reply_at'),
});

/** Questions per chatbot per calendar month (in its TimeZone): MessageLimit. */
export const monthlyCounts = pgTable(
  'monthly_counts',
  {
    chatbot: text('chatbot').notNull(),
    month: text('month').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatbot, t.month] })],
);

/** A text search document (PostgreSQL's tsvector), written by the database alone. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The owner's knowledge [ext] (store/knowledge.ts): FAQ entries, texts, pages of the owner's site,
 * documents — each a source whose passages (below) the answer engines search. A sitemap's pages
 * are sources of their own under it (`parentId`), each with what its last fetch was told.
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: serial('id').primaryKey(),
    chatbot: text('chatbot')
      .notNull()
      .references(() => chatbots.serialNumber, { onDelete: 'cascade' }),
    kind: text('kind').$type<'faq' | 'text' | 'page' | 'sitemap' | 'document'>().notNull(),
    title: text('title').notNull().default(''),
    /** The title the owner gave a page or document ('': the one it gives itself, read into `title`). */
    givenTitle: text('given_title').notNull().default(''),
    url: text('url').notNull().default(''),
    /** A FAQ entry's question, and the other ways visitors ask it. */
    question: text('question').notNull().default(''),
    phrasings: jsonb('phrasings').$type<string[]>().notNull().default([]),
    /** A FAQ entry's answer, a text's Markdown. */
    content: text('content').notNull().default(''),
    /** A document's file (files.id). */
    fileId: integer('file_id'),
    parentId: integer('parent_id').references((): AnyPgColumn => knowledgeSources.id, { onDelete: 'cascade' }),
    state: text('state').$type<'ready' | 'pending' | 'syncing' | 'failed'>().notNull().default('ready'),
    error: text('error').notNull().default(''),
    /** What the last fetch of a page was told (its ETag, Last-Modified), and a hash of the text it kept. */
    etag: text('etag').notNull().default(''),
    lastModified: text('last_modified').notNull().default(''),
    contentHash: text('content_hash').notNull().default(''),
    syncedAt: at('synced_at'),
    createdAt: created(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_sources_by_chatbot').on(t.chatbot, t.kind),
    index('knowledge_sources_by_parent').on(t.parentId),
  ],
);

/**
 * A source's passages (engines/knowledge/passages.ts): a FAQ entry whole, a text or page by headings and
 * paragraphs. `search` is the database's own: the heading and a FAQ's other phrasings weighted
 * above the body, English stems; the heading's trigrams find a misspelt question.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    chatbot: text('chatbot').notNull(),
    position: integer('position').notNull(),
    heading: text('heading').notNull().default(''),
    aliases: text('aliases').notNull().default(''),
    body: text('body').notNull(),
    /** Where the passage is read (a page's address, with its section's anchor when it has one). */
    url: text('url').notNull().default(''),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', heading || ' ' || aliases), 'A') || setweight(to_tsvector('english', body), 'B')`,
      ),
    /**
     * The passage's embedding by `embeddingModel` (LLM_EMBEDDING_MODEL), of unit length; null until
     * the service has asked the model server for it (knowledge/embed.ts). Plain `real[]`: PostgreSQL
     * without pgvector holds it too; with pgvector it is cast to `vector` to be compared.
     */
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model').notNull().default(''),
  },
  (t) => [
    index('knowledge_passages_by_source').on(t.sourceId, t.position),
    index('knowledge_passages_by_chatbot').on(t.chatbot),
    index('knowledge_passages_search').using('gin', t.search),
    index('knowledge_passages_heading_trgm').using('gin', sql`(heading || ' ' || aliases) gin_trgm_ops`),
    // What waits for its embedding, found without reading every passage.
    index('knowledge_passages_unembedded')
      .on(t.id)
      .where(sql`embedding IS NULL`),
  ],
);
