// Which locals of a body the emitter keeps in its context's `vars` (emit.ts body): the others are variables of the
// body's function. A local stays in the context when a function of the module reads it there: a `where`'s condition
// (runtime/ops.ts whereItems runs it on the context, its item in a slot), and the arguments of a
// `count(f(…)) > 0` whose test binds them in a function of its own (emit.ts someTest).
import { someTestOf } from '../../runtime/ops.ts';
import type { IAction, IBody, IExpr, IFunction, IStmt, ITarget, Program } from '../../runtime/ir.ts';

/** The slots of b held in its context; `bound(fn)` says whether a `count(fn(…)) > 0` binds its arguments in a
 *  function of its own. */
export function heldSlots(b: IBody, functions: Program['functions'], bound: (fn: IFunction) => boolean): Set<number> {
  const held = new Set<number>();
  const hold = (e: IExpr) =>
    eachExpr(e, (x) => {
      if (x.k === 'local') held.add(x.i);
    });
  const visit = (e: IExpr) =>
    eachExpr(e, (x) => {
      if (x.k === 'where') {
        held.add(x.slot);
        hold(x.cond);
      } else if (x.k === 'bin') {
        const t = someTestOf(x, functions);
        if (t !== null && 'fn' in t && bound(t.fn)) for (const a of t.args) hold(a);
      }
    });
  for (const s of b.stmts) eachStmtExpr(s, visit);
  return held;
}

/** e and every expression inside it, outermost first. */
function eachExpr(e: IExpr, f: (e: IExpr) => void): void {
  f(e);
  switch (e.k) {
    case 'zone':
      if (e.owner) eachExpr(e.owner, f);
      return;
    case 'member':
      eachExpr(e.o, f);
      return;
    case 'call':
    case 'fn':
    case 'hook':
      for (const a of e.args) eachExpr(a, f);
      return;
    case 'method':
      eachExpr(e.o, f);
      for (const a of e.args) eachExpr(a, f);
      return;
    case 'un':
      eachExpr(e.e, f);
      return;
    case 'bin':
    case 'and':
    case 'or':
      eachExpr(e.l, f);
      eachExpr(e.r, f);
      return;
    case 'list':
      for (const x of e.items) eachExpr(x, f);
      return;
    case 'where':
      eachExpr(e.list, f);
      eachExpr(e.cond, f);
      return;
    default:
      return;
  }
}

/** The expressions a statement (and the statements inside it) evaluates, each given whole to f. */
function eachStmtExpr(s: IStmt, f: (e: IExpr) => void): void {
  const target = (t: ITarget) => {
    if (t.k === 'member') f(t.o);
  };
  const action = (a: IAction) => {
    if (a.k === 'methodCall') f(a.o);
    for (const x of a.args) f(x);
  };
  const block = (ss: IStmt[] | undefined) => {
    for (const x of ss ?? []) eachStmtExpr(x, f);
  };
  switch (s.k) {
    case 'let':
    case 'expr':
      f(s.e);
      return;
    case 'set':
      target(s.target);
      f(s.e);
      return;
    case 'do':
      action(s.a);
      if (s.into) target(s.into);
      return;
    case 'if':
      f(s.c);
      block(s.then);
      block(s.else);
      return;
    case 'for':
      f(s.e);
      block(s.body);
      return;
    case 'while':
      f(s.c);
      block(s.body);
      return;
    case 'repeat':
      if (s.n) f(s.n);
      block(s.body);
      return;
    case 'return':
      if (s.e) f(s.e);
      if (s.a) action(s.a);
      return;
    case 'stop':
      if (s.e) f(s.e);
      return;
    case 'timing':
      f(s.subject);
      return;
    default:
      return;
  }
}
