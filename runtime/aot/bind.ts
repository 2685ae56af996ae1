// Compiled code meets the engine: a program carries the module compiled from it (attachCompiled), and a linked
// program binds the module's functions to its IR nodes by walking the roots in the emitter's order (roots.ts).
import type { Program } from '../ir.ts';
import { forEachRoot } from './roots.ts';
import { support, type Backend, type CompiledModule, type LinkedFor } from './support.ts';

/** The output version this engine reads (compiler/emit EMIT_VERSION). */
export const COMPILED_VERSION = 20;

const attached = new WeakMap<Program, CompiledModule>();

/** Give a program its compiled code: games of this program object run it (GameOptions.engine). */
export function attachCompiled(program: Program, mod: CompiledModule): void {
  if (mod.version !== COMPILED_VERSION)
    throw new Error(`compiled code of version ${mod.version}; this engine reads version ${COMPILED_VERSION}`);
  attached.set(program, mod);
}

export function compiledOf(program: Program): CompiledModule | undefined {
  return attached.get(program);
}

/** The module's functions for each root of `program` (the program it was compiled from, or a copy of it). */
export function bindCompiled(mod: CompiledModule, program: Program, linked: LinkedFor): Backend {
  const { E, R, D, X, XB } = mod.create(support(linked));
  const b: Backend = { exprs: new WeakMap(), bodies: new WeakMap(), makers: new Map(), direct: new WeakMap() };
  for (const [names, make] of D) b.makers.set(JSON.stringify(names), make);
  let i = 0;
  let j = 0;
  forEachRoot(program, {
    expr: (e) => {
      if (!b.exprs.has(e) && E[i]) {
        b.exprs.set(e, E[i]!);
        const d = X[i];
        if (d) b.direct.set(e, d);
      }
      i++;
    },
    body: (x) => {
      if (!b.bodies.has(x) && R[j]) {
        b.bodies.set(x, R[j]!);
        const d = XB[j];
        if (d) b.direct.set(x, d);
      }
      j++;
    },
  });
  if (
    i !== E.length ||
    j !== R.length ||
    X.length !== E.length ||
    XB.length !== R.length ||
    i !== mod.roots.exprs ||
    j !== mod.roots.bodies
  )
    throw new Error('this compiled code was built from another program');
  return b;
}
