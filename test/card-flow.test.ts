// The flow of a card's use (site/src/lib/flow.ts), read from the compiled rules: the use procedure is found from
// the IR, each kind takes its own path through it, and a method the use never reaches is followed from its caller.
import { describe, expect, it } from 'vitest';
import { cardFlow, flowWindows, stmtsOf as stmts, useProcedure, type FlowNode } from '../site/src/lib/flow.ts';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import type { Program } from '../runtime/index.ts';

const repo = new URL('../', import.meta.url).pathname;
const p: Program = compile(loadSources([repo + 'rules'], repo)).program!;

const nodes = (ns: FlowNode[]): FlowNode[] => ns.flatMap((n) => [n, ...nodes(n.steps)]);
// Every card's method is walked with the parameter types the declarations give; here: the first parameter.
const flowOf = (kind: string) => cardFlow(p, kind, () => [0])!;

describe('the flow of a card’s use', () => {
  it('finds the use procedure: an event calling a card method on a parameter, called by no other such event', () => {
    const use = useProcedure(p)!;
    const ev = p.events[use.id]!;
    const calls = [...stmts(ev.body.stmts)].filter((s) => s.k === 'do' && s.a.k === 'methodCall');
    expect(calls.length).toBeGreaterThan(0);
    for (const c of use.cardParams) expect(ev.params.map((x) => x.name)).toContain(c);
  });

  it('every kind’s flow opens the use procedure’s own windows, in their order', () => {
    const use = useProcedure(p)!;
    const own = [...stmts(p.events[use.id]!.body.stmts)].flatMap((s) => (s.k === 'timing' ? [s.name] : []));
    for (const kind of Object.keys(p.cards)) {
      const ws = flowWindows(flowOf(kind).steps);
      const at = own.map((w) => ws.indexOf(w));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
  });

  it('takes each kind’s own path: a card whose effect raises events opens more windows than one that only goes on', () => {
    // A kind of a type none of whose kinds has an effect (equipment: it is equipped and stays).
    const types = p.enums.cardType!;
    const plain = types
      .map((t) => Object.values(p.cards).filter((c) => c.fields.type === t))
      .find((cs) => cs.length > 0 && cs.every((c) => !c.methods.effect))![0]!;
    const base = flowWindows(flowOf(plain.id).steps).length;
    const withEffect = Object.values(p.cards).filter((c) => c.methods.effect?.body);
    expect(withEffect.length).toBeGreaterThan(0);
    for (const c of withEffect) {
      const f = flowOf(c.id);
      expect(nodes(f.steps).some((n) => n.k === 'method' && n.name === 'effect')).toBe(true);
      expect(flowWindows(f.steps).length).toBeGreaterThan(base);
    }
    expect(nodes(flowOf(plain.id).steps).some((n) => n.k === 'method' && n.name === 'effect')).toBe(false);
  });

  it('follows a method the use never reaches from the event that calls it', () => {
    const reached = (kind: string) =>
      new Set(nodes(flowOf(kind).steps).flatMap((n) => (n.k === 'method' ? [n.name] : [])));
    // A kind with such a method whose caller is an event (白银狮子's onLeave is called by an action: not followed).
    const later = Object.values(p.cards).find(
      (c) =>
        Object.entries(c.methods).some(([m, d]) => d.body && !m.startsWith('ai') && !reached(c.id).has(m)) &&
        flowOf(c.id).later.length > 0,
    )!;
    expect(later).toBeDefined();
    const f = flowOf(later.id);
    expect(f.later.length).toBeGreaterThan(0);
    for (const l of f.later) {
      const calls = [...stmts(p.events[l.opener]!.body.stmts)].some(
        (s) => s.k === 'do' && s.a.k === 'methodCall' && s.a.name === l.method,
      );
      expect(calls).toBe(true);
      expect(nodes(l.steps).some((n) => n.k === 'method' && n.name === l.method)).toBe(true);
    }
  });
});
