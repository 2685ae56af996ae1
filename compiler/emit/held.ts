// Which locals of a body the emitter keeps in its context's `vars` (emit.ts body): the others are variables of the
// body's function. A local stays in the context when a function of the module reads it there: a `where`'s condition
// (runtime/ops.ts whereItems runs it on the context, its item in a slot), and the arguments of a
// `count(f(…)) > 0` whose test binds them in a function of its own (emit.ts someTest).
import { someTestOf } from '../../runtime/ops.ts';
import type { IBody, IExpr, IFunction, Program } from '../../runtime/ir.ts';

/** The slots of b held in its context; `bound(fn)` says whether a `count(fn(…)) > 0` binds its arguments in a
 *  function of its own. */
export function heldSlots(b: IBody, functions: Program['functions'], bound: (fn: IFunction) => boolean): Set<number> {
  const held = new Set<number>();
  const hold = (e: IExpr) =>
    eachNode(e, (x) => {
      if (x.k === 'local') held.add(x.i);
    });
  eachNode(b.stmts, (x) => {
    if (x.k === 'where') {
      held.add(x.slot);
      hold(x.cond);
    } else if (x.k === 'bin') {
      const t = someTestOf(x, functions);
      if (t !== null && 'fn' in t && bound(t.fn)) for (const a of t.args) hold(a);
    }
  });
  return held;
}

/** Every expression in t, outermost first, with the statements, targets and actions around them (the IR is plain
 *  data: walked by its keys, as runtime/link.ts memoised walks it). Only an expression's kinds are looked at. */
function eachNode(t: unknown, f: (e: IExpr) => void): void {
  if (!t || typeof t !== 'object') return;
  if (Array.isArray(t)) {
    for (const x of t) eachNode(x, f);
    return;
  }
  if (typeof (t as { k?: unknown }).k === 'string') f(t as IExpr);
  for (const v of Object.values(t)) eachNode(v, f);
}
