// Compiled code in the browser: the module compiler/emit prints for a program, loaded from a Blob URL (a module
// import, allowed by `script-src blob:`; never eval or new Function, so no 'unsafe-eval') and attached to the
// program, whose games then run it. The site's counterpart of compiler/node/compiled.ts.
import { emitModule } from '../../../compiler/emit/emit.ts';
import { attachCompiled, compiledOf, type CompiledModule, type Program } from '../../../runtime/index.ts';

/** Compile the program to a module, import it and attach it to the program and to each of `alike` (programs that
 *  differ from it only in data the code does not hold, such as which generals are offered). */
export async function loadCompiled(program: Program, ...alike: Program[]): Promise<void> {
  const had = compiledOf(program);
  if (had) {
    for (const p of alike) attachCompiled(p, had);
    return;
  }
  const url = URL.createObjectURL(new Blob([emitModule(program)], { type: 'text/javascript' }));
  try {
    const mod = (await import(/* @vite-ignore */ url)) as CompiledModule;
    for (const p of [program, ...alike]) attachCompiled(p, mod);
  } finally {
    URL.revokeObjectURL(url);
  }
}
