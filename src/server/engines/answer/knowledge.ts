/**
 * The offline engine's answer from the owner's knowledge (engines/knowledge/find.ts): a FAQ
 * entry's answer as the owner wrote it; from a text, the sentences (or list items) of the best
 * passage that hold the question's words, quoted — each followed by the source's name and link
 * (protocol/answer.ts sourcesBlock). Nothing is added that the owner did not write.
 */
import { sourcesBlock, suggestionsBlock, type Settings } from '../../../protocol/index.ts';
import { questionTerms, scoreOf, type Hit } from '../knowledge/find.ts';
import { generalSuggestions } from './suggest.ts';
import { sentencesOf } from '../knowledge/passages.ts';
import type { Writing } from '../writing/index.ts';
import { questionLanguage } from '../languages/gloss.ts';
import type { Lexicon } from '../languages/lexicon.ts';

/** At most this many sentences or list items are quoted from a text. */
const QUOTED = 3;

/** A passage's units: each list item, and each sentence of the other paragraphs. */
function unitsOf(body: string): string[] {
  const out: string[] = [];
  for (const paragraph of body.split(/\n{2,}/)) {
    const lines = paragraph.split('\n');
    if (lines.every((l) => /^\s*(?:[-*+]|\d+[.)])\s/.test(l) || !l.trim())) out.push(...lines.filter((l) => l.trim()));
    else
      out.push(
        ...sentencesOf(
          paragraph
            .split('\n')
            .map((l) => l.trim())
            .join(' '),
        ),
      );
  }
  return out.map((u) => u.trim()).filter(Boolean);
}

/** A unit is quoted when it holds this much of what the best one holds. */
const NEAR_BEST = 0.9;

/**
 * The units of a text's passage that answer the question, weighed as passages are (find.ts
 * scoreOf): the best, and those nearly as good, at most QUOTED, in the passage's order — its
 * opening ones when none holds a word of the question.
 */
export function quoted(body: string, question: string): string[] {
  const terms = questionTerms(question);
  const scored = unitsOf(body).map((u, i) => ({ u, i, n: scoreOf(terms, { heading: '', aliases: '', body: u }) }));
  const top = Math.max(0, ...scored.map((s) => s.n));
  const best = scored
    .filter((s) => s.n > 0 && s.n >= top * NEAR_BEST)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, QUOTED)
    .sort((a, b) => a.i - b.i);
  return (best.length ? best : scored.slice(0, 2)).map((s) => s.u);
}

/** The owner's Markdown, its fenced blocks opened as text: no line of it can start a data block of the answer (cards, sources). */
const inert = (markdown: string) =>
  markdown.replace(/^( {0,3})(`{3,}|~{3,})/gm, (_, indent: string, fence: string) => `${indent}\\${fence}`);

/**
 * The answer from a passage: a FAQ entry's answer as the owner wrote it — quoted after a line in the
 * answer's language where the owner wrote it in another (`lexicon` tells: the engine translates no
 * owner's words) — or a text's sentences quoted.
 */
export function knowledgeText(w: Writing, hit: Hit, question: string, settings: Settings, lexicon?: Lexicon): string {
  const source = sourcesBlock([{ title: hit.title, ...(hit.url ? { url: hit.url } : {}) }]);
  const own =
    hit.kind === 'faq' && (!lexicon || questionLanguage(hit.body, undefined, undefined, lexicon) === w.language);
  const units = hit.kind === 'faq' ? inert(hit.body).split(/\n{2,}/) : quoted(inert(hit.body), question);
  const prose = own
    ? inert(hit.body)
    : `${w.fromSource(hit.title)}\n\n${units.map((u) => u.replace(/^/gm, '> ')).join('\n>\n')}`;
  return [prose, source, suggestionsBlock(generalSuggestions(settings, w))].filter(Boolean).join('\n\n');
}
