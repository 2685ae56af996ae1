// The walk SGS311 finds calls and list literals with (compiler/check/shown-texts.ts forEachCall): blocks and
// expressions by their kinds, everything else by its keys. It must meet the same nodes in the same order as a walk of
// every node by its keys (the first use of a text in a declaration is where SGS311 points).
import { describe, expect, it } from 'vitest';
import type * as A from '../compiler/ast/nodes.ts';
import { forEachCall } from '../compiler/check/shown-texts.ts';
import { loadSources } from '../compiler/node/load.ts';
import { parse } from '../compiler/syntax/parse.ts';

/** The reference: every node of every field, in the order of the fields. */
function byKeys(node: unknown, out: unknown[]): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) byKeys(x, out);
    return;
  }
  const kind = (node as { kind?: string }).kind;
  if (kind === 'Call' || kind === 'List') out.push(node);
  for (const k in node) byKeys((node as Record<string, unknown>)[k], out);
}

function walked(d: A.Decl): unknown[] {
  const out: unknown[] = [];
  forEachCall(
    d,
    (c) => out.push(c),
    (l) => out.push(l),
  );
  return out;
}

function reference(d: A.Decl): unknown[] {
  const out: unknown[] = [];
  byKeys(d, out);
  return out;
}

describe('the calls and lists SGS311 reads', () => {
  it('are those of a walk of every node, in its order, in every file of the repository', () => {
    let found = 0;
    for (const s of loadSources(['rules', 'docs/examples', 'templates', 'bench/slice'])) {
      for (const d of parse(s.text, s.file, true).ast.decls) {
        const want = reference(d);
        const got = walked(d);
        expect(got, `${s.file}: ${d.kind}`).toEqual(want);
        // By identity too: the same nodes, not equal copies.
        expect(got.every((x, i) => x === want[i])).toBe(true);
        found += want.length;
      }
    }
    expect(found).toBeGreaterThan(5_000);
  });

  it('reach every place a declaration holds expressions', () => {
    const text = `
action a(p: player, t: text = pick("x", ["y"])) {
  let l = [f(1), [g()]]
  if h(2) { k() } else if m() { n([3]) } else { o() }
  for x in q() where r(x) { s(x.u(), -v(w())) }
  while y() { z() }
  repeat aa() { bb() }
  timing cc dd()
  return ee(not ff())
}
function f(n: int): int = gg(n) + hh([n])
`;
    const decls = parse(text, 'walk.sgs', true).ast.decls;
    expect(decls.map((d) => d.kind)).toEqual(['Action', 'Function']);
    const names = (xs: unknown[]) =>
      xs.map((x) => {
        const n = x as A.Call | A.ListLit;
        if (n.kind === 'List') return '[]';
        return n.callee.kind === 'Name' ? n.callee.name : n.callee.kind === 'Member' ? `.${n.callee.name.name}` : '?';
      });
    const all = decls.flatMap(walked);
    expect(names(all)).toEqual(names(decls.flatMap(reference)));
    expect(names(all)).toEqual([
      'pick',
      '[]',
      '[]',
      'f',
      '[]',
      'g',
      'h',
      'k',
      'm',
      'n',
      '[]',
      'o',
      'q',
      'r',
      's',
      '.u',
      'v',
      'w',
      'y',
      'z',
      'aa',
      'bb',
      'dd',
      'ee',
      'ff',
      'gg',
      'hh',
      '[]',
    ]);
  });
});
