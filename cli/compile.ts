// Compile the .sgs files under some paths and print what the compiler found, caret under the offending text.
import { existsSync } from 'node:fs';
import { compile, type CompileResult, type SourceInput } from '../compiler/index.ts';
import { renderDiagnostic } from '../compiler/diagnostics.ts';
import type { Program } from '../runtime/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { Exit, EXIT_FAILED, invalid } from './errors.ts';
import type { Io } from './io.ts';

export const DEFAULT_RULES = 'rules';

export interface Compiled {
  sources: SourceInput[];
  result: CompileResult;
  errors: number;
  warnings: number;
  ms: number;
}

export function compilePaths(paths: string[]): Compiled {
  const roots = paths.length ? paths : [DEFAULT_RULES];
  for (const p of roots) if (!existsSync(p)) throw invalid(`no such file or folder: ${p}`);
  const sources = loadSources(roots);
  if (sources.length === 0) throw invalid(`no .sgs files under ${roots.join(', ')}`);
  const t0 = performance.now();
  const result = compile(sources);
  const ms = performance.now() - t0;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return { sources, result, errors, warnings: result.diagnostics.length - errors, ms };
}

/** Every diagnostic, rendered with its source line and a caret, one blank line apart. */
export function printDiagnostics(c: Compiled, io: Io): void {
  const text = new Map(c.sources.map((s) => [s.file, s.text]));
  for (const d of c.result.diagnostics) io.err(renderDiagnostic(d, text.get(d.span.file)) + '\n');
}

export function summary(c: Compiled): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  return `${n(c.sources.length, 'file')} checked: ${n(c.errors, 'error')}, ${n(c.warnings, 'warning')} (${c.ms.toFixed(0)} ms)`;
}

/** The compiled program, or (after printing the diagnostics) an exit with code 1. */
export function requireProgram(paths: string[], io: Io): Program {
  const c = compilePaths(paths);
  if (c.result.program && c.errors === 0) return c.result.program;
  printDiagnostics(c, io);
  io.err(summary(c));
  throw new Exit(EXIT_FAILED);
}
