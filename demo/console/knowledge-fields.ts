/**
 * The owner's knowledge as the console's forms write it (docs/PROTOCOL.md *Knowledge*): each Kind
 * of source, how a sentence names it, and the fields it is written with. Keyed by the protocol's
 * KnowledgeKind, so a Kind the service adds is a type error here until the console knows how to
 * name it and which fields it takes.
 */
import type { KnowledgeAddBody, KnowledgeKind, KnowledgeSource } from 'chat-bot-element';
import { KNOWLEDGE_LIMITS, LIMITS } from 'chat-bot-element/rules';

export type KnowledgeFieldName = Exclude<keyof KnowledgeAddBody, 'SerialNumber' | 'Kind'>;

export interface KnowledgeField {
  name: KnowledgeFieldName;
  label: string;
  /** line: one line of text; long: Markdown over many lines; lines: a list, one item a line; url: an http(s) address; file: a document to upload. */
  input: 'line' | 'long' | 'lines' | 'url' | 'file';
  /** What the field is for, shown under it. */
  hint?: string;
  /** The service refuses a new source of this Kind without it. */
  required?: true;
  /** The longest value the service takes (for a list, each item's). */
  max?: number;
}

export interface KindWords {
  /** One source of the Kind, as a sentence names it ("FAQ entry", "web page"). */
  one: string;
  /** More than one ("FAQ entries", "web pages"). */
  many: string;
  /** The button that opens a new one. */
  add: string;
  fields: readonly KnowledgeField[];
}

const MiB = 1_048_576;
const optionalTitle = (hint: string): KnowledgeField => ({
  name: 'Title',
  label: 'Title',
  input: 'line',
  max: KNOWLEDGE_LIMITS.knowledgeTitleChars,
  hint,
});

export const KINDS: Record<KnowledgeKind, KindWords> = {
  faq: {
    one: 'FAQ entry',
    many: 'FAQ entries',
    add: 'Add FAQ entry',
    fields: [
      { name: 'Question', label: 'Question', input: 'line', required: true, max: KNOWLEDGE_LIMITS.faqQuestionChars },
      {
        name: 'Content',
        label: 'Answer',
        input: 'long',
        required: true,
        max: KNOWLEDGE_LIMITS.faqAnswerChars,
        hint: 'In Markdown (**bold**, lists, links). The chat quotes it as you write it.',
      },
      {
        name: 'Phrasings',
        label: 'Other ways visitors ask it',
        input: 'lines',
        max: KNOWLEDGE_LIMITS.faqQuestionChars,
        hint: `One question a line, at most ${KNOWLEDGE_LIMITS.faqPhrasings}: “How much do you charge?” for “What are your fees?”.`,
      },
      {
        name: 'Url',
        label: 'Page that says more',
        input: 'url',
        hint: 'Optional: an http(s) address the answer names.',
      },
    ],
  },
  text: {
    one: 'text',
    many: 'texts',
    add: 'Add text',
    fields: [
      { name: 'Title', label: 'Title', input: 'line', required: true, max: KNOWLEDGE_LIMITS.knowledgeTitleChars },
      {
        name: 'Content',
        label: 'Text',
        input: 'long',
        required: true,
        max: KNOWLEDGE_LIMITS.knowledgeTextChars,
        hint: 'In Markdown. Headings (## Leases) split it into the passages the chat searches and names.',
      },
      { name: 'Url', label: 'Where it is read', input: 'url', hint: 'Optional: the http(s) address of the page.' },
    ],
  },
  page: {
    one: 'web page',
    many: 'web pages',
    add: 'Add web page',
    fields: [
      {
        name: 'Url',
        label: 'Page address',
        input: 'url',
        required: true,
        hint: 'A page of your site (http or https): the service reads it now and again every day.',
      },
      optionalTitle('Optional: how the chat names it; leave it empty for the page’s own title.'),
    ],
  },
  sitemap: {
    one: 'sitemap',
    many: 'sitemaps',
    add: 'Add sitemap',
    fields: [
      {
        name: 'Url',
        label: 'Sitemap address',
        input: 'url',
        required: true,
        hint: 'Your site’s sitemap (https://…/sitemap.xml): the service reads every page it lists, and again every day.',
      },
      optionalTitle('Optional: how this list names it (the chat names each page by its own title).'),
    ],
  },
  document: {
    one: 'document',
    many: 'documents',
    add: 'Upload document',
    fields: [
      {
        name: 'FileStoreId',
        label: 'File',
        input: 'file',
        required: true,
        hint: `PDF, Word (DOCX), Markdown or plain text, at most ${LIMITS.documentBytes / MiB} MB.`,
      },
      optionalTitle('Optional: how the chat names it; leave it empty for the document’s own title.'),
      {
        name: 'Url',
        label: 'Where it is published',
        input: 'url',
        hint: 'Optional: an http(s) address the answer names.',
      },
    ],
  },
};

export const KIND_NAMES = Object.keys(KINDS) as KnowledgeKind[];

/** The Kinds the service reads itself: the owner sends no Content for them (PROTOCOL.md *Knowledge*), so their forms have none. */
export const readByService = (kind: KnowledgeKind) => !KINDS[kind].fields.some((f) => f.name === 'Content');

/** A source's values as its form holds them: text, a list one item a line (a file is chosen, not typed). */
export function formValues(kind: KnowledgeKind, source: KnowledgeSource | null): Record<string, string> {
  return Object.fromEntries(
    KINDS[kind].fields.map((f) => {
      const value = source?.[f.name];
      return [f.name, Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : ''];
    }),
  );
}

/** The form's typed values as the service takes them: a list without its empty lines, every value without the spaces around it. */
export function wireValues(kind: KnowledgeKind, values: Record<string, string>): Record<string, string | string[]> {
  return Object.fromEntries(
    KINDS[kind].fields
      .filter((f) => f.input !== 'file')
      .map((f) => {
        const value = values[f.name] ?? '';
        if (f.input !== 'lines') return [f.name, value.trim()];
        return [
          f.name,
          value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        ];
      }),
  );
}
