// The compiler: sources → tokens/CST/AST (syntax) → checks → IR (lower). It never throws on user input:
// every problem comes back as a diagnostic, and it stops after the first stage that reported errors.
import { parse } from './syntax/parse.ts';
import { lower } from './lower/lower.ts';
import { runChecks } from './check/checks.ts';
import { textDiagnostics } from './text/generate.ts';
import { hasErrors, type Diagnostic } from './diagnostics.ts';
import type { CompileResult, SourceInput } from './types.ts';

// Re-checking after an edit re-parses only the files whose text changed (ASTs are never mutated downstream).
const parseCache = new Map<string, { text: string; result: ReturnType<typeof parse> }>();
function parseCached(text: string, file: string): ReturnType<typeof parse> {
  const hit = parseCache.get(file);
  if (hit && hit.text === text) return hit.result;
  const result = parse(text, file);
  if (parseCache.size > 500) parseCache.clear();
  parseCache.set(file, { text, result });
  return result;
}

/** Forget cached parses (benchmarks of a full compile; tests that must not share state). */
export function clearParseCache(): void {
  parseCache.clear();
}

export function compile(sources: SourceInput[]): CompileResult {
  const diagnostics: Diagnostic[] = [];
  try {
    const files = sources.map((s) => {
      const r = parseCached(s.text, s.file);
      diagnostics.push(...r.diagnostics);
      return r.ast;
    });
    if (hasErrors(diagnostics)) return { diagnostics, files };
    const { program, symbols } = lower(files, diagnostics);
    diagnostics.push(...runChecks(files, symbols));
    // Wording the rules texts lack (SGS310) once the program resolves: the texts are generated from it.
    if (!hasErrors(diagnostics)) diagnostics.push(...textDiagnostics(files, symbols));
    if (hasErrors(diagnostics)) return { diagnostics, files, symbols };
    return { program, diagnostics, files, symbols };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    diagnostics.push({
      code: 'SGS999',
      severity: 'error',
      message: `internal compiler error: ${msg}`,
      span: { file: sources[0]?.file ?? '', start: 0, end: 0, line: 1, col: 1 },
    });
    return { diagnostics, files: [] };
  }
}

export type { Diagnostic } from './diagnostics.ts';
export type { CompileResult, SourceInput } from './types.ts';
