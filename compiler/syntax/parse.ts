// Source text → AST + diagnostics. Never throws: lexer errors are SGS001, parser errors SGS002, and any
// internal failure becomes SGS009 at offset 0.
import { SOURCE, Source } from '../ast/source.ts';
import { tokenMatcher, type IRecognitionException, type IToken } from 'chevrotain';
import type { SourceFile, Span } from '../ast/nodes.ts';
import { error, type Diagnostic } from '../diagnostics.ts';
import { lexer } from './scan.ts';
import { declStarters, parser, type Parsed } from './parser.ts';
import { declLayout, layoutOf, STRIDE, tokenLayout, type Layout, type LayoutOf } from './layout.ts';
import { relex } from './relex.ts';
import { splice, type Spliced } from './splice.ts';
import { withoutScenarios } from './skip-scenarios.ts';
import {
  capDiagnostics,
  fileTooLarge,
  MAX_DIAGNOSTICS_PER_FILE,
  parseOnce,
  parseStopped,
  scanTokens,
  stopAfterErrors,
  TooManyErrors,
  tooSmallToBeDeep,
  treeTooDeep,
} from './limits.ts';

// The compiler's limits (limits.ts): the parser stops at a file's hundredth syntax error.
stopAfterErrors(parser);

export interface ParseResult {
  ast: SourceFile;
  diagnostics: Diagnostic[];
}

function emptyFile(file: string, text: string): SourceFile {
  return { kind: 'File', file, imports: [], decls: [], pos: 0, end: text.length, [SOURCE]: new Source(file, text) };
}

/** Line and column (1-based) of an offset. */
function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}

function real(t: IToken | undefined): t is IToken {
  return t !== undefined && Number.isFinite(t.startOffset) && t.tokenType?.name !== 'EOF';
}

function tokenSpan(file: string, t: IToken): Span {
  const end = Number.isFinite(t.endOffset) ? (t.endOffset as number) + 1 : t.startOffset + t.image.length;
  return { file, start: t.startOffset, end, line: t.startLine ?? 1, col: t.startColumn ?? 1 };
}

/** Where a parser error points: the token found, else (inserted token, end of file) the previous real token,
 *  else the end of the text. */
function errorSpan(file: string, text: string, e: IRecognitionException, tokens: IToken[]): Span {
  if (real(e.token)) return tokenSpan(file, e.token);
  const prev = (e as { previousToken?: IToken }).previousToken;
  if (real(prev)) return tokenSpan(file, prev);
  const last = tokens[tokens.length - 1];
  if (real(last)) return tokenSpan(file, last);
  const { line, col } = lineCol(text, text.length);
  return { file, start: text.length, end: text.length, line, col };
}

function describeChar(text: string, offset: number): string {
  const cp = text.codePointAt(offset);
  if (cp === undefined) return '';
  const ch = String.fromCodePoint(cp);
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0))
    return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return ch;
}

/** Parse a file; `scenarios: false` leaves its scenario declarations out (skip-scenarios.ts). */
export function parse(text: string, file: string, scenarios = true): ParseResult {
  return parseTokens(text, file, scenarios).result;
}

/** A parse and the layout of its tokens and declarations (absent unless the parse was clean). */
export interface LaidOut {
  result: ParseResult;
  layout?: LayoutOf;
}

/** Parse a new text of a file parsed before, whose parse had nothing to say. Only the changed lines are lexed
 *  (relex.ts). When the tokens are the same at the same places (a comment or blank lines added or changed after the
 *  last token, a comment changed to one of the same length) the trees are kept under the new file span; when they
 *  differ, only the declarations around the change are parsed again if that can be done (splice.ts). */
export function reparse(before: ({ text: string } & LaidOut) | undefined, text: string, file: string): LaidOut {
  if (!before || before.result.diagnostics.length > 0 || typeof text !== 'string' || fileTooLarge(text, file))
    return parseTokens(text, file);
  // Made now if the last parse left it for later: only a text that may be spliced pays for it.
  const layout = layoutOf(before.layout);
  if (!layout) return parseTokens(text, file);
  let spliced: ReturnType<typeof splice>;
  try {
    const relexed = relex(before.text, layout.tokens, text);
    if (!relexed) return parseTokens(text, file);
    const count = relexed.layout.length / STRIDE;
    const unmoved = relexed.sameEnd === 0 || (relexed.dOff === 0 && relexed.dLine === 0);
    if (unmoved && relexed.same + relexed.sameEnd === count && count === layout.tokens.length / STRIDE) {
      // Every token where it was, on the same line and column: the old trees stand for the same places.
      return { result: { ast: { ...before.result.ast, end: text.length }, diagnostics: [] }, layout };
    }
    spliced = splice({ text: before.text, ast: before.result.ast, layout }, text, file, relexed);
  } catch {
    spliced = undefined; // the whole parse below says what went wrong, if anything did
  }
  if (!spliced || pastLimits(spliced, file)) return parseTokens(text, file);
  return { result: { ast: spliced.ast, diagnostics: [] }, layout: spliced.layout };
}

/** Whether a whole parse of the text would report a limit (limits.ts): then it is parsed whole, so that an
 *  edited file gets the same diagnostics as a fresh one. Only what was parsed again is looked at — the rest kept
 *  the limits in the last parse, and nesting starts afresh at every top-level declaration. The tree is copied:
 *  treeTooDeep drops what it reports. */
function pastLimits(spliced: Spliced, file: string): boolean {
  if (scanTokens(spliced.freshTokens, file).diagnostics.length > 0) return true;
  return treeTooDeep({ ...spliced.ast, decls: [...spliced.freshDecls] }) !== undefined;
}

function parseTokens(text: string, file: string, scenarios = true): LaidOut {
  const diagnostics: Diagnostic[] = [];
  // Made only when parsing gives no tree (an empty file of the text): a source scans the whole text for its lines.
  let ast: SourceFile | undefined;
  const empty = () => emptyFile(file, typeof text === 'string' ? text : '');
  let layout: LayoutOf | undefined;
  try {
    if (typeof text !== 'string') throw new Error('source text is not a string');
    const large = fileTooLarge(text, file);
    if (large) return { result: { ast: empty(), diagnostics: [large] } };
    const lexed = lexer.tokenize(text);
    for (const e of lexed.errors) {
      const ch = describeChar(text, e.offset);
      const { line, col } =
        e.line !== undefined && e.column !== undefined ? { line: e.line, col: e.column } : lineCol(text, e.offset);
      const span: Span = { file, start: e.offset, end: e.offset + Math.max(1, e.length), line, col };
      const message =
        ch === '"' ? "unterminated string: a string ends with '\"' on the same line" : `unexpected character '${ch}'`;
      diagnostics.push(error('SGS001', message, span));
    }

    // Nesting too deep for the parser (limits.ts): only the tokens before the limit are parsed, and the errors of
    // their end (an unclosed block) are not reported.
    const limits = scanTokens(lexed.tokens, file);
    diagnostics.push(...limits.diagnostics);
    const read = limits.cut === undefined ? lexed.tokens : lexed.tokens.slice(0, limits.cut);
    const tokens = scenarios ? read : withoutScenarios(read);
    parser.input = tokens;
    parseOnce(parser, () => {
      parser.begin(file, text);
      parser.file();
    });
    let errors = parser.errors;
    let resumed = false;
    // Chevrotain stops at top-level text that does not start a declaration ("not all input parsed").
    // Report it, skip to the next declaration keyword and parse the rest, so later errors are found too.
    for (let guard = 0; guard <= tokens.length; guard++) {
      const stop = errors.find((e) => e.name === 'NotAllInputParsedException');
      for (const e of errors)
        if (limits.cut === undefined || real(e.token))
          diagnostics.push(error('SGS002', e.message, errorSpan(file, text, e, tokens)));
      if (!stop) break;
      if (diagnostics.length >= MAX_DIAGNOSTICS_PER_FILE) {
        diagnostics.push(parseStopped(file, diagnostics[diagnostics.length - 1]?.span));
        break;
      }
      let i = tokens.indexOf(stop.token);
      if (i < 0) break;
      i++;
      while (i < tokens.length && !declStarters.some((t) => tokenMatcher(tokens[i]!, t))) i++;
      if (i >= tokens.length) break;
      parser.input = tokens.slice(i);
      const resume = parser.checkpoint();
      parseOnce(parser, () => {
        resume();
        parser.decls();
      });
      resumed = true;
      errors = parser.errors;
    }
    parser.input = []; // release the tokens

    try {
      const res = parser.tree();
      ast = res.ast;
      diagnostics.push(...res.diagnostics);
      // A layout serves a later reparse of this text, which only a compile with the scenarios makes, and only of a
      // file that is edited: made then, from the text lexed again (the same tokens), not for every file parsed.
      if (lexed.errors.length === 0 && !resumed && scenarios) layout = later(text, res.starts, res.counts);
      const deep = treeTooDeep(ast, shallowDecls(res, tokens));
      if (deep) diagnostics.push(deep);
    } catch (err) {
      diagnostics.push(internal(file, err));
    }
  } catch (err) {
    if (err instanceof TooManyErrors) diagnostics.push(...stopped(file, text));
    else diagnostics.push(internal(file, err));
  }
  return {
    result: { ast: ast ?? empty(), diagnostics: capDiagnostics(diagnostics) },
    ...(layout && diagnostics.length === 0 ? { layout } : {}),
  };
}

/** The layout of a clean parse of `text` whose top-level declarations start at `starts` and made `counts` trees,
 *  made the first time it is asked for. */
function later(text: string, starts: number[], counts: number[]): () => Layout | undefined {
  let made: Layout | undefined;
  let done = false;
  return () => {
    if (!done) {
      done = true;
      const laid = tokenLayout(lexer.tokenize(text).tokens);
      const decls = declLayout(starts, laid, counts);
      if (decls) made = { tokens: laid, decls };
    }
    return made;
  };
}

/** Which trees of a parse are too small to be too deep, by the tokens of the top-level declaration each came from
 *  (a declaration runs to the next one's start); undefined, each tree to be walked, when a start is unknown. */
function shallowDecls(parsed: Parsed, tokens: IToken[]): ((d: number) => boolean) | undefined {
  const { starts, counts } = parsed;
  if (starts.some((s) => !Number.isFinite(s))) return undefined;
  const small: boolean[] = [];
  let i = 0;
  for (let k = 0; k < starts.length; k++) {
    while (i < tokens.length && tokens[i]!.startOffset < starts[k]!) i++;
    const from = i;
    const next = starts[k + 1] ?? Number.POSITIVE_INFINITY;
    let j = from;
    while (j < tokens.length && tokens[j]!.startOffset < next) j++;
    for (let c = 0; c < counts[k]!; c++) small.push(tooSmallToBeDeep(j - from));
    i = j;
  }
  return (d) => small[d] === true;
}

function internal(file: string, err: unknown): Diagnostic {
  const msg = err instanceof Error ? err.message : String(err);
  return error('SGS009', `internal parser error: ${msg}`, { file, start: 0, end: 0, line: 1, col: 1 });
}

/** The syntax errors of a parse that stopped at the limit (limits.ts), then SGS007 where it stopped. */
function stopped(file: string, text: string): Diagnostic[] {
  const tokens = parser.input;
  const out = parser.errors.map((e) => error('SGS002', e.message, errorSpan(file, text, e, tokens)));
  parser.input = []; // release the tokens
  return [...out, parseStopped(file, out[out.length - 1]?.span)];
}
