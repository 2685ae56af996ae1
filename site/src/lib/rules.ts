// Build-time access to the rules: compiled once per build from rules/ (the same compiler the CLI uses).
import { compile, type CompileResult } from '../../../compiler/index.ts';
import { loadSources } from '../../../compiler/node/load.ts';
import type { Program } from '../../../runtime/index.ts';
import { fileOf, type Located } from '../../../compiler/ast/source.ts';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

let cached: { result: CompileResult; program: Program; sources: { file: string; text: string }[] } | undefined;

export function rules() {
  if (cached) return cached;
  const sources = loadSources([repo + 'rules'], repo);
  const result = compile(sources);
  if (!result.program) {
    const first = result.diagnostics.find((d) => d.severity === 'error');
    throw new Error(`rules/ does not compile: ${first?.span.file}:${first?.span.line}: ${first?.message}`);
  }
  cached = { result, program: result.program, sources };
  return cached;
}

/** The source text of a declaration, for "source beside the text". */
export function sourceOf(node: Located): string {
  const s = rules().sources.find((x) => x.file === fileOf(node));
  return s ? s.text.slice(node.pos, node.end) : '';
}

export type Lang = 'zh' | 'en';
export const LANGS: Lang[] = ['zh', 'en'];
