// Functions whose value depends on their arguments alone: they read nothing of a game (no player, card, zone,
// global, option, event or hook) and call only functions like them. A policy asks some of them again and again with
// the same plain argument (the heuristic AI: the side of a role, whether a side plays alone, a few hundred times a
// game), and their answers hold for every game of the program (view.ts call keeps them).
import type { Program } from './ir.ts';
import type { Value } from './values.ts';

/** The IR kinds (of expressions, statements, targets and actions) that read or change a game. */
const STATEFUL = new Set([
  'global',
  'param',
  'option',
  'zone',
  'you',
  'event',
  'subject',
  'member',
  'call',
  'hook',
  'method',
  'cardlit',
  'do',
  'stop',
  'timing',
  'action',
  'methodCall',
  'ask',
]);

/** Whether the program's function `name` depends on its arguments alone. Known once per program and function. */
export function stateless(program: Program, name: string): boolean {
  let known = KNOWN.get(program);
  if (known === undefined) KNOWN.set(program, (known = new Map()));
  return known.get(name) ?? statelessIn(program, name, new Set(), known);
}
const KNOWN = new WeakMap<Program, Map<string, boolean>>();

function statelessIn(program: Program, name: string, path: Set<string>, known: Map<string, boolean>): boolean {
  const k = known.get(name);
  if (k !== undefined) return k;
  const f = program.functions[name];
  // Unknown, or called again from its own calls: not known to end, so not taken as a value of its arguments.
  if (!f || path.has(name)) return false;
  path.add(name);
  const pure = (t: unknown): boolean => {
    if (!t || typeof t !== 'object') return true;
    if (Array.isArray(t)) return t.every(pure);
    const node = t as { k?: unknown; name?: string };
    if (typeof node.k === 'string') {
      if (STATEFUL.has(node.k)) return false;
      if (node.k === 'fn' && !statelessIn(program, node.name!, path, known)) return false;
    }
    return Object.values(t).every(pure);
  };
  const result = f.params.every((p) => pure(p.default)) && pure(f.expr ?? f.body);
  path.delete(name);
  known.set(name, result);
  return result;
}

/** The plain answer of a stateless function for one plain argument, computed once per program (`compute`; none
 *  when it fails, kept only when it did not). An answer that holds cards or players is not kept (a reader's copies
 *  are its own). */
export function statelessAnswer(program: Program, name: string, arg: Value, compute: () => Value | undefined): Value {
  let byName = ANSWERS.get(program);
  if (byName === undefined) ANSWERS.set(program, (byName = new Map()));
  let byArg = byName.get(name);
  if (byArg === undefined) byName.set(name, (byArg = new Map()));
  const known = byArg.get(arg);
  if (known !== undefined) return known;
  const v = compute();
  if (v === undefined) return null;
  if (v === null || typeof v !== 'object') byArg.set(arg, v);
  return v;
}
const ANSWERS = new WeakMap<Program, Map<string, Map<Value, Value>>>();
