// The table of hints (runtime/hint-table.ts) says what the AIs and tools read: every hint it lists is read by them
// and documented, and every `ai…` name the AI reads is in it (or is a rules function it calls, such as `sideOf`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HINTS } from '../runtime/hint-table.ts';
import { rulesProgram } from './helpers.ts';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|astro)$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('hint-table.ts'))
      out.push(path);
  }
  return out;
}

/** The readers' code: the AIs, the CLI, the compiler (the zones' hints word the rule texts), the site. */
const readers = ['ai', 'cli', 'compiler', 'site/src'].flatMap(sources).map((f) => readFileSync(f, 'utf8'));

describe('the table of hints', () => {
  it.each(Object.keys(HINTS))('%s is read by an AI or a tool, by name', (name) => {
    // As a string ('aiUse') or a member (`hints.aiHarm`, `hints?.turnOf`).
    const read = new RegExp(`'${name}'|\\.${name}\\b|\\?\\.${name}\\b`);
    expect(readers.some((text) => read.test(text))).toBe(true);
  });

  it('is documented: the AI hints table of docs/language.md names every hint', () => {
    const docs = readFileSync('docs/language.md', 'utf8');
    const section = docs.slice(docs.indexOf('### AI hints'), docs.indexOf('\n## ', docs.indexOf('### AI hints')));
    for (const name of Object.keys(HINTS)) expect(section, name).toMatch(new RegExp(`\`(as )?${name}[\`:,]`));
  });

  it('lists every ai… name the AIs read that is not a rules function they call', () => {
    const p = rulesProgram();
    const functions = new Set([
      ...Object.keys(p.functions),
      ...Object.values(p.cards).flatMap((c) => Object.keys(c.methods ?? {})),
    ]);
    const named = new Set<string>();
    for (const text of sources('ai').map((f) => readFileSync(f, 'utf8')))
      for (const m of text.matchAll(/'(ai[A-Z]\w*)'|\.(ai[A-Z]\w*)\b/g)) named.add((m[1] ?? m[2])!);
    const unlisted = [...named].filter((n) => !Object.hasOwn(HINTS, n) && !functions.has(n));
    expect(unlisted).toEqual([]);
    expect(named.size).toBeGreaterThan(10);
  });
});
