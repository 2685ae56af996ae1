// The rules' own code the engine calls by name: functions (memoised while nothing they could see changes),
// hooks (the `modify` contributions of every enabled skill, combined), card methods, mode methods and actions.
import { combineStart, type IHook, type IMethod, type IParam } from './ir.ts';
import type { Engine } from './engine.ts';
import { RETURN, truthy, type Ctx, type Ex, type FnRef } from './link.ts';
import type {
  ActionCallRef,
  ActionDesc,
  DirectFn,
  Asking,
  HookDesc,
  HookItem,
  HookRef,
  LinkedMethod,
  MethodRef,
} from './types.ts';
import { RuleError, label, type PlayerObj, type Value } from './values.ts';
import { runBodySync } from './sync.ts';
import { runOf } from './variants.ts';
import { D_ALIVE, GUARD_HOOK, HOOK_REGRESS, type Reads } from './reads.ts';
import { ALL_SEATS, filtersLive, grantsLive, hasSeat, keptForSkills, mineOf, seatsWithItems } from './skills.ts';

// ------------------------------------------------------------------ functions

export function callFunction(g: Engine, name: string, args: Value[], at: string): Value {
  // A game with cached reads calls by reference (the memo could hand a result back without its reads).
  if (g.reads !== null) return callRef(g, g.L.linker.fnRef(name), args, at);
  const key = memoKey(g, 'f:' + name, args);
  if (key !== null) {
    const hit = g.memo.get(key);
    if (hit !== undefined) return hit;
  }
  const v = callUnmemoised(g, name, args, at);
  if (key !== null && g.memoAt === g.mut) g.memo.set(key, v);
  return v;
}

/** A call resolved when it was linked. A function that calls no rules code runs without the memo or the cache: its
 *  reads count for the cached call that runs it. (The reference interpreter links every call by name, to
 *  callFunction.) */
export function callRef(g: Engine, ref: FnRef, args: Value[], at: string): Value {
  if (ref.memo) {
    const r = g.reads;
    if (r === null) return callFunction(g, ref.name, args, at);
    // A table that is off computes every call: no key is made for it (~900 calls a game of the full rules).
    const t = r.tableOf(ref);
    if (!t.off) return r.cached(t, r.key(args), g.guards.mask, g.frame, runRef, g, ref, args, at);
  }
  return runRef(g, ref, args, at);
}

/** A call computed now, never taken from the cache. */
export function callFunctionNow(g: Engine, name: string, args: Value[], at: string): Value {
  return callRefNow(g, g.L.linker.fnRef(name), args, at);
}

/** callFunctionNow by the function's reference (its caller keeps the result: skills.ts skillEnabled). */
export function callRefNow(g: Engine, ref: FnRef, args: Value[], at: string): Value {
  return g.reads === null ? callFunction(g, ref.name, args, at) : runRef(g, ref, args, at);
}

function runRef(g: Engine, ref: FnRef, args: Value[], at: string): Value {
  const d = ref.direct === undefined ? directOf(g, ref) : ref.direct;
  if (d !== null) return runDirect(g, ref, d, args[0], args[1], args[2], args[3]);
  const run = runnerOf(g, ref, at);
  const c = g.ctx(null, ref.f!.slots);
  bindParams(g, ref.f!.params, args, c);
  return runIn(g, ref, run, c);
}

/** callRef of one, two and three arguments (compiled code's calls): the same key, cache and binding, without a
 *  list of the arguments made for every call. */
export function callRef1(g: Engine, ref: FnRef, a: Value, at: string): Value {
  if (ref.memo) {
    const r = g.reads;
    if (r === null) return callFunction(g, ref.name, [a], at);
    const t = r.tableOf(ref);
    if (!t.off) return r.cached(t, r.key1(a), g.guards.mask, g.frame, runRef3, g, ref, a, undefined, undefined, at);
  }
  return runRef3(g, ref, a, undefined, undefined, at);
}
export function callRef2(g: Engine, ref: FnRef, a: Value, b: Value, at: string): Value {
  if (ref.memo) {
    const r = g.reads;
    if (r === null) return callFunction(g, ref.name, [a, b], at);
    const t = r.tableOf(ref);
    if (!t.off) return r.cached(t, r.key2(a, b), g.guards.mask, g.frame, runRef3, g, ref, a, b, undefined, at);
  }
  return runRef3(g, ref, a, b, undefined, at);
}
export function callRef3(g: Engine, ref: FnRef, a: Value, b: Value, c: Value, at: string): Value {
  if (ref.memo) {
    const r = g.reads;
    if (r === null) return callFunction(g, ref.name, [a, b, c], at);
    const t = r.tableOf(ref);
    if (!t.off) return r.cached(t, r.key3(a, b, c), g.guards.mask, g.frame, runRef3, g, ref, a, b, c, at);
  }
  return runRef3(g, ref, a, b, c, at);
}

/** runRef of the arguments a, b and c (undefined: not given, as past the end of a list). */
function runRef3(
  g: Engine,
  ref: FnRef,
  a: Value | undefined,
  b: Value | undefined,
  c: Value | undefined,
  at: string,
): Value {
  const d = ref.direct === undefined ? directOf(g, ref) : ref.direct;
  if (d !== null) return runDirect(g, ref, d, a, b, c);
  const run = runnerOf(g, ref, at);
  const f = ref.f!;
  const cx = g.ctx(null, f.slots);
  const params = f.params;
  if (params.length > 0) cx.vars[0] = a === undefined ? paramDefault(g, params[0]!, cx) : a;
  if (params.length > 1) cx.vars[1] = b === undefined ? paramDefault(g, params[1]!, cx) : b;
  if (params.length > 2) cx.vars[2] = c === undefined ? paramDefault(g, params[2]!, cx) : c;
  for (let i = 3; i < params.length; i++) cx.vars[i] = paramDefault(g, params[i]!, cx);
  return runIn(g, ref, run, cx);
}

/** The function's code, linked on its first call. */
function runnerOf(g: Engine, ref: FnRef, at: string): Ex {
  const f = ref.f;
  if (!f) throw new RuleError(`no function ${ref.name}`, at);
  const run = ref.run === undefined ? (ref.run = g.L.linker.fnRunner(f)) : ref.run;
  if (run === null) throw new RuleError(`function ${ref.name} cannot ask players`, at);
  return run;
}

/** The function's compiled code that takes its arguments as they are (no context made), or null: found once. */
function directOf(g: Engine, ref: FnRef): DirectFn | null {
  return (ref.direct = ref.f ? g.L.linker.fnDirect(ref.f) : null);
}

/** A direct function (none of whose parameters has a default: one not given is none, as bindParams makes it). */
function runDirect(g: Engine, ref: FnRef, d: DirectFn, a?: Value, b?: Value, c?: Value, e?: Value): Value {
  try {
    return d(g, a, b, c, e);
  } catch (x) {
    g.unwinding(x, ref.name);
    throw x;
  }
}

function runIn(g: Engine, ref: FnRef, run: Ex, c: Ctx): Value {
  try {
    return run(c);
  } catch (e) {
    g.unwinding(e, ref.name);
    throw e;
  }
}

/** The value of a parameter not given: its default, or none. */
function paramDefault(g: Engine, p: IParam, c: Ctx): Value {
  return p.default ? g.L.linker.expr(p.default)(c) : null;
}

function callUnmemoised(g: Engine, name: string, args: Value[], at: string): Value {
  const f = g.program.functions[name];
  if (!f) throw new RuleError(`no function ${name}`, at);
  const c = g.ctx(null, f.slots);
  bindParams(g, f.params, args, c);
  if (f.expr) return g.L.linker.expr(f.expr)(c);
  const r = runOf(g.L, f.body!);
  if (r.y) throw new RuleError(`function ${name} cannot ask players`, at);
  return r.run(c) === RETURN ? c.ret : null;
}

/** Arguments into the first slots; a missing one takes its parameter's default (or none). */
export function bindParams(g: Engine, params: IParam[], args: Value[], c: Ctx): void {
  for (let i = 0; i < params.length; i++) {
    const v = args[i];
    c.vars[i] = v === undefined ? paramDefault(g, params[i]!, c) : v;
  }
}

/** The memo key of a call, or null when it must not be memoised (inside a hook, or an argument that is a list or
 *  an object other than a player or card). Clears the memo when something changed since it was filled. */
function memoKey(g: Engine, name: string, args: Value[]): string | null {
  if (g.pureDepth > 0) return null;
  let k = name;
  for (const a of args) {
    if (a === null || a === undefined) k += '|n';
    else if (typeof a === 'object') {
      if (Array.isArray(a)) return null;
      if (a.t === 'p') k += '|p' + a.seat;
      else if (a.t === 'c') k += '|c' + a.id;
      else return null;
    } else k += '|' + String(a);
  }
  if (g.memoAt !== g.mut) {
    g.memo.clear();
    g.memoAt = g.mut;
  }
  return k;
}

// ------------------------------------------------------------------ hooks

export function evalHook(g: Engine, name: string, args: Value[]): Value {
  if (g.reads !== null) return evalHookRef(g, g.L.linker.hookRef(name), args);
  // The reference interpreter: the memo by name.
  const key = memoKey(g, 'h:' + name, args);
  if (key !== null) {
    const hit = g.memo.get(key);
    if (hit !== undefined) return hit;
  }
  const v = combineGuarded(g, hookRefOf(g, g.L.linker.hookRef(name)), args, ALL_SEATS);
  if (key !== null) g.memo.set(key, v);
  return v;
}

export function evalHookRef(g: Engine, ref: HookRef, args: Value[]): Value {
  const r = g.reads;
  if (r === null) return evalHook(g, ref.name, args);
  const linked = hookRefOf(g, ref);
  // A hook nothing contributes to, in the program or at this table, is its combination's start: no cached call.
  if (linked.d.items === undefined) return combineStart(linked.d.h.combine);
  const seats = contributingSeats(g, r, linked);
  if (seats === 0) return combineStart(linked.d.h.combine);
  const t = r.tableOf(ref);
  if (t.off) return combineGuarded(g, linked, args, seats);
  return r.cached(t, r.key(args), g.guards.mask, g.frame, combineGuarded, g, linked, args, seats);
}

/** The seats whose skills contribute to the hook (skills.ts seatsWithItems): 0 when none does and no table rule
 *  does either (most hooks some skill of the rules contributes to have no such skill at a given table), every seat
 *  with table rules but no seat's, or with skills that grant skills at the table. Known per hook until anybody's
 *  skills change (Reads.allSkillsStamp); a cached call that finds none depends on each seat's skills that contribute
 *  to the hook, as combineHook's would. */
function contributingSeats(g: Engine, r: Reads, ref: HookRef & { d: HookDesc }): number {
  const { items, before, after } = ref.d;
  if (grantsLive(g)) return ALL_SEATS;
  const seats = seatsWithItems(g, r, g.hookContributors, g.seatHooks, items!, true);
  if (seats !== 0) return seats;
  if (before.length > 0 || after.length > 0) return ALL_SEATS;
  if (r.rec !== null) {
    const hookNo = items!.no;
    for (let s = 0; s < g.state.players.length; s++) r.dep(r.hookSkillsIdOf(s, hookNo));
  }
  return 0;
}

/** The reference with what combining the hook needs, found on first use. */
function hookRefOf(g: Engine, ref: HookRef): HookRef & { d: HookDesc } {
  if (ref.d === null) {
    const items = g.L.hookIndex.get(ref.name);
    const { before, after } = g.L.tableRules;
    ref.d = {
      h: g.program.hooks[ref.name]!,
      items,
      before: items && before.length ? mineOf(items.items, before) : [],
      after: items && after.length ? mineOf(items.items, after) : [],
    };
  }
  return ref as HookRef & { d: HookDesc };
}

function combineGuarded(g: Engine, ref: HookRef & { d: HookDesc }, args: Value[], seats: number): Value {
  g.pureDepth++;
  try {
    return combineHook(g, ref, args, seats);
  } finally {
    g.pureDepth--;
  }
}

/** The contributions of every living player's enabled skills to a hook, combined as the hook declares. `seats`:
 *  those with a contribution (contributingSeats, found as the hook was asked), or ALL_SEATS. */
function combineHook(g: Engine, ref: HookRef & { d: HookDesc }, args: Value[], seats: number): Value {
  const { h, items, before, after } = ref.d;
  let acc: Value = combineStart(h.combine);
  if (!items) return acc;
  const r = g.reads;
  const depths = g.hookDepths;
  const depth = depths[ref.no] ?? 0;
  if (r !== null && r.rec !== null) r.hook(g.guards.mask, depth >= HOOK_REGRESS);
  if (depth >= HOOK_REGRESS) return acc; // a hook consulted inside its own contributions: stop the regress
  depths[ref.no] = depth + 1;
  g.guards.enter(GUARD_HOOK);
  try {
    // The table's rules count once: those declared `before skills` first, `after skills` last.
    if (before.length) acc = contribute(g, h.combine, args, null, before, acc);
    if (r !== null && r.rec !== null) r.dep(D_ALIVE);
    // Without skills that grant skills at the table, a player's contributions change only with their skills that
    // contribute to this hook: that is what the cache records (reads.ts), not their whole skill list.
    const quiet = r !== null && r.rec !== null && !grantsLive(g);
    const hookNo = items.no;
    // The seats without a contribution are passed over, their dependency still noted.
    for (let s = 0; acc !== DECIDED_TRUE && acc !== DECIDED_FALSE && s < g.state.players.length; s++) {
      const p = g.state.players[s]!;
      if (!p.alive) continue;
      if (quiet) r.dep(r.hookSkillsIdOf(p.seat, hookNo));
      if (!hasSeat(seats, p.seat)) continue;
      acc = contribute(g, h.combine, args, p, keptForSkills(g, g.seatHooks, items, p, quiet), acc);
    }
    if (acc !== DECIDED_TRUE && acc !== DECIDED_FALSE && after.length)
      acc = contribute(g, h.combine, args, null, after, acc);
  } finally {
    depths[ref.no] = depth;
    g.guards.leave(GUARD_HOOK);
  }
  return acc === DECIDED_TRUE ? true : acc === DECIDED_FALSE ? false : acc;
}

/** `any` and `all` decided before every contribution was seen (contribute's result then). */
const DECIDED_TRUE = { t: 'l' } as unknown as Value;
const DECIDED_FALSE = { t: 'l' } as unknown as Value;

/** One owner's contributions (null: the table's rules, which have no owner) combined into acc. */
function contribute(
  g: Engine,
  combine: IHook['combine'],
  args: Value[],
  p: PlayerObj | null,
  mine: readonly HookItem[],
  acc: Value,
): Value {
  // An index, not for…of: most lists here are the shared frozen empty one (skills.ts mineOf), on which for…of
  // falls back to the iterator protocol and allocates.
  for (let i = 0; i < mine.length; i++) {
    const it = mine[i]!;
    if (p !== null && !g.skillEnabled(p, it.skill)) continue;
    const mo = it.mod;
    const c = g.ctx(p, mo.slots);
    for (let i = 0; i < mo.params; i++) c.vars[i] = args[i] ?? null;
    // The item is its linked program's: its code is found once (no lookup by the IR node at every contribution).
    const cond = it.cond === undefined ? (it.cond = mo.condExpr ? g.L.linker.expr(mo.condExpr) : null) : it.cond;
    if (cond !== null && !truthy(cond(c))) continue;
    const v = (it.value ??= g.L.linker.expr(mo.valueExpr))(c);
    switch (combine) {
      case 'sum':
        acc = (acc as number) + (v as number);
        break;
      case 'any':
        if (truthy(v)) return DECIDED_TRUE;
        break;
      case 'all':
        if (!truthy(v)) return DECIDED_FALSE;
        break;
      case 'max':
        acc = acc === null || (v as number) > (acc as number) ? v : acc;
        break;
      case 'min':
        acc = acc === null || (v as number) < (acc as number) ? v : acc;
        break;
    }
  }
  return acc;
}

// ------------------------------------------------------------------ methods and actions

function methodOf(g: Engine, o: Value, name: string, at: string): IMethod | undefined {
  return g.program.cards[kindOf(g, o, name, at)]?.methods[name];
}

/** The kind whose method `.name()` of o calls. */
function kindOf(g: Engine, o: Value, name: string, at: string): string {
  // A card's kind as the rules see it: a filter (武神) or the kind it stands for in a zone may change it. Without
  // filters, a card's kind is read here as getMember reads it (the same dependency noted).
  let kind: string | null;
  if (typeof o === 'string') kind = o;
  else if (o !== null && typeof o === 'object' && !Array.isArray(o) && o.t === 'c' && !filtersLive(g)) {
    const r = g.reads;
    if (r !== null && r.rec !== null) r.dep(r.cardId(o.id));
    kind = o.as ?? o.kind;
  } else
    kind =
      o && typeof o === 'object' && !Array.isArray(o) && (o.t === 'c' || o.t === 'v')
        ? (g.getMember(o, 'kind', at) as string)
        : null;
  if (kind === null) throw new RuleError(`.${name}(): ${label(o)} is not a card`, at);
  return kind;
}

export function hasMethod(g: Engine, o: Value, name: string): boolean {
  return !!methodOf(g, o, name, '');
}

export function callPureMethod(g: Engine, o: Value, name: string, args: Value[], at: string): Value {
  const m = methodOf(g, o, name, at);
  return m ? runPureMethod(g, linkedMethod(g, m), name, args, at) : null; // none: the rules treat it as "not defined"
}

/** callPureMethod through a reference: each kind's method and its linked code are found once. */
export function callMethodRef(g: Engine, o: Value, ref: MethodRef, args: Value[], at: string): Value {
  const k = methodOfKind(g, o, ref, at);
  if (k === null) return null;
  if (k.direct !== null) return k.direct(g, args[0], args[1], args[2], args[3]);
  return runPureMethod(g, k, ref.name, args, at);
}

/** callMethodRef of n arguments as they are (compiled code): a method with a direct form runs without a list of
 *  them or a context. */
export function callMethodRefN(
  g: Engine,
  o: Value,
  ref: MethodRef,
  at: string,
  n: number,
  a?: Value,
  b?: Value,
  c?: Value,
  d?: Value,
): Value {
  const k = methodOfKind(g, o, ref, at);
  if (k === null) return null;
  if (k.direct !== null) return k.direct(g, a, b, c, d);
  const args = [a, b, c, d].slice(0, n) as Value[];
  return runPureMethod(g, k, ref.name, args, at);
}

/** The method of o's kind that ref names, linked on its first call for that kind; null when the kind has none. */
function methodOfKind(g: Engine, o: Value, ref: MethodRef, at: string): LinkedMethod | null {
  const kind = kindOf(g, o, ref.name, at);
  let k = ref.kinds.get(kind);
  if (k === undefined) {
    const m = g.program.cards[kind]?.methods[ref.name];
    ref.kinds.set(kind, (k = m ? linkedMethod(g, m) : null));
  }
  return k;
}

function linkedMethod(g: Engine, m: IMethod): LinkedMethod {
  const L = g.L.linker;
  return { m, ex: m.expr ? L.expr(m.expr) : null, run: m.expr ? null : runOf(g.L, m.body!), direct: L.fnDirect(m) };
}

function runPureMethod(g: Engine, k: LinkedMethod, name: string, args: Value[], at: string): Value {
  const c = g.ctx(null, k.m.slots);
  bindParams(g, k.m.params, args, c);
  if (k.ex !== null) return k.ex(c);
  const r = k.run!;
  if (r.y) throw new RuleError(`method ${name} asks players: call it as a statement`, at);
  return r.run(c) === RETURN ? c.ret : null;
}

export function* runMethod(g: Engine, o: Value, name: string, args: Value[], at: string): Asking<Value> {
  const m = methodOf(g, o, name, at);
  if (!m) return null;
  return yield* runMethodBody(g, m, args, null);
}

/** Run a method (of a card kind or the mode) with these arguments; gives what it returns. */
export function* runMethodBody(g: Engine, m: IMethod, args: Value[], you: PlayerObj | null): Asking<Value> {
  const c = g.ctx(you, m.slots);
  bindParams(g, m.params, args, c);
  if (m.expr) return g.L.linker.expr(m.expr)(c);
  const body = runOf(g.L, m.body!);
  const sig = g.answering !== null ? runBodySync(body, c) : body.y ? yield* body.gen(c) : body.run(c);
  return sig === RETURN ? c.ret : null;
}

/** Run a method of the current mode (rules hand control to the mode, e.g. after a death). */
export function* runModeMethod(g: Engine, name: string, args: Value[]): Asking<Value> {
  const m = g.program.modes[g.state.mode]?.methods[name];
  if (!m) return null;
  return yield* runMethodBody(g, m, args, null);
}

export function runAction(g: Engine, name: string, args: Value[], at: string): Asking<Value> {
  return runActionRef(g, g.L.linker.actionRef(name), args, at);
}

/** An action starts: its body's context, its parameters bound (compiled code then runs the body itself). */
export function actionStart(g: Engine, ref: ActionCallRef, args: Value[], at: string): Ctx {
  const d = ref.d ?? (ref.d = actionDesc(g, ref.name, at));
  const c = g.ctx(null, d.a.body.slots);
  bindParams(g, d.a.params, args, c);
  g.tick();
  return c;
}

function actionDesc(g: Engine, name: string, at: string): ActionDesc {
  const a = g.program.actions[name];
  if (!a) throw new RuleError(`no action ${name}`, at);
  return { a, body: runOf(g.L, a.body) };
}

export function* runActionRef(g: Engine, ref: ActionCallRef, args: Value[], at: string): Asking<Value> {
  const c = actionStart(g, ref, args, at);
  const body = ref.d!.body;
  const sig = g.answering !== null ? runBodySync(body, c) : body.y ? yield* body.gen(c) : body.run(c);
  return sig === RETURN ? c.ret : null;
}
