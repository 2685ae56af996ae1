// The phrasebook: every `phrase` declaration of the program, indexed by what it words, and the template language
// of its wording (`{p}`, `{from:one}`, `{min~max}`, `{body}`, `{value}`, `{self}`).
import type * as A from '../ast/nodes.ts';
import type { Symbols } from '../lower/symbols.ts';
import type { Text } from './lang.ts';

/** A parameter pattern: the argument must be `you`, `true`, `false`, `none`, this number, or this enum member,
 *  zone, card kind, skill or general (named by its id). */
export type Pattern =
  | { k: 'you' }
  | { k: 'bool'; v: boolean }
  | { k: 'none' }
  | { k: 'num'; v: number }
  | { k: 'member'; id: string };

export interface Phrase {
  decl: A.PhraseDecl;
  key: string; // what it words, e.g. `draw`, `on damaged`, `damage.from`, `"a hand card"`
  params: string[]; // parameter names by position ('' for a pattern)
  patterns: (Pattern | null)[];
  nouns: (Text | undefined)[];
  text: Text;
  negative?: Text;
  result?: Text;
  body: boolean; // the wording has a {body}: it introduces a method (a section)
}

export function patternOf(name: string, S: Symbols): Pattern | null {
  if (name === 'you') return { k: 'you' };
  if (name === 'true' || name === 'false') return { k: 'bool', v: name === 'true' };
  if (name === 'none') return { k: 'none' };
  if (/^\d+$/.test(name)) return { k: 'num', v: Number(name) };
  const s = S.get(name);
  if (
    s &&
    (s.kind === 'member' || s.kind === 'zone' || s.kind === 'card' || s.kind === 'skill' || s.kind === 'general')
  )
    return { k: 'member', id: s.id };
  return null;
}

export function phraseKey(t: A.PhraseTarget): string {
  switch (t.kind) {
    case 'Name':
      return t.name.name;
    case 'Window':
      return `on ${t.name.name}`;
    case 'Member':
      return `${t.owner.name}.${t.name.name}`;
    case 'Text':
      return JSON.stringify(t.value);
  }
}

export class Phrasebook {
  private byKey = new Map<string, Phrase[]>();

  constructor(S: Symbols) {
    for (const d of S.phrases) {
      const key = phraseKey(d.target);
      const params = d.params ?? [];
      const ph: Phrase = {
        decl: d,
        key,
        params: params.map((p) => (patternOf(p.name.name, S) ? '' : p.name.name)),
        patterns: params.map((p) => patternOf(p.name.name, S)),
        nouns: params.map((p) => p.noun),
        text: d.text,
        body: d.text.zh.includes('{body}') || d.text.en.includes('{body}'),
        ...(d.negative ? { negative: d.negative } : {}),
        ...(d.result ? { result: d.result } : {}),
      };
      const list = this.byKey.get(key);
      if (list) list.push(ph);
      else this.byKey.set(key, [ph]);
    }
  }

  all(key: string): Phrase[] {
    return this.byKey.get(key) ?? [];
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The phrase for `key` whose patterns the arguments match, the most specific first; `hasParens` tells a call
   *  (`f(…)`) from a plain noun (`damage`). */
  find(key: string, matches: (i: number, p: Pattern) => boolean, hasParens: boolean): Phrase | undefined {
    return bestMatch(
      this.all(key).filter((ph) => (ph.decl.params !== undefined) === hasParens),
      matches,
    );
  }
}

/** The one way phrases are chosen: of the candidates whose every pattern the arguments match, the one with the
 *  most patterns (the most specific wording); the first declared wins a tie. */
export function bestMatch(candidates: Phrase[], matches: (i: number, p: Pattern) => boolean): Phrase | undefined {
  let best: Phrase | undefined;
  let bestScore = -1;
  for (const ph of candidates) {
    let ok = true;
    let score = 0;
    ph.patterns.forEach((p, i) => {
      if (!p) return;
      if (matches(i, p)) score++;
      else ok = false;
    });
    if (ok && score > bestScore) {
      best = ph;
      bestScore = score;
    }
  }
  return best;
}

// ---------------------------------------------------------------- templates

export type Piece =
  | { k: 'lit'; s: string }
  | { k: 'slot'; name: string; mod?: 'one' | 'random' | 'unit' | 'signed' }
  | { k: 'range'; from: string; to: string };

const templateCache = new Map<string, Piece[] | string>();

/** Parse a template into literal text and slots. Returns an error message for malformed braces. */
export function parseTemplate(s: string): Piece[] | string {
  const hit = templateCache.get(s);
  if (hit !== undefined) return hit;
  const out: Piece[] = [];
  let i = 0;
  // The literal text runs from `litFrom` to `i`: sliced, not built a character at a time (a chain of rope strings).
  let litFrom = 0;
  let err: string | undefined;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '}') {
      err = `'}' without '{' at character ${i + 1}`;
      break;
    }
    if (c !== '{') {
      i++;
      continue;
    }
    const lit = s.slice(litFrom, i);
    const j = s.indexOf('}', i);
    const k = s.indexOf('{', i + 1);
    if (j < 0 || (k >= 0 && k < j)) {
      err = `'{' without '}' at character ${i + 1}`;
      break;
    }
    if (lit) out.push({ k: 'lit', s: lit });
    const inner = s.slice(i + 1, j).trim();
    const range = /^([\p{L}_][\p{L}\p{N}_]*)~([\p{L}_][\p{L}\p{N}_]*)$/u.exec(inner);
    // `{0}`: a value of a log line, by position (the text phrase of a template; compiler/check/shown-texts.ts).
    const slot = /^([\p{L}_][\p{L}\p{N}_]*|\d+)(?::(one|random|unit|signed))?$/u.exec(inner);
    if (range) out.push({ k: 'range', from: range[1]!, to: range[2]! });
    else if (slot)
      out.push({
        k: 'slot',
        name: slot[1]!,
        ...(slot[2] ? { mod: slot[2] as 'one' | 'random' | 'unit' | 'signed' } : {}),
      });
    else {
      err = `'{${inner}}' is not a placeholder: write {name}, {name:one}, {name:random}, {name:unit}, {name:signed}, {from~to} or a log line's {0}`;
      break;
    }
    i = j + 1;
    litFrom = i;
  }
  const lit = err === undefined ? s.slice(litFrom, i) : '';
  if (lit) out.push({ k: 'lit', s: lit });
  const res = err ?? out;
  templateCache.set(s, res);
  return res;
}

/** The names a template refers to. */
export function slotNames(pieces: Piece[]): string[] {
  const out: string[] = [];
  for (const p of pieces) {
    if (p.k === 'slot') out.push(p.name);
    else if (p.k === 'range') out.push(p.from, p.to);
  }
  return out;
}
