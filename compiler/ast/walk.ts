// Walking the AST: every statement of a block (nested ones included: if/else branches, loop bodies) and every
// expression inside, in source order.
import type * as A from './nodes.ts';

export function forEachStmt(b: A.Block | A.Stmt[] | undefined, f: (s: A.Stmt) => void): void {
  if (!b) return;
  const walk = (s: A.Stmt): void => {
    f(s);
    switch (s.kind) {
      case 'If':
        s.then.stmts.forEach(walk);
        if (s.else) s.else.kind === 'If' ? walk(s.else) : s.else.stmts.forEach(walk);
        break;
      case 'For':
      case 'While':
      case 'Repeat':
        s.body.stmts.forEach(walk);
        break;
    }
  };
  (Array.isArray(b) ? b : b.stmts).forEach(walk);
}

/** The expressions a statement holds itself (not those of nested statements). */
export function stmtExprs(s: A.Stmt): A.Expr[] {
  switch (s.kind) {
    case 'Let':
      return [s.value];
    case 'Assign':
      return [s.target, s.value];
    case 'If':
      return [s.cond];
    case 'For':
      return [s.iterable];
    case 'While':
      return [s.cond];
    case 'Repeat':
      return s.count ? [s.count] : [];
    case 'Return':
      return s.value ? [s.value] : [];
    case 'Stop':
      return s.target ? [s.target] : [];
    case 'Timing':
      return [s.subject];
    case 'ExprStmt':
      return [s.expr];
    default:
      return [];
  }
}

/** `e` and every expression inside it. */
export function forEachSubExpr(e: A.Expr | undefined, f: (e: A.Expr) => void): void {
  if (!e) return;
  f(e);
  switch (e.kind) {
    case 'Member':
      forEachSubExpr(e.object, f);
      break;
    case 'Call':
      forEachSubExpr(e.callee, f);
      e.args.forEach((a) => forEachSubExpr(a.value, f));
      break;
    case 'Unary':
      forEachSubExpr(e.operand, f);
      break;
    case 'Binary':
      forEachSubExpr(e.left, f);
      forEachSubExpr(e.right, f);
      break;
    case 'List':
      e.items.forEach((x) => forEachSubExpr(x, f));
      break;
    case 'Where':
      forEachSubExpr(e.list, f);
      forEachSubExpr(e.cond, f);
      break;
  }
}
