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

/** How to compile. `forGames`: only what playing games needs, for a tool that does nothing else (`sgs simulate`). The
 *  scenarios are left out (half of rules/; a scenario is compiled when it runs: `sgs test`, the site, the editor),
 *  and so are the program-wide warnings such a tool never shows (SGS206, SGS310). The program is the one a full
 *  compile gives, without its scenarios. */
export interface CompileOptions {
  forGames?: boolean;
  /** No re-check follows (a command of the CLI, which compiles once): the results per declaration that a re-check
   *  reuses (compiler/decl-cache.ts) are neither looked up nor kept, which takes ~10 % off a compile from scratch.
   *  The program and the diagnostics are the same. */
  once?: boolean;
  /** Only the diagnostics are wanted (`sgs check`): everything is parsed, resolved and checked as in a full compile,
   *  with the same diagnostics, but the program keeps none of the scenarios, which nothing then runs (a scenario is
   *  lowered again where it runs: `sgs test`, the site, the editor). A compile made once (`once`). */
  checkOnly?: boolean;
}

/** A compile's outcome. `program` is present only when no stage reported an error. */
export interface CompileResult {
  program?: Program;
  diagnostics: Diagnostic[];
  files: SourceFile[];
  symbols?: Symbols;
}
