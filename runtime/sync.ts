// The synchronous path (Game.play). When the host answers every decision the moment it is asked (simulation, the
// AI, the benchmarks), nothing has to wait for an answer: decisions.ts `decide` takes it from the host instead of
// suspending, compiled bodies that may ask run in their synchronous form (compiler/emit writes one beside each
// generator), and a generator of the engine's runs to its end in one step. Generators are what lets a game wait for
// a person; a game that never waits pays for none of them in rule code.
import type { Asking, Ctx, Run, Sig } from './types.ts';

/** A generator of the engine's run to its end: in a synchronous run no decision suspends it. */
export function runSync<T>(it: Asking<T>): T {
  const r = it.next();
  if (r.done !== true) throw new Error('a decision waited for an answer in a synchronous run');
  return r.value;
}

/** A body run synchronously: its synchronous form where it has one (compiled code), else its generator run to its
 *  end, or the plain function of a body that cannot ask. */
export function runBodySync(b: Run, c: Ctx): Sig {
  if (!b.y) return b.run(c);
  return b.sync !== undefined ? b.sync(c) : runSync(b.gen(c));
}
