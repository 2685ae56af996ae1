// No game word outside rules/: the TypeScript of the compiler, the engine, the AIs and the tools names no card
// kind, skill, general, role or phase of the game. The list comes from the compiled rules, so it grows with them.
//
// What counts as naming one (decided so that English prose does not trip it):
// - a string literal (or a piece of a template literal) whose whole text is an id: `'peach'`, `'lord'`;
// - an identifier spelled exactly as an id: a property key `{ peach: 10 }`, a `case` label, a variable `lord`.
// Event ids count only as whole strings (`'damage'`): they are plain verbs and nouns (turn, judge, respond) that
// name methods and variables too. What an event means to an AI or a tool is one of its hints (`aiHarm: from, to`).
// Player property ids count where a player's values are read by name (`p.v.hp`, `view.props.role`, `revealed(p,
// 'role')`): which property is a player's HP or role is its hint (`as life`, `as role`).
// Comments are free (they explain rulings), and so is prose inside a longer string ("the lord's side wins").
// Test files, the rulebook's pages and the rules themselves are not scanned.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { rulesProgram } from './helpers.ts';

// The site's game table and playground too: they play any rules. The rulebook's pages (site/src/lib, pages) are not
// scanned: its table of contents names the procedures each chapter covers.
const ROOTS = ['runtime', 'compiler', 'ai', 'cli', 'site/src/islands', 'site/src/playground'];

/** Every card kind, skill, general, role and phase id of the compiled rules, with what it is. */
function gameIds(): Map<string, string> {
  const p = rulesProgram();
  const ids = new Map<string, string>();
  const add = (what: string, xs: Iterable<string>) => {
    for (const x of xs) if (!ids.has(x)) ids.set(x, what);
  };
  add('card', Object.keys(p.cards));
  add('skill', Object.keys(p.skills));
  add('general', Object.keys(p.generals));
  // The enums the players' `role` property and the `phase` variable are typed with.
  add('role', p.enums.role ?? []);
  add('phase', p.enums.phase ?? []);
  for (const v of p.variants) {
    add('card', Object.keys(v.parts.cards ?? {}));
    add('skill', Object.keys(v.parts.skills ?? {}));
    add('general', Object.keys(v.parts.generals ?? {}));
  }
  return ids;
}

/** Every event id of the compiled rules. */
function eventIds(): Set<string> {
  return new Set(Object.keys(rulesProgram().events));
}

/** Every player property id of the compiled rules. */
function propertyIds(): Set<string> {
  return new Set(Object.keys(rulesProgram().properties));
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

interface Hit {
  file: string;
  line: number;
  word: string;
  what: string;
}

function hitsIn(file: string, ids: Map<string, string>, events: Set<string>, props: Set<string>): Hit[] {
  const text = readFileSync(file, 'utf8');
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const hits: Hit[] = [];
  const check = (node: ts.Node, word: string, whole = false) => {
    const what = ids.get(word) ?? (whole && events.has(word) ? 'event' : undefined);
    if (!what) return;
    const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
    hits.push({ file: relative(process.cwd(), file), line, word, what });
  };
  const property = (node: ts.Node, word: string) => {
    if (!props.has(word)) return;
    const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
    hits.push({ file: relative(process.cwd(), file), line, word, what: 'property' });
  };
  const visit = (node: ts.Node) => {
    // A player's values read by a property's name: `x.v.hp`, `x.props.role`, `revealed(seat, 'role')`.
    if (ts.isPropertyAccessExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const of = node.expression.name.text;
      if (of === 'v' || of === 'props') property(node.name, node.name.text);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (name === 'revealed') for (const a of node.arguments) if (ts.isStringLiteral(a)) property(a, a.text);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node, node.text, true);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) check(node, node.text);
    else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) check(node, node.text.replace(/^#/, ''));
    ts.forEachChild(node, visit);
  };
  visit(src);
  return hits;
}

describe('no game words outside rules/', () => {
  const ids = gameIds();
  const events = eventIds();
  const props = propertyIds();

  it('the list of game ids comes from the rules and is not empty', () => {
    const kinds = new Set(ids.values());
    expect([...kinds].sort()).toEqual(['card', 'general', 'phase', 'role', 'skill']);
    expect(ids.size).toBeGreaterThan(50);
  });

  it.each(ROOTS)(
    '%s/ names no card, skill, general, role or phase id, no event id as a string, and reads no player property by its name',
    (root) => {
      const hits = tsFiles(root).flatMap((f) => hitsIn(f, ids, events, props));
      expect(hits.map((h) => `${h.file}:${h.line}: ${h.what} id '${h.word}'`)).toEqual([]);
    },
  );

  it('finds a player property read by its name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sgs-words-'));
    const file = join(dir, 'reads.ts');
    writeFileSync(
      file,
      "export const f = (p: any, t: any) => [p.v.hp, p.props.role, t.revealed(1, 'role'), p.v[k]];\nconst k = 'x';\n",
    );
    const hits = hitsIn(file, ids, events, props).map((h) => `${h.line}:${h.word}`);
    rmSync(dir, { recursive: true });
    expect(hits).toEqual(['1:hp', '1:role', '1:role']);
  });
});
