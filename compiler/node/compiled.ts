// Compiled code on disk: the module compiler/emit prints for a program is written once under the system's temp
// folder, named by the hash of its text, and imported from there (a file, never eval). Workers import the same
// file by its path.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { attachCompiled } from '../../runtime/aot/bind.ts';
import type { CompiledModule } from '../../runtime/aot/support.ts';
import type { Program } from '../../runtime/ir.ts';
import { emitModule } from '../emit/emit.ts';

/** Where compiled modules are kept (one file per distinct output). */
export const COMPILED_DIR = join(tmpdir(), `sgs-compiled-${process.getuid?.() ?? 'user'}`);

// Every edit of the rules makes a new module (about 1 MB for rules/): one not used for this long is removed when a
// new one is written. A module in use is marked as used each time it is found again, so a run that imports it (a
// worker, later) never finds it gone.
export const UNUSED_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Write the program's compiled module (if that exact text is not there yet); gives its path. */
export function writeCompiled(program: Program, dir: string = COMPILED_DIR): string {
  const text = emitModule(program);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 20);
  const file = join(dir, `${hash}.mjs`);
  if (existsSync(file)) {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // A folder shared read-only: the module is used as it is.
    }
    return file;
  }
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a parallel run reading the file never sees half of it.
  const part = `${file}.${process.pid}.${Math.floor(performance.now())}.part`;
  writeFileSync(part, text);
  renameSync(part, file);
  removeUnused(dir, Date.now() - UNUSED_DAYS * DAY_MS);
  return file;
}

/** Remove the modules (and pieces of ones a crashed run left) last used before `before` (a time in ms). */
function removeUnused(dir: string, before: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.endsWith('.mjs') && !name.endsWith('.part')) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < before) rmSync(path, { force: true });
    } catch {
      // Removed by another run meanwhile, or not ours to remove: left alone.
    }
  }
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
