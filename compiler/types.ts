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

/** How to compile. `scenarios: false` leaves the sources' scenarios out, for a tool that only plays games: they are
 *  half of rules/, and a scenario is compiled when it runs (`sgs test`, the site, the editor). Default: true. */
export interface CompileOptions {
  scenarios?: boolean;
}

/** A compile's outcome. `program` is present only when no stage reported an error. */
export interface CompileResult {
  program?: Program;
  diagnostics: Diagnostic[];
  files: SourceFile[];
  symbols?: Symbols;
}
