// Linking turns IR trees into JavaScript closures once per program (no eval: every closure is one of the fixed
// shapes below). Expressions become `(ctx) => value`; statements that may suspend (decisions, timing windows,
// events) become generators, the rest plain functions, so straight-line rule code runs without generator cost.
import type { IAction, IBody, IExpr, IFunction, IMethod, IStmt, ITarget, Program } from './ir.ts';
import { RuleError, same, type Value, type ZoneRef } from './values.ts';
import type {
  ActionCallRef,
  Asking,
  Backend,
  Builtins,
  Ctx,
  DirectFn,
  EventRef,
  Ex,
  FnRef,
  HookRef,
  MethodRef,
  Run,
  Sig,
} from './types.ts';
import {
  fnCtx,
  inList,
  isKind,
  minus,
  num,
  plus,
  plusAssign,
  someItem,
  someTestOf,
  stopEvent,
  truthy,
  whereItems,
} from './ops.ts';

export type { Ctx, Ex, FnRef } from './types.ts';
export { truthy } from './ops.ts';
export type { Backend, Gen, Run, Sig } from './types.ts';
export const NORMAL = 0,
  BREAK = 1,
  CONTINUE = 2,
  RETURN = 3,
  STOP = 4;
export type ActionRunner = (c: Ctx) => Asking<Value>;

export class Linker {
  private exprCache = new WeakMap<object, Ex>();
  private fnRefs = new Map<string, FnRef>();
  /** Compiled code for the program's roots (aot/bind.ts): used instead of closures where it has a function. */
  private compiled: Backend | null = null;
  constructor(
    private program: Program,
    private builtins: Builtins,
    /** Link for the reference interpreter: the closures as they were before any resolved path (GameOptions). */
    private reference = false,
  ) {}

  /** Run compiled code for every root it covers (GameOptions.engine 'compiled'). */
  useCompiled(b: Backend): void {
    this.compiled = b;
  }

  /** The reference to an event or action, one per name (resolved on its first run: windows.ts, hooks.ts). */
  eventRef(name: string): EventRef {
    let r = this.eventRefs.get(name);
    if (!r) this.eventRefs.set(name, (r = { name, d: null }));
    return r;
  }
  actionRef(name: string): ActionCallRef {
    let r = this.actionRefs.get(name);
    if (!r) this.actionRefs.set(name, (r = { name, d: null }));
    return r;
  }

  /** The reference to a hook, one per name. */
  hookRef(name: string): HookRef {
    let r = this.hookRefs.get(name);
    if (!r) this.hookRefs.set(name, (r = { name, no: this.refNo++, d: null }));
    return r;
  }

  /** The reference to a card method, one per name. */
  methodRef(name: string): MethodRef {
    let r = this.methodRefs.get(name);
    if (!r) this.methodRefs.set(name, (r = { name, kinds: new Map() }));
    return r;
  }

  private readonly eventRefs = new Map<string, EventRef>();
  private readonly actionRefs = new Map<string, ActionCallRef>();
  private readonly hookRefs = new Map<string, HookRef>();
  private readonly methodRefs = new Map<string, MethodRef>();
  /** Function and hook references are numbered together (a game's cache keeps a table per number). */
  private refNo = 0;

  /** The resolved reference to a rules function, one per name. */
  fnRef(name: string): FnRef {
    let r = this.fnRefs.get(name);
    if (!r) {
      const f = this.program.functions[name];
      r = { name, no: this.refNo++, f, memo: !!f && memoised(this.program, name), run: undefined, direct: undefined };
      this.fnRefs.set(name, r);
    }
    return r;
  }

  /** The closure that runs a function's body once its parameters are bound (hooks.ts binds them); null when the
   *  body may ask (the compiler forbids it; the call reports it where it stands). */
  fnRunner(f: IFunction): Ex | null {
    if (f.expr) return this.expr(f.expr);
    const r = this.body(f.body!);
    if (r.y) return null;
    const run = r.run;
    return (c) => (run(c) === RETURN ? c.ret : null);
  }

  /** The compiled code of a function or method that takes its arguments as they are (Backend.direct), if it has
   *  one. */
  fnDirect(f: IFunction | IMethod): DirectFn | null {
    const root = f.expr ?? f.body;
    return (root && this.compiled?.direct.get(root)) || null;
  }

  expr(e: IExpr): Ex {
    let f = this.compiled?.exprs.get(e) ?? this.exprCache.get(e);
    if (!f) {
      f = this.expr_(e);
      this.exprCache.set(e, f);
    }
    return f;
  }

  private expr_(e: IExpr): Ex {
    switch (e.k) {
      case 'lit': {
        const v = e.v;
        return () => v;
      }
      case 'default':
        return () => undefined as unknown as Value;
      case 'local': {
        const i = e.i;
        return (c) => c.vars[i] as Value;
      }
      case 'global': {
        const n = e.name;
        return (c) => c.g.getGlobal(n);
      }
      case 'param': {
        const n = e.name;
        return (c) => {
          readsFrame(c);
          const v = c.frame?.data[n];
          return v === undefined ? null : v;
        };
      }
      case 'option': {
        const n = e.name;
        return (c) => c.g.option(n);
      }
      case 'zone': {
        const z = e.zone;
        if (!e.owner) return (c) => c.g.zoneRef(z, null);
        const o = this.expr(e.owner);
        return (c) => c.g.zoneRef(z, c.g.asPlayer(o(c), `zone ${z}`));
      }
      case 'you':
        return (c) => c.you;
      case 'event':
        return (c) => {
          readsFrame(c);
          return c.frame;
        };
      case 'subject':
        return (c) => c.subject;
      case 'member': {
        const o = this.expr(e.o);
        const n = e.name;
        const at = e.at;
        return (c) => c.g.getMember(o(c), n, at);
      }
      case 'call': {
        const fn = this.builtins.call[e.fn];
        if (!fn) throw new RuleError(`unknown builtin ${e.fn}`, e.at);
        const args = e.args.map((a) => this.expr(a));
        const at = e.at;
        if (args.length === 1) {
          const a0 = args[0]!;
          return (c) => fn(c.g, [a0(c)], at);
        }
        return (c) =>
          fn(
            c.g,
            args.map((a) => a(c)),
            at,
          );
      }
      case 'fn': {
        const args = e.args.map((a) => this.expr(a));
        const at = e.at;
        if (this.reference) {
          const n = e.name;
          return (c) =>
            c.g.callFunction(
              n,
              args.map((a) => a(c)),
              at,
            );
        }
        const ref = this.fnRef(e.name);
        if (args.length === 1) {
          const a0 = args[0]!;
          return (c) => c.g.callRef(ref, [a0(c)], at);
        }
        if (args.length === 2) {
          const a0 = args[0]!,
            a1 = args[1]!;
          return (c) => c.g.callRef(ref, [a0(c), a1(c)], at);
        }
        return (c) =>
          c.g.callRef(
            ref,
            args.map((a) => a(c)),
            at,
          );
      }
      case 'hook': {
        const args = e.args.map((a) => this.expr(a));
        const n = e.name;
        if (!this.reference) {
          const ref = this.hookRef(n);
          return (c) =>
            c.g.evalHookRef(
              ref,
              args.map((a) => a(c)),
            );
        }
        return (c) =>
          c.g.evalHook(
            n,
            args.map((a) => a(c)),
          );
      }
      case 'method': {
        const o = this.expr(e.o);
        const args = e.args.map((a) => this.expr(a));
        const n = e.name;
        const at = e.at;
        if (!this.reference) {
          const ref = this.methodRef(n);
          return (c) =>
            c.g.callMethodRef(
              o(c),
              ref,
              args.map((a) => a(c)),
              at,
            );
        }
        return (c) =>
          c.g.callPureMethod(
            o(c),
            n,
            args.map((a) => a(c)),
            at,
          );
      }
      case 'un': {
        const x = this.expr(e.e);
        if (e.op === 'not') return (c) => !truthy(x(c));
        return (c) => -(x(c) as number);
      }
      case 'and': {
        const l = this.expr(e.l),
          r = this.expr(e.r);
        return (c) => truthy(l(c)) && truthy(r(c));
      }
      case 'or': {
        const l = this.expr(e.l),
          r = this.expr(e.r);
        return (c) => truthy(l(c)) || truthy(r(c));
      }
      case 'bin': {
        const some = this.reference ? null : this.someTest(e);
        return some ?? this.binary(e.op, this.expr(e.l), this.expr(e.r), e.at);
      }
      case 'list': {
        const items = e.items.map((a) => this.expr(a));
        return (c) => items.map((i) => i(c));
      }
      case 'cardlit': {
        const { kind, suit, rank, at } = e;
        return (c) => c.g.findCard(kind, suit, rank, at);
      }
      case 'where': {
        const list = this.expr(e.list);
        const cond = this.expr(e.cond);
        const slot = e.slot;
        const at = e.at;
        return (c) => whereItems(c, list(c), slot, cond, at);
      }
    }
  }

  /** `count(xs where c) > 0` and its kin (ops.ts someTestOf) as a test that stops at the first hit. */
  private someTest(e: Extract<IExpr, { k: 'bin' }>): Ex | null {
    const t = someTestOf(e, this.program.functions);
    if (!t) return null;
    const want = t.want;
    if ('zone' in t) {
      const z = this.expr(t.zone);
      return (c) => c.g.zoneFilled(z(c) as ZoneRef) === want;
    }
    const list = this.expr(t.where.list);
    const cond = this.expr(t.where.cond);
    const { slot, at } = t.where;
    if (!('fn' in t))
      return want ? (c) => someItem(c, list(c), slot, cond, at) : (c) => !someItem(c, list(c), slot, cond, at);
    // The function's own context, its parameters bound as a call binds them (hooks.ts bindParams).
    const args = t.args.map((a) => this.expr(a));
    const defaults = t.fn.params.map((p) => (p.default ? this.expr(p.default) : null));
    const slots = t.fn.slots;
    return (c) => {
      const fc = fnCtx(c.g, slots);
      for (let i = 0; i < defaults.length; i++) {
        const v = i < args.length ? args[i]!(c) : undefined;
        fc.vars[i] = v === undefined ? (defaults[i] ? defaults[i]!(fc) : null) : v;
      }
      return someItem(fc, list(fc), slot, cond, at) === want;
    };
  }

  private binary(op: string, l: Ex, r: Ex, at: string): Ex {
    switch (op) {
      case '==':
        return (c) => same(l(c), r(c));
      case '!=':
        return (c) => !same(l(c), r(c));
      case '<':
        return (c) => num(l(c), at) < num(r(c), at);
      case '<=':
        return (c) => num(l(c), at) <= num(r(c), at);
      case '>':
        return (c) => num(l(c), at) > num(r(c), at);
      case '>=':
        return (c) => num(l(c), at) >= num(r(c), at);
      case '+':
        return (c) => plus(l(c), r(c), at);
      case '-':
        return (c) => minus(l(c), r(c), at);
      case '*':
        return (c) => num(l(c), at) * num(r(c), at);
      case '/':
        return (c) => Math.trunc(num(l(c), at) / (num(r(c), at) || 1));
      case '%':
        return (c) => num(l(c), at) % (num(r(c), at) || 1);
      case 'in':
        return (c) => inList(c.g, l(c), r(c), at);
      case 'is':
        return (c) => isKind(c.g, l(c), r(c), at);
    }
    throw new RuleError(`unknown operator ${op}`, at);
  }

  body(b: IBody): Run {
    return this.compiled?.bodies.get(b) ?? this.block(b.stmts);
  }

  block(stmts: IStmt[]): Run {
    const runs = stmts.map((s) => this.stmt(s));
    if (runs.every((r) => !r.y)) {
      const fs = runs.map((r) => (r as { run: (c: Ctx) => Sig }).run);
      if (fs.length === 1) return { y: false, run: fs[0]! };
      return {
        y: false,
        run: (c) => {
          for (let i = 0; i < fs.length; i++) {
            const s = fs[i]!(c);
            if (s !== NORMAL) return s;
          }
          return NORMAL;
        },
      };
    }
    return {
      y: true,
      gen: function* (c) {
        for (let i = 0; i < runs.length; i++) {
          const r = runs[i]!;
          const s = r.y ? yield* r.gen(c) : r.run(c);
          if (s !== NORMAL) return s;
          if (r.y && c.checkStop && c.frame!.stopped) return STOP;
        }
        return NORMAL;
      },
    };
  }

  private assigner(t: ITarget, op: '=' | '+=' | '-=', at: string): (c: Ctx, v: Value) => void {
    const combine =
      op === '='
        ? (_old: Value, v: Value) => v
        : op === '+='
          ? (old: Value, v: Value) => plusAssign(old, v, at)
          : (old: Value, v: Value) => num(old, at) - num(v, at);
    switch (t.k) {
      case 'local': {
        const i = t.i;
        return (c, v) => {
          c.vars[i] = combine(c.vars[i] as Value, v);
        };
      }
      case 'global': {
        const n = t.name;
        return (c, v) => c.g.setGlobal(n, combine(c.g.getGlobal(n), v));
      }
      case 'param': {
        const n = t.name;
        return (c, v) => {
          const f = c.frame!;
          c.g.touch('frame');
          f.data[n] = combine(f.data[n] ?? null, v);
        };
      }
      case 'member': {
        const o = this.expr(t.o);
        const n = t.name;
        return (c, v) => {
          const obj = o(c);
          c.g.setMember(obj, n, op === '=' ? v : combine(c.g.getMember(obj, n, at), v), at);
        };
      }
    }
  }

  action(a: IAction): ActionRunner {
    const args = a.args.map((x) => this.expr(x));
    const at = a.at;
    switch (a.k) {
      case 'event': {
        const n = a.name;
        if (!this.reference) {
          const ref = this.eventRef(n);
          return (c) =>
            c.g.runEventRef(
              ref,
              args.map((x) => x(c)),
              at,
            );
        }
        return (c) =>
          c.g.runEvent(
            n,
            args.map((x) => x(c)),
            at,
          );
      }
      case 'action': {
        const n = a.name;
        if (!this.reference) {
          const ref = this.actionRef(n);
          return (c) =>
            c.g.runActionRef(
              ref,
              args.map((x) => x(c)),
              at,
            );
        }
        return (c) =>
          c.g.runAction(
            n,
            args.map((x) => x(c)),
            at,
          );
      }
      case 'methodCall': {
        const o = this.expr(a.o);
        const n = a.name;
        return (c) =>
          c.g.runMethod(
            o(c),
            n,
            args.map((x) => x(c)),
            at,
          );
      }
      case 'ask': {
        const fn = this.builtins.ask[a.fn];
        if (!fn) throw new RuleError(`unknown builtin ${a.fn}`, at);
        return (c) =>
          fn(
            c.g,
            args.map((x) => x(c)),
            at,
          );
      }
    }
  }

  stmt(s: IStmt): Run {
    switch (s.k) {
      case 'let': {
        const e = this.expr(s.e),
          i = s.i;
        return {
          y: false,
          run: (c) => {
            c.vars[i] = e(c);
            return NORMAL;
          },
        };
      }
      case 'set': {
        const e = this.expr(s.e);
        const set = this.assigner(s.target, s.op, s.at);
        return {
          y: false,
          run: (c) => {
            set(c, e(c));
            return NORMAL;
          },
        };
      }
      case 'expr': {
        const e = this.expr(s.e);
        return {
          y: false,
          run: (c) => {
            e(c);
            return NORMAL;
          },
        };
      }
      case 'do': {
        const run = this.action(s.a);
        const into = s.into ? this.assigner(s.into, '=', s.a.at) : null;
        return {
          y: true,
          gen: function* (c) {
            const v = yield* run(c);
            if (into) into(c, v);
            return NORMAL;
          },
        };
      }
      case 'if': {
        const cond = this.expr(s.c);
        const th = this.block(s.then);
        const el = s.else ? this.block(s.else) : null;
        if (!th.y && !el?.y) {
          const t = th.run,
            e = el ? (el as { run: (c: Ctx) => Sig }).run : null;
          return { y: false, run: (c) => (truthy(cond(c)) ? t(c) : e ? e(c) : NORMAL) };
        }
        return {
          y: true,
          gen: function* (c) {
            if (truthy(cond(c))) return th.y ? yield* th.gen(c) : th.run(c);
            if (el) return el.y ? yield* el.gen(c) : el.run(c);
            return NORMAL;
          },
        };
      }
      case 'for': {
        const iter = this.expr(s.e);
        const body = this.block(s.body);
        const i = s.i,
          at = s.at;
        if (!body.y) {
          const run = body.run;
          return {
            y: false,
            run: (c) => {
              const xs = c.g.asList(iter(c), at).slice();
              for (const x of xs) {
                c.vars[i] = x;
                c.g.tick();
                const sig = run(c);
                if (sig === BREAK) break;
                if (sig === RETURN || sig === STOP) return sig;
              }
              return NORMAL;
            },
          };
        }
        const gen = body.gen;
        return {
          y: true,
          gen: function* (c) {
            const xs = c.g.asList(iter(c), at).slice();
            for (const x of xs) {
              c.vars[i] = x;
              c.g.tick();
              const sig = yield* gen(c);
              if (sig === BREAK) break;
              if (sig === RETURN || sig === STOP) return sig;
              if (c.checkStop && c.frame!.stopped) return STOP;
            }
            return NORMAL;
          },
        };
      }
      case 'while':
      case 'repeat': {
        const cond = s.k === 'while' ? this.expr(s.c) : null;
        const count = s.k === 'repeat' && s.n ? this.expr(s.n) : null;
        const body = this.block(s.body);
        return {
          y: true,
          gen: function* (c) {
            const n = count ? (count(c) as number) : Infinity;
            for (let k = 0; k < n; k++) {
              if (cond && !truthy(cond(c))) break;
              c.g.tick();
              const sig = body.y ? yield* body.gen(c) : body.run(c);
              if (sig === BREAK) break;
              if (sig === RETURN || sig === STOP) return sig;
              if (c.checkStop && c.frame!.stopped) return STOP;
            }
            return NORMAL;
          },
        };
      }
      case 'return': {
        if (s.a) {
          const run = this.action(s.a);
          return {
            y: true,
            gen: function* (c) {
              c.ret = yield* run(c);
              return RETURN;
            },
          };
        }
        const e = s.e ? this.expr(s.e) : null;
        return {
          y: false,
          run: (c) => {
            c.ret = e ? e(c) : null;
            return RETURN;
          },
        };
      }
      case 'break':
        return { y: false, run: () => BREAK };
      case 'continue':
        return { y: false, run: () => CONTINUE };
      case 'stop': {
        const e = s.e ? this.expr(s.e) : null;
        const at = s.at;
        return { y: false, run: (c) => stopEvent(c.g, e ? e(c) : c.frame, at) };
      }
      case 'timing': {
        const subj = this.expr(s.subject);
        const name = s.name;
        const at = s.at;
        return {
          y: true,
          gen: function* (c) {
            const who = subj(c);
            if (who === null) return NORMAL;
            // The compiler allows `timing` only where an event runs; a card method called outside one lands here.
            if (!c.frame) throw new RuleError(`timing ${name} outside any event: a window belongs to an event`, at);
            yield* c.g.openWindow(name, c.g.asPlayer(who, `timing ${name}`), c.frame);
            return NORMAL;
          },
        };
      }
    }
  }
}

/** Whether a function's calls are cached. A call is worth keeping when computing it again costs more than
 *  checking what it read: when it makes at least two cached calls (a hook's, or a cached function's), a card
 *  method's call (methods are not cached, and may do anything), or a cached call in a loop (`where`, `for`, `while`,
 *  `repeat`). A function that calls only builtins and leaves is a leaf; one that makes a single cached call besides
 *  (`slashLimit(p) = 1 + extraSlashes(p)`) is thin: both run again each time, their reads counting for the cached
 *  call around them, and a thin function's one call is kept on its own. A function called again from its own calls
 *  is cached. Known once per program and function (the IR is plain JSON: walked). */
export function memoised(program: Program, name: string): boolean {
  let known = MEMOISED.get(program);
  if (known === undefined) MEMOISED.set(program, (known = new Map()));
  return weightIn(program, name, new Set(), known) >= CACHED_CALLS;
}
const MEMOISED = new WeakMap<Program, Map<string, number>>();

/** How many cached calls make a function's own calls worth caching (memoised). */
const CACHED_CALLS = 2;

/** The cached calls one call of the function makes (those of the leaves and thin functions it calls included);
 *  CACHED_CALLS or more when it is cached itself. */
function weightIn(program: Program, name: string, path: Set<string>, known: Map<string, number>): number {
  const k = known.get(name);
  if (k !== undefined) return k;
  const f = program.functions[name];
  // Unknown (the call fails where it stands), or called again from its own calls: through the engine.
  if (!f || path.has(name)) return CACHED_CALLS;
  path.add(name);
  let weight = 0;
  const walk = (t: unknown, looped: boolean): void => {
    if (weight >= CACHED_CALLS || !t || typeof t !== 'object') return;
    if (Array.isArray(t)) {
      for (const x of t) walk(x, looped);
      return;
    }
    const node = t as { k?: unknown; name?: string };
    const before = weight;
    if (node.k === 'method') weight = CACHED_CALLS;
    else if (node.k === 'hook') weight += 1;
    else if (node.k === 'fn') {
      const w = weightIn(program, node.name!, path, known);
      weight += w >= CACHED_CALLS ? 1 : w;
    }
    const loop = looped || node.k === 'where' || node.k === 'for' || node.k === 'while' || node.k === 'repeat';
    for (const v of Object.values(t)) walk(v, loop);
    if (looped && weight > before) weight = CACHED_CALLS;
  };
  walk(f.expr ?? f.body, false);
  path.delete(name);
  const w = Math.min(weight, CACHED_CALLS);
  known.set(name, w);
  return w;
}

/** A read of the running event, for the cached call being computed (reads.ts). Compiled code calls it too. */
export function readsFrame(c: Ctx): void {
  const r = c.g.reads;
  if (r !== null && r.rec !== null) r.frame(c.frame);
}
