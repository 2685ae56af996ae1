// The golden rule texts (test/golden/texts.txt): a small set of generated texts that a person has read and
// approved, kept so that a change to the generator or a phrasebook that alters them shows up as a diff to review.
// The file lists entities by key (`skill luoshen`, `event useCard`, `skill luoshen (edition = firstEdition)`) with
// their zh and en texts; `npm run golden` rewrites the texts of the keys listed, and the test compares.
import { readFileSync } from 'node:fs';
import type { RuleTexts, Text } from '../../compiler/text/index.ts';

export const GOLDEN_FILE = new URL('./texts.txt', import.meta.url);

export interface GoldenEntry {
  key: string;
  zh: string;
  en: string;
}

export interface Golden {
  /** The comment lines at the top, kept as they are. */
  head: string[];
  entries: GoldenEntry[];
}

/** A text's later lines (a card's sections) are indented under its first. */
const INDENT = '    ';

const KINDS = { card: 'cards', skill: 'skills', general: 'generals', mode: 'modes', event: 'events' } as const;

/** The text an entity key names, or undefined when the rules have no such entity. */
export function textOf(texts: RuleTexts, key: string): Text | undefined {
  const m = key.match(/^(\w+) (\w+)(?: \((\w+) = (\w+)\))?$/);
  if (!m) return undefined;
  const [, kind, id, option, value] = m;
  if (kind === 'window') return option ? undefined : texts.windows[id!];
  const k = KINDS[kind as keyof typeof KINDS];
  if (!k) return undefined;
  if (!option) return texts[k][id!];
  return texts.variants.find((v) => v.option === option && v.value === value)?.texts[k][id!];
}

export function parseGolden(text: string): Golden {
  const head: string[] = [];
  const entries: GoldenEntry[] = [];
  let cur: GoldenEntry | undefined;
  let field: 'zh' | 'en' | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      entries.push((cur = { key: line.slice(3).trim(), zh: '', en: '' }));
      field = undefined;
    } else if (cur && (line.startsWith('zh: ') || line.startsWith('en: '))) {
      field = line.slice(0, 2) as 'zh' | 'en';
      cur[field] = line.slice(4);
    } else if (cur && field && line.startsWith(INDENT)) cur[field] += `\n${line.slice(INDENT.length)}`;
    else if (!cur && line.trim() !== '') head.push(line);
  }
  return { head, entries };
}

export function printGolden(g: Golden): string {
  const lines = (s: string) => s.split('\n').join(`\n${INDENT}`);
  const body = g.entries.map((e) => `## ${e.key}\nzh: ${lines(e.zh)}\nen: ${lines(e.en)}\n`);
  return `${[...g.head, ''].join('\n')}\n${body.join('\n')}`;
}

export function readGolden(): Golden {
  return parseGolden(readFileSync(GOLDEN_FILE, 'utf8'));
}
