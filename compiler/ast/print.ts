// Expressions printed back as source text, with parentheses only where precedence needs them: used in messages
// ("expected a.hp == 3") and as a canonical key when two expressions are compared.
import type * as A from './nodes.ts';

const PREC: Record<string, number> = {
  where: 1,
  or: 2,
  and: 3,
  not: 4,
  cmp: 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
  neg: 8,
  atom: 9,
};

function prec(e: A.Expr): number {
  switch (e.kind) {
    case 'Where':
      return PREC.where!;
    case 'Unary':
      return e.op === 'not' ? PREC.not! : PREC.neg!;
    case 'Binary':
      return PREC[e.op] ?? PREC.cmp!;
    default:
      return PREC.atom!;
  }
}

// A module-level function, not a closure per call: under tsx (keep-names) every closure made also gets its name set.
function wrap(x: A.Expr, min: number): string {
  return prec(x) < min ? `(${printExpr(x)})` : printExpr(x);
}

export function printExpr(e: A.Expr): string {
  switch (e.kind) {
    case 'Number':
      return String(e.value);
    case 'Text':
      return JSON.stringify(e.value);
    case 'Bool':
      return String(e.value);
    case 'None':
      return 'none';
    case 'Name':
      return e.name;
    case 'Member':
      return `${wrap(e.object, PREC.atom!)}.${e.name.name}`;
    case 'Call':
      return `${wrap(e.callee, PREC.atom!)}(${e.args.map((a) => (a.name ? `${a.name.name}: ` : '') + printExpr(a.value)).join(', ')})`;
    case 'Unary':
      return e.op === 'not' ? `not ${wrap(e.operand, PREC.not!)}` : `-${wrap(e.operand, PREC.neg!)}`;
    case 'Binary': {
      const p = prec(e);
      return `${wrap(e.left, p)} ${e.op} ${wrap(e.right, p + 1)}`;
    }
    case 'List':
      return `[${e.items.map(printExpr).join(', ')}]`;
    case 'CardLit':
      return `${e.cardKind.name} ${e.face}`;
    case 'Where':
      return `${wrap(e.list, PREC.where!)} where ${wrap(e.cond, PREC.where! + 1)}`;
  }
}
