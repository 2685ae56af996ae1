// The language reference (docs/language.md) and its examples (docs/examples/*.sgs) cannot drift from the compiler:
//  - rules/ + docs/examples/ compile together without errors, and the examples' scenarios pass;
//  - every ```sgs block of the reference parses on its own;
//  - a block whose first line is `# example: docs/examples/F.sgs` appears verbatim in F (which is compiled above);
//  - a block whose first line is `# from: rules/….sgs` declares only names that file declares (a quoted real rule);
//  - the diagnostics table lists exactly the codes the compiler can report; every keyword, every builtin and every
//    timing window opened in rules/core and rules/standard is named;
//  - every example file is named by the reference, and every id it declares starts with `ex`.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '../compiler/index.ts';
import { parse } from '../compiler/syntax/parse.ts';
import { renderDiagnostic } from '../compiler/diagnostics.ts';
import { loadSources } from '../compiler/node/load.ts';
import { runScenario } from '../runtime/scenario.ts';
import { BUILTINS } from '../runtime/builtin-table.ts';
import { contextualKeywords, reservedKeywords } from '../compiler/syntax/tokens.ts';
import type * as A from '../compiler/ast/nodes.ts';
import { fileOf } from '../compiler/ast/source.ts';

const DOC = 'docs/language.md';
const EXAMPLES = 'docs/examples';

const doc = readFileSync(DOC, 'utf8');
const sources = loadSources(['rules', EXAMPLES]);
const textOf = new Map(sources.map((s) => [s.file, s.text]));
const result = compile(sources);

interface Block {
  line: number; // 1-based line of the opening fence
  text: string;
}

/** The ```sgs blocks of the reference, with their line numbers. */
function sgsBlocks(md: string): Block[] {
  const out: Block[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```sgs') continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!);
    out.push({ line: start + 1, text: body.join('\n') });
  }
  return out;
}

/** Every id a list of declarations declares (variant contents included). */
/** The ids `decls` declare; inside a variant (a mode's body included), not those it replaces (`replaced`). */
function declaredIds(decls: A.Decl[], replaced = new Set<string>()): string[] {
  const ids: string[] = [];
  for (const d of decls) {
    if (d.kind === 'Variant') ids.push(...declaredIds(d.decls).filter((id) => !replaced.has(id)));
    else if (d.kind === 'Var') ids.push(d.name.name);
    else if ('names' in d && d.names) ids.push(d.names.id.name); // declarations without an id (wording) are skipped
  }
  return ids;
}

function render(
  ds: { code: string; span: A.Span; message: string; severity: string }[],
  text: (f: string) => string | undefined,
) {
  return ds.map((d) => renderDiagnostic(d as Parameters<typeof renderDiagnostic>[0], text(d.span.file))).join('\n\n');
}

describe('docs/examples compile with the rules', () => {
  it('has no errors, and no warnings in docs/examples', () => {
    const bad = result.diagnostics.filter((d) => d.severity === 'error' || d.span.file.startsWith(EXAMPLES));
    if (bad.length) expect.fail(`\n${render(bad, (f) => textOf.get(f))}`);
    expect(result.program).toBeDefined();
  });

  it('declares only ids that start with `ex`, in package examples (a variant may replace a rule of rules/)', () => {
    const offenders: string[] = [];
    const ofRules = new Set(
      result.files.filter((x) => !x.file.startsWith(EXAMPLES)).flatMap((f) => declaredIds(f.decls)),
    );
    for (const f of result.files.filter((x) => x.file.startsWith(EXAMPLES))) {
      if (f.package?.name !== 'examples') offenders.push(`${f.file}: package must be 'examples'`);
      for (const id of declaredIds(f.decls, ofRules)) if (!/^ex[A-Z]/.test(id)) offenders.push(`${f.file}: ${id}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('scenarios of docs/examples', () => {
  const program = result.program;
  const ids = program
    ? Object.values(program.scenarios)
        .filter((s) => s.file.startsWith(EXAMPLES))
        .map((s) => s.id)
    : [];
  it('exist', () => expect(ids.length).toBeGreaterThan(0));
  for (const id of ids) {
    it(id, () => {
      const r = runScenario(program!, id);
      if (!r.ok) {
        const f = r.failure!;
        expect.fail(`step ${f.step} (${f.at}): ${f.message}\n--- log ---\n${r.log.slice(-25).join('\n')}`);
      }
    });
  }
});

describe(`the sgs blocks of ${DOC}`, () => {
  const blocks = sgsBlocks(doc);
  it('exist', () => expect(blocks.length).toBeGreaterThan(20));
  for (const b of blocks) {
    const first = b.text.split('\n')[0]!.trim();
    const example = /^# example: (\S+)$/.exec(first)?.[1];
    const from = /^# from: (\S+)$/.exec(first)?.[1];
    const name = `block at ${DOC}:${b.line}${example ? ` (example ${example})` : from ? ` (from ${from})` : ''}`;
    it(name, () => {
      const parsed = parse(b.text, `${DOC}:${b.line}`);
      if (parsed.diagnostics.length)
        expect.fail(`the block does not parse:\n${render(parsed.diagnostics, () => b.text)}`);
      if (example) {
        expect(existsSync(example), `${example} exists`).toBe(true);
        const body = b.text.split('\n').slice(1).join('\n');
        const file = readFileSync(example, 'utf8');
        if (!file.includes(body)) expect.fail(`the block is not (verbatim) in ${example}: copy it from there again`);
      }
      if (from) {
        expect(existsSync(from), `${from} exists`).toBe(true);
        const there = new Set(declaredIds(parse(readFileSync(from, 'utf8'), from).ast.decls));
        const missing = declaredIds(parsed.ast.decls).filter((id) => !there.has(id));
        if (missing.length) expect.fail(`${from} no longer declares ${missing.join(', ')}: update the quote`);
      }
    });
  }
});

describe(`the reference ${DOC}`, () => {
  it('names every example file', () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.sgs'));
    expect(files.filter((f) => !doc.includes(`${EXAMPLES}/${f}`))).toEqual([]);
  });

  it('lists every keyword', () => {
    // The two keyword lists of section 2: the ```text blocks that start with `package` and with `per`.
    const blocks = [...doc.matchAll(/```text\n([^`]*)```/g)].map((m) => m[1]!.trim().split(/\s+/));
    const reserved = new Set(blocks.find((b) => b[0] === 'package') ?? []);
    const contextual = new Set(blocks.find((b) => b[0] === 'per') ?? []);
    expect(
      reservedKeywords.filter((k) => !reserved.has(k)),
      'reserved keywords missing',
    ).toEqual([]);
    expect(
      contextualKeywords.filter((k) => !contextual.has(k)),
      'contextual keywords missing',
    ).toEqual([]);
    expect(
      [...reserved].filter((k) => !(reservedKeywords as readonly string[]).includes(k)),
      'not reserved',
    ).toEqual([]);
    expect(
      [...contextual].filter((k) => !(contextualKeywords as readonly string[]).includes(k)),
      'not contextual',
    ).toEqual([]);
  });

  it('names every builtin', () => {
    expect(Object.keys(BUILTINS).filter((b) => !doc.includes('`' + b + '('))).toEqual([]);
  });

  it('lists every timing window the core and standard rules open', () => {
    const windows = [...(result.symbols?.windows ?? new Map<string, A.Located>()).entries()]
      .filter(([, at]) => fileOf(at).startsWith('rules/core/') || fileOf(at).startsWith('rules/standard/'))
      .map(([w]) => w);
    expect(windows.length).toBeGreaterThan(10);
    expect(windows.filter((w) => !doc.includes('| `' + w + '` |'))).toEqual([]);
  });

  it('lists exactly the diagnostic codes the compiler reports', () => {
    const codes = new Set<string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
          for (const m of readFileSync(p, 'utf8').matchAll(/['"`](SGS\d{3})['"`]/g)) codes.add(m[1]!);
        }
      }
    };
    walk('compiler');
    const table = new Set([...doc.matchAll(/^\| `(SGS\d{3})` \|/gm)].map((m) => m[1]!));
    expect([...codes].filter((c) => !table.has(c)).sort(), 'codes missing from the table').toEqual([]);
    expect([...table].filter((c) => !codes.has(c)).sort(), 'codes in the table the compiler never reports').toEqual([]);
  });
});
