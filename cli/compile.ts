// Compile the .sgs files under some paths and print what the compiler found, caret under the offending text. A
// package the given files import but do not contain is taken from the built-in rules (an expansion author's folder
// names `import standard` and is checked against the standard game without listing rules/ too).
import { existsSync, realpathSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  clearParseCache,
  compile,
  type CompileOptions,
  type CompileResult,
  type SourceInput,
} from '../compiler/index.ts';
import { renderDiagnostic } from '../compiler/diagnostics.ts';
import type { Program } from '../runtime/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { Exit, EXIT_FAILED, invalid } from './errors.ts';
import type { Io } from './io.ts';

export const DEFAULT_RULES = 'rules';
/** How a command that only plays games compiles the rules: without their scenarios, and without the warnings it would
 *  not show; once, as every command does (CompileOptions). */
export const FOR_GAMES: CompileOptions = { forGames: true, once: true };
/** The rules that come with the tool, wherever it is run from. */
export const BUILTIN_RULES = fileURLToPath(new URL('../rules/', import.meta.url));

export interface Compiled {
  sources: SourceInput[];
  /** How many of `sources` came from the given paths (the rest: built-in packages they import). */
  own: number;
  result: CompileResult;
  errors: number;
  warnings: number;
  ms: number;
}

const packagesOf = (texts: SourceInput[]) =>
  new Set(texts.flatMap((s) => [...s.text.matchAll(/^package\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!)));
const importsOf = (texts: SourceInput[]) =>
  new Set(texts.flatMap((s) => [...s.text.matchAll(/^import\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!)));

/** The built-in rules to add to `given` for the packages it imports and lacks (all of them: the built-in packages
 *  name each other's entities), or none. A package found nowhere is a usage error. */
function importedBuiltins(given: SourceInput[], roots: string[]): SourceInput[] {
  const declared = packagesOf(given);
  const missing = [...importsOf(given)].filter((p) => !declared.has(p));
  if (missing.length === 0 || !existsSync(BUILTIN_RULES)) return [];
  const real = (f: string) => {
    try {
      return realpathSync(f);
    } catch {
      return f;
    }
  };
  const givenFiles = new Set(given.map((s) => real(s.file)));
  const builtins = loadSources([BUILTIN_RULES]).filter((s) => !givenFiles.has(real(s.file)));
  const known = packagesOf(builtins);
  const unknown = missing.filter((p) => !known.has(p));
  if (unknown.length)
    throw invalid(
      `${roots.join(', ')} import${roots.length === 1 ? 's' : ''} ${unknown.map((p) => `'${p}'`).join(', ')}: no such package in the given files or the built-in rules (${[...known].sort().join(', ')})`,
    );
  return builtins;
}

export function compilePaths(paths: string[], options: CompileOptions = {}): Compiled {
  const roots = paths.length ? paths : [DEFAULT_RULES];
  for (const p of roots) {
    try {
      statSync(p);
    } catch (e) {
      // Any other cause (a folder the user may not read…) is said by main (cli/file-errors.ts).
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw invalid(`no such file or folder: ${p}`);
      throw e;
    }
  }
  const given = loadSources(roots);
  if (given.length === 0) throw invalid(`no .sgs files under ${roots.join(', ')}`);
  const sources = [...given, ...importedBuiltins(given, roots)];
  const t0 = performance.now();
  // A command compiles once: nothing re-checks after it (CompileOptions.once).
  const result = compile(sources, { once: true, ...options });
  const ms = performance.now() - t0;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return { sources, own: given.length, result, errors, warnings: result.diagnostics.length - errors, ms };
}

/** Compile the rules at these paths and load their compiled code (compiler/node/compiled.ts): games of the
 *  program a later compilePaths of the same sources gives run it. Nothing happens when they do not compile. */
export async function loadCompiledRules(paths: string[], options: CompileOptions = {}): Promise<void> {
  const c = compilePaths(paths, options);
  if (c.result.program && c.errors === 0) await loadCompiled(c.result.program);
}

/** The files that came from the given paths. */
export function ownFiles(c: Compiled): Set<string> {
  return new Set(c.sources.slice(0, c.own).map((s) => s.file));
}

/** Every diagnostic, rendered with its source line and a caret, one blank line apart. */
export function printDiagnostics(c: Compiled, io: Io): void {
  const text = new Map(c.sources.map((s) => [s.file, s.text]));
  for (const d of c.result.diagnostics) io.err(renderDiagnostic(d, text.get(d.span.file)) + '\n');
}

export function summary(c: Compiled): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  const more = c.sources.length - c.own;
  const with_ = more ? ` (with ${n(more, 'built-in file')} of the packages they import)` : '';
  return `${n(c.own, 'file')} checked${with_}: ${n(c.errors, 'error')}, ${n(c.warnings, 'warning')} (${c.ms.toFixed(0)} ms)`;
}

/** The compiled rules with their program, or (after printing the diagnostics) an exit with code 1. */
export function requireCompiled(
  paths: string[],
  io: Io,
  options: CompileOptions = {},
): Compiled & { program: Program } {
  const c = compilePaths(paths, options);
  if (c.result.program && c.errors === 0) return { ...c, program: c.result.program };
  printDiagnostics(c, io);
  io.err(summary(c));
  throw new Exit(EXIT_FAILED);
}

/** The compiled program, or (after printing the diagnostics) an exit with code 1. */
export function requireProgram(paths: string[], io: Io, options: CompileOptions = {}): Program {
  return requireCompiled(paths, io, options).program;
}

/** The compiled program for a command that then only plays games (FOR_GAMES): the compiler's caches (every file's
 *  parse and the last result) are dropped, as nothing will be compiled again in this process. */
export function requireProgramOnly(paths: string[], io: Io): Program {
  const program = requireProgram(paths, io, FOR_GAMES);
  clearParseCache();
  return program;
}
