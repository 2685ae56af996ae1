// Visiting every statement of a block, nested ones included (if/else branches, loop bodies), in source order.
import type * as A from './nodes.ts';

export function forEachStmt(b: A.Block | undefined, f: (s: A.Stmt) => void): void {
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
  b.stmts.forEach(walk);
}
