// Compiled code on disk: the module compiler/emit prints for a program is written once under the system's temp
// folder, named by the hash of its text, and imported from there (a file, never eval). Workers import the same
// file by its path.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { attachCompiled } from '../../runtime/aot/bind.ts';
import type { CompiledModule } from '../../runtime/aot/support.ts';
import type { Program } from '../../runtime/ir.ts';
import { emitModule } from '../emit/emit.ts';

/** Where compiled modules are kept (one file per distinct output). */
export const COMPILED_DIR = join(tmpdir(), `sgs-compiled-${process.getuid?.() ?? 'user'}`);

/** Write the program's compiled module (if that exact text is not there yet); gives its path. */
export function writeCompiled(program: Program): string {
  const text = emitModule(program);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 20);
  const file = join(COMPILED_DIR, `${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(COMPILED_DIR, { recursive: true });
    // Written aside and renamed: a parallel run reading the file never sees half of it.
    const part = `${file}.${process.pid}.${Math.floor(performance.now())}.part`;
    writeFileSync(part, text);
    renameSync(part, file);
  }
  return file;
}

const files = new WeakMap<Program, string>();

/** The file of the compiled code attached to this program by this module, if any (a worker imports it). */
export function compiledFile(program: Program): string | undefined {
  return files.get(program);
}

/** Import a compiled module written by writeCompiled and attach it to the program (a copy of the one it came from). */
export async function importCompiled(program: Program, file: string): Promise<CompiledModule> {
  const mod = (await import(pathToFileURL(file).href)) as CompiledModule;
  attachCompiled(program, mod);
  files.set(program, file);
  return mod;
}

/** Compile the program to a module, import it and attach it: its games run compiled code from now on. */
export async function loadCompiled(program: Program): Promise<string> {
  const file = writeCompiled(program);
  await importCompiled(program, file);
  return file;
}
