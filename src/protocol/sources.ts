/**
 * An answer's sources block [ext] (docs/PROTOCOL.md *Sources in answers*): where an answer from the
 * owner's knowledge came from, one JSON object a line. Apart from answer.ts, whose functions every
 * chat loads: these load with the sources under an answer (widget/elements/chat-bot-sources.ts).
 * Schema-free: the client imports it at run time.
 */
import { SOURCES_INFO, blockLine } from './answer.ts';

/** An answer names at most this many sources. */
export const MAX_SOURCES = 5;
/** A source's title is cut to this many characters. */
export const SOURCE_TITLE_MAX = 200;

/** Where an answer came from: the title of a FAQ entry, page or document of the owner's, and its address when it has one. */
export interface AnswerSource {
  title: string;
  /** An http(s) address; absent when the source has none (a FAQ entry). */
  url?: string;
}

const oneLine = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);
const httpUrl = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url);

/** The sources block for these sources ('' for none): titled, each once, the first MAX_SOURCES; an address only when it is http(s). */
export function sourcesBlock(sources: readonly AnswerSource[]): string {
  const lines: string[] = [];
  for (const s of sources) {
    const title = oneLine(s.title, SOURCE_TITLE_MAX);
    if (!title) continue;
    const line = blockLine(httpUrl(s.url) ? { title, url: s.url } : { title });
    if (!lines.includes(line)) lines.push(line);
  }
  const shown = lines.slice(0, MAX_SOURCES);
  return shown.length ? `\`\`\`${SOURCES_INFO}\n${shown.join('\n')}\n\`\`\`` : '';
}

/** One line of a sources block as a source, or null: an object with a title (and an http(s) url, else none). */
export function sourceOfLine(line: string): AnswerSource | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { title, url } = value as { title?: unknown; url?: unknown };
  const t = typeof title === 'string' ? oneLine(title, SOURCE_TITLE_MAX) : '';
  if (!t) return null;
  return httpUrl(url) ? { title: t, url } : { title: t };
}

// Made when read: a regular expression at the top of the module would run (and ship) wherever the module lands.
const sourcesBlocks = () => new RegExp(`(?:^|\\n)\`\`\`${SOURCES_INFO}\\n([\\s\\S]*?)\\n\`\`\`[ \\t]*(?=\\n|$)`, 'g');

/** The sources an answer names: the readable lines of its last complete sources block, at most MAX_SOURCES. */
export function parseSources(text: string): AnswerSource[] {
  const body = [...text.matchAll(sourcesBlocks())].at(-1)?.[1] ?? '';
  return body
    .split('\n')
    .map(sourceOfLine)
    .filter((s): s is AnswerSource => s !== null)
    .slice(0, MAX_SOURCES);
}
