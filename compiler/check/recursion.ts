// A function that calls itself on every path never returns: every call of it would end the game with "calls
// nested too deep". SGS260 warns at the call it always makes (a call under `if`, `and`, `or`, a loop or `where`
// may be the way out, so it is not reported).
import { locatedAs, spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';

export function recursionCheck(d: A.FunctionDecl, out: Diagnostic[]): void {
  const name = d.names.id.name;
  const call = d.expr ? inExpr(d.expr, name) : d.body ? inBlock(d.body, name) : null;
  if (call !== null && call !== EXITS)
    out.push(
      warning('SGS260', `function ${name} calls itself whatever its arguments: it can never return`, spanOf(call)),
    );
}

/** A block may leave before calling (return, break, stop): nothing after that point is certain. */
const EXITS = Symbol('exits');
type Found = A.Call | typeof EXITS | null;

/** The call of `name` that evaluating e always makes, or null. */
function inExpr(e: A.Expr, name: string): A.Call | null {
  switch (e.kind) {
    case 'Member':
      return inExpr(e.object, name);
    case 'Call': {
      for (const a of e.args) {
        const c = inExpr(a.value, name);
        if (c) return c;
      }
      if (e.callee.kind === 'Name') return e.callee.name === name ? e : null;
      return inExpr(e.callee, name);
    }
    case 'Unary':
      return inExpr(e.operand, name);
    case 'Binary':
      // `and` and `or` may stop at their left side.
      return inExpr(e.left, name) ?? (e.op === 'and' || e.op === 'or' ? null : inExpr(e.right, name));
    case 'List':
      for (const x of e.items) {
        const c = inExpr(x, name);
        if (c) return c;
      }
      return null;
    case 'Where':
      return inExpr(e.list, name);
    default:
      return null;
  }
}

/** The call of `name` running the block always makes before it can leave (EXITS when it may leave first). */
function inBlock(b: A.Block, name: string): Found {
  for (const s of b.stmts) {
    const c = inStmt(s, name);
    if (c) return c;
  }
  return null;
}

function inStmt(s: A.Stmt, name: string): Found {
  switch (s.kind) {
    case 'Let':
    case 'Assign':
      return inExpr(s.value, name);
    case 'ExprStmt':
      return inExpr(s.expr, name);
    case 'Timing':
      return inExpr(s.subject, name);
    case 'Return':
      return (s.value && inExpr(s.value, name)) ?? EXITS;
    case 'Break':
    case 'Continue':
    case 'Stop':
      return EXITS;
    case 'If': {
      const c = inExpr(s.cond, name);
      if (c) return c;
      const t = inBlock(s.then, name);
      const e = s.else ? (s.else.kind === 'Block' ? inBlock(s.else, name) : inStmt(s.else, name)) : null;
      if (t === EXITS || e === EXITS) return EXITS;
      return t && e ? t : null;
    }
    // A loop's head runs; its body may not, and a `return` in it may leave the function.
    case 'For':
      return inExpr(s.iterable, name) ?? (returns(s.body) ? EXITS : null);
    case 'While':
      return inExpr(s.cond, name) ?? (returns(s.body) ? EXITS : null);
    case 'Repeat':
      return (s.count && inExpr(s.count, name)) ?? (returns(s.body) ? EXITS : null);
  }
}

function returns(b: A.Block): boolean {
  return b.stmts.some(
    (s) =>
      s.kind === 'Return' ||
      ((s.kind === 'For' || s.kind === 'While' || s.kind === 'Repeat') && returns(s.body)) ||
      (s.kind === 'If' &&
        (returns(s.then) ||
          (s.else !== undefined &&
            returns(s.else.kind === 'Block' ? s.else : { kind: 'Block', stmts: [s.else], ...locatedAs(s.else) })))),
  );
}
