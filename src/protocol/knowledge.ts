/**
 * The owner's knowledge [ext] (docs/PROTOCOL.md *Knowledge*): what the business says about itself
 * beside its listings — FAQ entries (a question, its answer in Markdown, other ways visitors ask
 * it), texts (a titled Markdown document), pages of the owner's site and sitemaps (fetched by the
 * service), and documents (PDF, DOCX, Markdown, text uploaded as files) — which the answer engines
 * search and quote, naming the source.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { KNOWLEDGE_LIMITS, LIMITS } from './rules.ts';
import { httpUrlOrEmpty, integer, oneOf, serialNumber, text } from './fields.ts';

export const KNOWLEDGE_KINDS = ['faq', 'text', 'page', 'sitemap', 'document'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];
/** The kinds the service reads from elsewhere (a page, a sitemap's pages, a file): synced, by KnowledgeSync too. */
export const SYNCED_KINDS: readonly KnowledgeKind[] = ['page', 'sitemap', 'document'];
/** Where a source's last reading stands: read; waiting or being read; failed (Error says why; the passages of the last good reading stay). */
export const SOURCE_STATES = ['ready', 'pending', 'syncing', 'failed'] as const;

const n = (x: number) => x.toLocaleString('en-US');

/** The fields a source is written with; which are required depends on its Kind (knowledgeRuleBroken). */
const sourceFields = {
  Title: Type.Optional(text(KNOWLEDGE_LIMITS.knowledgeTitleChars)),
  Url: Type.Optional(httpUrlOrEmpty()),
  Question: Type.Optional(text(KNOWLEDGE_LIMITS.faqQuestionChars)),
  Phrasings: Type.Optional(
    Type.Array(text(KNOWLEDGE_LIMITS.faqQuestionChars), {
      maxItems: KNOWLEDGE_LIMITS.faqPhrasings,
      rule: `must be a list of at most ${KNOWLEDGE_LIMITS.faqPhrasings} questions of at most ${n(KNOWLEDGE_LIMITS.faqQuestionChars)} characters`,
    }),
  ),
  Content: Type.Optional(text(KNOWLEDGE_LIMITS.knowledgeTextChars)),
  FileStoreId: Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,9}$',
      rule: 'must be the FileStoreId of a document you uploaded and checked with UploadSuccess',
    }),
  ),
};

interface Written {
  Kind?: unknown;
  Title?: unknown;
  Question?: unknown;
  Phrasings?: unknown;
  Content?: unknown;
  Url?: unknown;
  FileStoreId?: unknown;
}
const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

/**
 * What a source of this Kind must hold, or null: a FAQ entry its Question and answer (Content), a
 * text its Title and Content, a page or sitemap its Url, a document its FileStoreId.
 */
export function knowledgeRuleBroken(body: Written): string | null {
  if (body.Kind === 'faq') {
    if (blank(body.Question)) return '"Question" is required for a FAQ entry (Kind "faq")';
    if (blank(body.Content)) return '"Content" (the answer) is required for a FAQ entry (Kind "faq")';
    if (typeof body.Content === 'string' && body.Content.length > KNOWLEDGE_LIMITS.faqAnswerChars)
      return `"Content" must be an answer of at most ${n(KNOWLEDGE_LIMITS.faqAnswerChars)} characters for a FAQ entry`;
    if (Array.isArray(body.Phrasings) && body.Phrasings.some(blank))
      return '"Phrasings" must not hold an empty question';
  }
  if (body.Kind === 'text') {
    if (blank(body.Title)) return '"Title" is required for a text (Kind "text")';
    if (blank(body.Content)) return '"Content" is required for a text (Kind "text")';
  }
  const kind = body.Kind;
  if (kind !== 'faq' && (!blank(body.Question) || (Array.isArray(body.Phrasings) && body.Phrasings.length)))
    return '"Question" and "Phrasings" are for FAQ entries (Kind "faq") only';
  if ((kind === 'page' || kind === 'sitemap') && blank(body.Url))
    return `"Url" is required for a ${kind} (Kind "${kind}"): the address the service reads`;
  if ((kind === 'page' || kind === 'sitemap' || kind === 'document') && !blank(body.Content))
    return `"Content" is read by the service for a ${kind}, not sent`;
  if (kind === 'document' && blank(body.FileStoreId))
    return '"FileStoreId" is required for a document (Kind "document"): upload it first (GetPreUploadUrl, UploadSuccess)';
  if (kind !== 'document' && !blank(body.FileStoreId)) return '"FileStoreId" is for documents (Kind "document") only';
  return null;
}

const byKind = <S extends TSchema>(object: S, rule: (v: Written) => string | null) =>
  Type.Refine(
    {
      ...object,
      jsonSchema: {
        'x-rule':
          'A FAQ entry (Kind "faq") needs Question and Content (its answer, at most 5,000 characters); a text (Kind "text") Title and Content; a page or a sitemap Url; a document FileStoreId. Question and Phrasings are for FAQ entries only, Content is not sent for a page, sitemap or document.',
      },
    },
    (v) => rule(v as Written) === null,
    (v) => rule(v as Written) ?? 'is not a valid source',
  );

/** `POST /chat/Chatbot/KnowledgeAdd`: a new source. */
export const KnowledgeAddBody = byKind(
  Type.Object(
    { SerialNumber: serialNumber(), Kind: oneOf(KNOWLEDGE_KINDS), ...sourceFields },
    { additionalProperties: false },
  ),
  knowledgeRuleBroken,
);
export type KnowledgeAddBody = Static<typeof KnowledgeAddBody>;

const sourceId = () => integer(1, 2_147_483_647);

/** `POST /chat/Chatbot/KnowledgeUpdate`: every field of source Id replaced (its Kind stays). */
export const KnowledgeUpdateBody = Type.Object(
  { SerialNumber: serialNumber(), Id: sourceId(), ...sourceFields },
  { additionalProperties: false },
);
export type KnowledgeUpdateBody = Static<typeof KnowledgeUpdateBody>;

export const KnowledgeDeleteBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Ids: Type.Array(sourceId(), {
      minItems: 1,
      maxItems: KNOWLEDGE_LIMITS.knowledgeDeleteIds,
      rule: `must be a list of 1 to ${n(KNOWLEDGE_LIMITS.knowledgeDeleteIds)} source ids`,
    }),
  },
  { additionalProperties: false },
);
export type KnowledgeDeleteBody = Static<typeof KnowledgeDeleteBody>;

export const KnowledgeListBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Page: Type.Optional(integer(1, 1_000_000)),
    PageSize: Type.Optional(integer(1, LIMITS.pageSizeMax)),
    Kind: Type.Optional(oneOf(KNOWLEDGE_KINDS)),
    Parent: Type.Optional({
      ...sourceId(),
      description: "A sitemap's Id: its pages. Without it, the sources the owner added (no sitemap's pages).",
    }),
  },
  { additionalProperties: false },
);
export type KnowledgeListBody = Static<typeof KnowledgeListBody>;

/** A source as every read returns it: all fields present, "" or [] where its Kind has none. */
export const KnowledgeSource = Type.Object({
  Id: Type.Integer(),
  Kind: oneOf(KNOWLEDGE_KINDS),
  Title: Type.String({ description: "A FAQ entry's title is its Question" }),
  Url: Type.String(),
  Question: Type.String(),
  Phrasings: Type.Array(Type.String()),
  Content: Type.String(),
  FileStoreId: Type.String({ description: "A document's file; '' for other kinds" }),
  Parent: Type.Union([Type.Integer(), Type.Null()], {
    description: "The sitemap a page was read from; null for the owner's own",
  }),
  State: oneOf(SOURCE_STATES),
  Error: Type.String({ description: 'Why the last reading failed; "" when it did not' }),
  SyncedAt: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601: when it was last read; null before' }),
  Passages: Type.Integer({ description: 'How many passages the engines search it by' }),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
  UpdatedAt: Type.String({ description: 'ISO 8601' }),
});
export type KnowledgeSource = Static<typeof KnowledgeSource>;

export const KnowledgePage = Type.Object({ Items: Type.Array(KnowledgeSource), Total: Type.Integer() });
export type KnowledgePage = Static<typeof KnowledgePage>;

export const KnowledgeDeleteResult = Type.Object({ SuccessCount: Type.Integer() });
export type KnowledgeDeleteResult = Static<typeof KnowledgeDeleteResult>;

/** `POST /chat/Chatbot/KnowledgeSearch`: the passages a question finds, as the engines find them (the console's "Try a question"). */
export const KnowledgeSearchBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Query: Type.String({
      minLength: 1,
      maxLength: LIMITS.queryChars,
      rule: `must be a question of 1 to ${n(LIMITS.queryChars)} characters`,
    }),
    Limit: Type.Optional(integer(1, KNOWLEDGE_LIMITS.knowledgeSearchResults)),
  },
  { additionalProperties: false },
);
export type KnowledgeSearchBody = Static<typeof KnowledgeSearchBody>;

export const KnowledgeHit = Type.Object({
  SourceId: Type.Integer(),
  Kind: oneOf(KNOWLEDGE_KINDS),
  Title: Type.String(),
  Url: Type.String(),
  Heading: Type.String({
    description: "The passage's place in its source: the FAQ question, or the headings above it",
  }),
  Text: Type.String(),
  Score: Type.Number({ description: 'How much of the question the passage answers, 0 to 1' }),
  Words: Type.Number({ description: "How much of the question's words the passage holds, 0 to 1" }),
  Similarity: Type.Union([Type.Number(), Type.Null()], {
    description:
      'Its cosine similarity to the question, where the service found it by meaning (an embedding model is set: LLM_EMBEDDING_MODEL); null otherwise',
  }),
});
export type KnowledgeHit = Static<typeof KnowledgeHit>;

export const KnowledgeSearchResult = Type.Object({
  Items: Type.Array(KnowledgeHit),
  Threshold: Type.Number({ description: 'The offline engine answers from a passage scoring at least this' }),
  SimilarityBar: Type.Union([Type.Number(), Type.Null()], {
    description:
      'A passage at least this similar scores at least Threshold (LLM_EMBEDDING_MIN_SIMILARITY); null without an embedding model',
  }),
});
export type KnowledgeSearchResult = Static<typeof KnowledgeSearchResult>;

/** `POST /chat/Chatbot/KnowledgeSync`: read again a page, sitemap or document — or, without Id, every one of the chatbot's. */
export const KnowledgeSyncBody = Type.Object(
  { SerialNumber: serialNumber(), Id: Type.Optional(sourceId()) },
  { additionalProperties: false },
);
export type KnowledgeSyncBody = Static<typeof KnowledgeSyncBody>;

export const KnowledgeSyncResult = Type.Object({
  Scheduled: Type.Integer({
    description: 'How many sources will be read again (in the background: KnowledgeList shows their State)',
  }),
});
export type KnowledgeSyncResult = Static<typeof KnowledgeSyncResult>;
