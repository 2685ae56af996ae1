// What the compiler takes and gives, in its own file so that every pass (and every caller) can name them without
// importing the pipeline in compiler/index.ts.
import type { SourceFile } from './ast/nodes.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { Symbols } from './lower/symbols.ts';
import type { Program } from '../runtime/ir.ts';

/** One source file: its name (for diagnostics and imports) and its text. */
export interface SourceInput {
  file: string;
  text: string;
}

/** A compile's outcome. `program` is present only when no stage reported an error. */
export interface CompileResult {
  program?: Program;
  diagnostics: Diagnostic[];
  files: SourceFile[];
  symbols?: Symbols;
}
