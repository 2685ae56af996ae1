// What compiled code (compiler/emit) receives from the engine: the operators the interpreter uses (ops.ts), the
// resolved references to rules functions and builtins, and the few loops the emitter does not spell out.
import type { IBody, IExpr } from '../ir.ts';
import { readsFrame, type Linker } from '../link.ts';
import { inList, isKind, minus, num, plus, plusAssign, truthy } from '../ops.ts';
import type { Builtins, Ctx, Ex, FnRef, Run, RulesHost } from '../types.ts';
export type { Backend } from '../types.ts';
import { RuleError, same, type Frame, type Value } from '../values.ts';

/** A compiled program: the module compiler/emit prints, as `import()` gives it. */
export interface CompiledModule {
  version: number;
  roots: { exprs: number; bodies: number };
  create(rt: Support): { E: Ex[]; R: Run[] };
}

export type Support = ReturnType<typeof support>;

/** What compiled code is bound to: one linked program (its variants chosen), its builtins and its windows. */
export interface LinkedFor {
  linker: Linker;
  builtins: Builtins;
  /** Whether any trigger (a player's skill or a table rule) listens to this timing window. */
  listens(window: string): boolean;
  /** The reader of `x.name` (members.ts memberReader, for the linked program's properties). */
  member(name: string): (g: RulesHost, o: Value, at: string) => Value;
}

export function support({ linker, builtins, listens, member }: LinkedFor) {
  return {
    /** `x.name`, its lookups by name made once (members.ts memberReader). */
    member,
    truthy,
    same,
    num,
    plus,
    minus,
    plusAssign,
    inList,
    isKind,
    RuleError,
    fnRef: (name: string): FnRef => linker.fnRef(name),
    /** A window no trigger listens to opens nothing: compiled code skips it (openWindow would find no trigger). */
    listens,
    /** A builtin by name; one the engine lacks fails where it is called (the compiler reports it first). */
    builtin(name: string, ask: boolean, at: string) {
      const fn = ask ? builtins.ask[name] : builtins.call[name];
      return (
        fn ??
        (() => {
          throw new RuleError(`unknown builtin ${name}`, at);
        })
      );
    },
    /** A read of the running event (`event`, an event parameter), for the cached call being computed. */
    readsFrame,
    fail(message: string, at: string): never {
      throw new RuleError(message, at);
    },
    /** `xs where cond`: the items for which cond holds, each bound to the slot while cond runs. */
    where(c: Ctx, list: Value, slot: number, cond: Ex, at: string): Value[] {
      const xs = c.g.asList(list, at);
      const out: Value[] = [];
      for (const x of xs) {
        c.vars[slot] = x;
        if (truthy(cond(c))) out.push(x);
      }
      return out;
    },
    /** Whether some item meets the condition, stopping at the first (`count(xs where c) > 0`). */
    some(c: Ctx, list: Value, slot: number, cond: Ex, at: string): boolean {
      const xs = c.g.asList(list, at);
      for (const x of xs) {
        c.vars[slot] = x;
        if (truthy(cond(c))) return true;
      }
      return false;
    },
    /** `stop`: the event is marked stopped; the body unwinds with the stop signal. */
    stop(c: Ctx, f: Value, at: string): number {
      if (!f || typeof f !== 'object' || (f as Frame).t !== 'e') throw new RuleError('stop needs an event', at);
      (f as Frame).stopped = true;
      c.g.touch('frame');
      return 4;
    },
    /** A function's own context (what the interpreter builds for a call it runs itself). */
    fnCtx(g: RulesHost, slots: number): Ctx {
      return {
        g,
        vars: new Array(slots).fill(null),
        you: null,
        frame: g.frame,
        subject: null,
        checkStop: false,
        ret: null,
      };
    },
  };
}
