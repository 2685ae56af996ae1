// The roots of a program's code: every expression and body the engine links by itself (not as part of a larger
// one), in one fixed order. The emitter (compiler/emit) numbers its output by this walk and the loader (bind.ts)
// walks the program it is given the same way, so the module's nth function is the nth root's code, also for a
// structured clone of the program (a worker's). Scenarios are not roots: they run through the interpreter.
import type { IBody, IExpr, IFunction, IMethod, IParam, Program } from '../ir.ts';

export interface RootVisitor {
  /** An expression; `fn` is the function or method whose whole value it is (one declared `= expression`). */
  expr(e: IExpr, fn?: IFunction | IMethod): void;
  /** A body; `fn` is the function or method whose body it is. */
  body(b: IBody, fn?: IFunction | IMethod): void;
}

/** Visit every root of the program: the base declarations, then each variant's parts, in declaration order. */
export function forEachRoot(p: Program, v: RootVisitor): void {
  visitParts(p, v);
  for (const variant of p.variants) visitParts(variant.parts, v);
}

function visitParts(p: Partial<Program>, v: RootVisitor): void {
  const params = (ps: IParam[]) => {
    for (const x of ps) if (x.default) v.expr(x.default);
  };
  const method = (m: IMethod) => {
    params(m.params);
    if (m.expr) v.expr(m.expr, m);
    if (m.body) v.body(m.body, m);
  };
  for (const x of Object.values(p.properties ?? {})) v.expr(x.default);
  for (const x of Object.values(p.vars ?? {})) v.expr(x.default);
  for (const f of Object.values(p.functions ?? {})) {
    params(f.params);
    if (f.expr) v.expr(f.expr, f);
    if (f.body) v.body(f.body, f);
  }
  for (const e of Object.values(p.events ?? {})) {
    params(e.params);
    v.body(e.body);
    if (e.cleanup) v.body(e.cleanup);
  }
  for (const a of Object.values(p.actions ?? {})) {
    params(a.params);
    v.body(a.body);
  }
  for (const s of Object.values(p.skills ?? {})) {
    for (const t of s.triggers) {
      if (t.condExpr) v.expr(t.condExpr);
      v.body(t.body);
    }
    for (const a of s.actives) {
      if (a.condExpr) v.expr(a.condExpr);
      v.body(a.body);
    }
    for (const x of s.viewAs) {
      if (x.filterExpr) v.expr(x.filterExpr);
      if (x.condExpr) v.expr(x.condExpr);
    }
    for (const m of s.modifies) {
      v.expr(m.valueExpr);
      if (m.condExpr) v.expr(m.condExpr);
    }
    for (const f of s.filters) {
      v.expr(f.condExpr);
      for (const set of f.sets) v.expr(set.e);
    }
    for (const g of s.grants ?? []) if (g.condExpr) v.expr(g.condExpr);
  }
  for (const c of Object.values(p.cards ?? {})) for (const m of Object.values(c.methods)) method(m);
  for (const m of Object.values(p.modes ?? {})) for (const x of Object.values(m.methods)) method(x);
  for (const i of Object.values(p.invariants ?? {})) {
    params(i.params);
    v.expr(i.expr);
  }
}
