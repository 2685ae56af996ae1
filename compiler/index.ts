// The compiler: sources → tokens/AST (syntax) → checks → IR (lower). It never throws on user input:
// every problem comes back as a diagnostic, and it stops after the first stage that reported errors.
import { SOURCE } from './ast/source.ts';
import { parse, reparse, type LaidOut, type ParseResult } from './syntax/parse.ts';
import { collect } from './lower/symbols.ts';
import { renumber } from './lower/name-table.ts';
import { lowerProgram, type LowerCache, type LoweredDecl } from './lower/lower.ts';
import { runChecks, type CheckCache } from './check/checks.ts';
import { GivenSkills, orphanSkillCheck } from './check/orphan-skills.ts';
import { MissingWording, textDiagnostics } from './text/missing.ts';
import { DeclCaches } from './decl-cache.ts';
import { keepDecls, sameData, sameLines } from './kept-trees.ts';
import { hasErrors, type Diagnostic } from './diagnostics.ts';
import { capDiagnostics } from './syntax/limits.ts';
import type { CompileOptions, CompileResult, SourceInput } from './types.ts';

// Re-checking after an edit re-parses only the files whose text changed (ASTs are never mutated downstream), and
// of those only the ones whose tokens changed (`reparse`); a declaration the edit did not change keeps its tree
// (`keepDecls`), so that its lowering, checks and wording are found again by identity (compiler/decl-cache.ts).
type Parsed = ParseResult;
type ParseCache = Map<string, { text: string } & LaidOut>;
// A compile for games (CompileOptions.forGames) parses the same text to other trees: it has its own cache.
const parseCaches: Record<'all' | 'games', ParseCache> = { all: new Map(), games: new Map() };
function parseCached(text: string, file: string, scenarios: boolean): Parsed {
  const cache = parseCaches[scenarios ? 'all' : 'games'];
  const hit = cache.get(file);
  if (hit && hit.text === text) return hit.result;
  const laid = scenarios ? reparse(hit, text, file) : { result: parse(text, file, false) };
  const result = hit ? keepDecls(hit.result, laid.result) : laid.result;
  if (cache.size > 500) cache.clear();
  cache.set(file, { text, result, layout: laid.layout });
  return result;
}

/** The same parse but for where the file's own node ends (where the text ends): an edit of a comment or blank
 *  lines that moves no declaration. Nothing after parsing reads a file's end. */
function sameParse(a: Parsed, b: Parsed): boolean {
  if (a === b) return true;
  const { end: _a, ...restA } = a.ast;
  const { end: _b, ...restB } = b.ast;
  if (!sameData(a.diagnostics, b.diagnostics) || !sameData(restA, restB)) return false;
  // The same offsets; and the same lines and columns at them.
  const da = a.ast.decls;
  const db = b.ast.decls;
  for (let i = 0; i < da.length; i++) if (!sameLines(da[i]!, db[i]!)) return false;
  return da.length === 0 || a.ast[SOURCE].sameLines(b.ast[SOURCE], 0, da[0]!.pos);
}

// The last compile of each kind: the parses it read and what it gave. The pipeline after parsing is a function of
// the parses alone, so the same parses give the same result.
type Last = { parses: Parsed[]; result: CompileResult };
const lasts: Record<'all' | 'check' | 'games', Last | undefined> = {
  all: undefined,
  check: undefined,
  games: undefined,
};

// What each declaration gave after parsing, for the next compile (compiler/decl-cache.ts).
const caches = new DeclCaches();
const lowered: LowerCache = { decls: caches.cache(), files: caches.cache(), tables: new Map() };
const checked: CheckCache = { decls: caches.cache(), files: caches.cache(), shown: caches.cache() };
const wording = new MissingWording(caches);
let given = new GivenSkills();

/** Forget cached parses, results per declaration and the last result (benchmarks of a full compile; tests that
 *  must not share state). */
export function clearParseCache(): void {
  parseCaches.all.clear();
  parseCaches.games.clear();
  caches.clear();
  wording.clear();
  lowered.tables.clear();
  renumber();
  given = new GivenSkills();
  lasts.all = lasts.check = lasts.games = undefined;
}

/** Compile the sources. `forGames` (a tool that only plays games) leaves their scenarios out: the program has none,
 *  and nothing in them is parsed or checked (compiler/syntax/skip-scenarios.ts); nor are the program-wide warnings. */
export function compile(sources: SourceInput[], options: CompileOptions = {}): CompileResult {
  const scenarios = options.forGames !== true;
  const keepScenarios = scenarios && options.checkOnly !== true;
  const kind = keepScenarios ? 'all' : scenarios ? 'check' : 'games';
  let parses: Parsed[] = [];
  try {
    parses = sources.map((s) => parseCached(s.text, s.file, scenarios));
  } catch (e) {
    return internalError(sources, [], e);
  }
  const prev = lasts[kind];
  if (prev && prev.parses.length === parses.length && prev.parses.every((p, i) => sameParse(p, parses[i]!))) {
    // The old declarations under the new file span, so that the trees handed out are the ones the symbols point
    // into; cached as the file's parse, so that the next compile finds it by identity.
    prev.parses = prev.parses.map((p, i) => {
      const now = parses[i]!;
      if (p === now) return p;
      const kept: Parsed = { ast: { ...p.ast, end: now.ast.end }, diagnostics: p.diagnostics };
      const source = sources[i]!;
      const cache = parseCaches[scenarios ? 'all' : 'games'];
      cache.set(source.file, { text: source.text, result: kept, layout: cache.get(source.file)?.layout });
      return kept;
    });
    // Callers may keep or extend the arrays they get; the program and the trees are shared.
    const r = prev.result;
    const files = r.files.length === parses.length ? prev.parses.map((p) => p.ast) : [...r.files];
    return { ...r, diagnostics: [...r.diagnostics], files };
  }
  caches.keeping = options.once !== true && options.checkOnly !== true;
  const result = compileParsed(sources, parses, scenarios, keepScenarios);
  result.diagnostics = capDiagnostics(result.diagnostics); // at most 100 per file (compiler/syntax/limits.ts)
  lasts[kind] = { parses, result: { ...result, diagnostics: [...result.diagnostics], files: [...result.files] } };
  return result;
}

function compileParsed(
  sources: SourceInput[],
  parses: Parsed[],
  scenarios: boolean,
  keepScenarios: boolean,
): CompileResult {
  const diagnostics: Diagnostic[] = [];
  try {
    const files = parses.map((r) => {
      diagnostics.push(...r.diagnostics);
      return r.ast;
    });
    if (hasErrors(diagnostics)) return { diagnostics, files };
    const symbols = collect(files, diagnostics);
    caches.begin(symbols);
    const fileUnits: LoweredDecl[] = [];
    const program = lowerProgram(files, symbols, diagnostics, lowered, fileUnits, keepScenarios);
    diagnostics.push(...runChecks(files, symbols, checked));
    // Two warnings only `sgs check` and the editor show, so not looked for in a compile for games (without the
    // scenarios, the first could not tell a skill that only a scenario gives from an orphan). Both once names
    // resolve (an unknown name is a lit null). Skills given to nobody: program-wide, so not cached per declaration.
    if (scenarios && !hasErrors(diagnostics))
      diagnostics.push(...orphanSkillCheck(program, symbols, given.update(fileUnits)));
    // Wording the rules texts lack (SGS310): the texts are generated from the program.
    if (scenarios && !hasErrors(diagnostics)) diagnostics.push(...textDiagnostics(files, symbols, wording));
    if (hasErrors(diagnostics)) return { diagnostics, files, symbols };
    return { program, diagnostics, files, symbols };
  } catch (e) {
    return internalError(sources, diagnostics, e);
  }
}

function internalError(sources: SourceInput[], diagnostics: Diagnostic[], e: unknown): CompileResult {
  const msg = e instanceof Error ? e.message : String(e);
  diagnostics.push({
    code: 'SGS999',
    severity: 'error',
    message: `internal compiler error: ${msg}`,
    span: { file: sources[0]?.file ?? '', start: 0, end: 0, line: 1, col: 1 },
  });
  return { diagnostics, files: [] };
}

export type { Diagnostic } from './diagnostics.ts';
export type { CompileOptions, CompileResult, SourceInput } from './types.ts';
