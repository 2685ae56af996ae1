// Test helpers: compile sources (inline or from disk) and fail loudly with rendered diagnostics.
import { compile, type SourceInput } from '../compiler/index.ts';
import { renderDiagnostic } from '../compiler/diagnostics.ts';
import { loadSources } from '../compiler/node/load.ts';
import type { Program } from '../runtime/ir.ts';

export function compileOrThrow(sources: SourceInput[]): Program {
  const r = compile(sources);
  if (!r.program) {
    const text = r.diagnostics
      .map((d) => renderDiagnostic(d, sources.find((s) => s.file === d.span.file)?.text))
      .join('\n');
    throw new Error(`rules do not compile:\n${text}`);
  }
  return r.program;
}

let rulesCache: Program | undefined;
export function rulesProgram(): Program {
  return (rulesCache ??= compileOrThrow(loadSources(['rules'])));
}

export function inline(text: string, file = 'test.sgs'): SourceInput[] {
  return [{ file, text }];
}
