/**
 * What an answer's Markdown carries besides its prose [ext]: data in fenced blocks at its end,
 * which plain clients may show as code, and the widget shows as cards and chips.
 *
 *     ```listings               one JSON object per line: a listing card (cards.ts)
 *     ```suggestions            one JSON string per line: a follow-up the visitor may send
 *     ```sources                one JSON object per line: where the answer came from, {"title", "url"?}
 *     ```handoff                one JSON object: the way to a person (handoff.ts)
 *     ```slots                  one JSON object per line: a free time to see a listing (slots.ts)
 *
 * A suggestion is what the visitor would type next ("Only 2+ bedrooms", "Show rentals instead"),
 * at most SUGGESTION_MAX characters on one line; an answer offers at most MAX_SUGGESTIONS. Each line
 * is JSON.stringify of the string, so it starts with `"` and no text can close the fence early.
 * Schema-free: the client imports it at run time.
 */

/** The info string of the listing cards' block. */
export const CARDS_INFO = 'listings';
/** The info string of the follow-up suggestions' block. */
export const SUGGESTIONS_INFO = 'suggestions';
/** The info string of the sources' block [ext]: the owner's knowledge an answer quotes (docs/PROTOCOL.md). */
export const SOURCES_INFO = 'sources';

export const MAX_SUGGESTIONS = 3;
export const SUGGESTION_MAX = 80;

/** JSON for one line of a block: U+2028/U+2029 escaped too, so a reader that takes them for line breaks still sees one line. */
export const blockLine = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** The suggestions block for these follow-ups ('' for none): each on one line, the first MAX_SUGGESTIONS. */
export function suggestionsBlock(suggestions: readonly string[]): string {
  const lines = suggestions
    .map((s) => s.replace(/\s+/g, ' ').trim().slice(0, SUGGESTION_MAX))
    .filter(Boolean)
    .slice(0, MAX_SUGGESTIONS);
  return lines.length ? `\`\`\`${SUGGESTIONS_INFO}\n${lines.map(blockLine).join('\n')}\n\`\`\`` : '';
}

/** A data block, from its opening fence to its closing one (or the end, when it was cut off). */
const block = (info: string) => `(?:^|\\n+)\`\`\`${info}\\n([\\s\\S]*?)(?:\\n\`\`\`[ \\t]*(?=\\n|$)|$)`;
// `handoff` and `slots` are HANDOFF_INFO and SLOTS_INFO (handoff.ts, slots.ts), written out: reading prose does not carry their readers.
const DATA_BLOCKS = new RegExp(`${block(`(?:${CARDS_INFO}|${SUGGESTIONS_INFO}|${SOURCES_INFO}|handoff|slots)`)}`, 'g');
const SUGGESTIONS = new RegExp(`(?:^|\\n)\`\`\`${SUGGESTIONS_INFO}\\n([\\s\\S]*?)\\n\`\`\`[ \\t]*(?=\\n|$)`, 'g');

/** The answer's prose: its text without its data blocks (for a reader of words — a model's history, an email, a screen reader). */
export const answerProse = (text: string): string => text.replace(DATA_BLOCKS, '').trim();

/**
 * The follow-ups an answer offers: the lines of its last complete suggestions block that are
 * JSON strings, trimmed, non-empty and at most SUGGESTION_MAX long; at most MAX_SUGGESTIONS.
 */
export function parseSuggestions(text: string): string[] {
  const body = [...text.matchAll(SUGGESTIONS)].at(-1)?.[1] ?? '';
  const out: string[] = [];
  for (const line of body.split('\n')) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const s = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
    if (s && s.length <= SUGGESTION_MAX && !out.includes(s)) out.push(s);
  }
  return out.slice(0, MAX_SUGGESTIONS);
}
