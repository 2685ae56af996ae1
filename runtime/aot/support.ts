import { readsFrame, type Linker } from '../link.ts';
import {
  fnCtx,
  inList,
  isKind,
  minus,
  num,
  plus,
  plusAssign,
  someItem,
  stopEvent,
  truthy,
  whereItems,
} from '../ops.ts';
import type { Builtins, Ctx, DirectFn, ObjectMaker, Ex, FnRef, Run, RulesHost, WindowRef } from '../types.ts';
export type { Backend } from '../types.ts';
import { RuleError, same, type Value } from '../values.ts';
import { runBodySync, runSync } from '../sync.ts';

/** A compiled program: the module compiler/emit prints, as `import()` gives it. */
export interface CompiledModule {
  version: number;
  roots: { exprs: number; bodies: number };
  create(rt: Support): {
    E: Ex[];
    R: Run[];
    D: [string[], ObjectMaker][];
    /** Per expression root and per body root, the direct form of the function it is the value or body of. */
    X: (DirectFn | 0)[];
    XB: (DirectFn | 0)[];
  };
}

export type Support = ReturnType<typeof support>;

/** What compiled code is bound to: one linked program (its variants chosen), its builtins and its windows. */
export interface LinkedFor {
  linker: Linker;
  builtins: Builtins;
  /** The timing window, when any trigger (a player's skill or a table rule) listens to it; else null. */
  window(name: string): WindowRef | null;
  /** The reader of `x.name` (members.ts memberReader, for the linked program's properties). */
  member(name: string): (g: RulesHost, o: Value, at: string) => Value;
  /** Whether the linked program declares `name` as a player property. */
  property(name: string): boolean;
}

export function support({ linker, builtins, window, member, property }: LinkedFor) {
  return {
    /** `x.name`, its lookups by name made once (members.ts memberReader). */
    member,
    property,
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
    hookRef: (name: string) => linker.hookRef(name),
    methodRef: (name: string) => linker.methodRef(name),
    eventRef: (name: string) => linker.eventRef(name),
    actionRef: (name: string) => linker.actionRef(name),
    /** A window no trigger listens to (null) opens nothing: compiled code skips it; it opens the others by their
     *  reference (windows.ts windowAt), without looking them up by name. */
    window,
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
    /** A pure builtin by name, taking its arguments as they are (Builtins.positional). */
    builtinN(name: string, at: string) {
      return (
        builtins.positional[name] ??
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
    where: whereItems,
    some: someItem,
    stop: (c: Ctx, f: Value, at: string) => stopEvent(c.g, f, at),
    fnCtx,
    runSync,
    runBody: runBodySync,
  };
}
