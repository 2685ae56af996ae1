// Source text → AST + diagnostics. Never throws: lexer errors are SGS001, parser errors SGS002, and any
// internal failure becomes SGS009 at offset 0.
import { tokenMatcher, type ILexingResult, type IRecognitionException, type IToken } from 'chevrotain';
import type { SourceFile, Span } from '../ast/nodes.ts';
import { error, type Diagnostic } from '../diagnostics.ts';
import { lexer } from './tokens.ts';
import { declStarters, parser } from './parser.ts';
import { toAst } from './to-ast.ts';
import {
  capDiagnostics,
  fileTooLarge,
  MAX_DIAGNOSTICS_PER_FILE,
  parseOnce,
  parseStopped,
  scanTokens,
  stopAfterErrors,
  TooManyErrors,
  treeTooDeep,
} from './limits.ts';

// The compiler's limits (limits.ts): the parser stops at a file's hundredth syntax error.
stopAfterErrors(parser);

export interface ParseResult {
  ast: SourceFile;
  diagnostics: Diagnostic[];
}

function emptyFile(file: string, text: string): SourceFile {
  return { kind: 'File', file, imports: [], decls: [], span: { file, start: 0, end: text.length, line: 1, col: 1 } };
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

export function parse(text: string, file: string): ParseResult {
  return parseTokens(text, file).result;
}

/** A parse and the layout of the tokens it read (absent when the text did not lex cleanly). */
export interface LaidOut {
  result: ParseResult;
  layout?: Int32Array;
}

/** Each token's type, start and end offsets, line and column. Nothing but the tokens (these and their images) and
 *  the text's length reaches the trees: two texts with the same layout and images parse alike. */
function layoutOf(tokens: IToken[]): Int32Array {
  const out = new Int32Array(tokens.length * 5);
  for (let i = 0, j = 0; i < tokens.length; i++, j += 5) {
    const t = tokens[i]!;
    out[j] = t.tokenTypeIdx;
    out[j + 1] = t.startOffset;
    out[j + 2] = t.endOffset ?? -1;
    out[j + 3] = t.startLine ?? -1;
    out[j + 4] = t.startColumn ?? -1;
  }
  return out;
}

function sameLayout(layout: Int32Array, before: string, tokens: IToken[]): boolean {
  if (layout.length !== tokens.length * 5) return false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const j = i * 5;
    if (
      layout[j] !== t.tokenTypeIdx ||
      layout[j + 1] !== t.startOffset ||
      layout[j + 2] !== (t.endOffset ?? -1) ||
      layout[j + 3] !== (t.startLine ?? -1) ||
      layout[j + 4] !== (t.startColumn ?? -1) ||
      !before.startsWith(t.image, t.startOffset)
    )
      return false;
  }
  return true;
}

/** Parse a new text of a file parsed before. When both texts lex cleanly to the same tokens at the same places (a
 *  comment or blank lines added or changed after the last token, a comment changed to one of the same length) and
 *  the earlier parse had nothing to say, its trees are kept under the new file span: only the lexer runs. */
export function reparse(before: ({ text: string } & LaidOut) | undefined, text: string, file: string): LaidOut {
  if (!before?.layout || before.result.diagnostics.length > 0 || typeof text !== 'string' || fileTooLarge(text, file))
    return parseTokens(text, file);
  const lexed = lexer.tokenize(text);
  if (lexed.errors.length > 0 || !sameLayout(before.layout, before.text, lexed.tokens))
    return parseTokens(text, file, lexed);
  const span = emptyFile(file, text).span;
  return { result: { ast: { ...before.result.ast, span }, diagnostics: [] }, layout: before.layout };
}

function parseTokens(text: string, file: string, lexedAlready?: ILexingResult): LaidOut {
  const diagnostics: Diagnostic[] = [];
  let ast: SourceFile = emptyFile(file, typeof text === 'string' ? text : '');
  let layout: Int32Array | undefined;
  try {
    if (typeof text !== 'string') throw new Error('source text is not a string');
    const large = fileTooLarge(text, file);
    if (large) return { result: { ast, diagnostics: [large] } };
    const lexed = lexedAlready ?? lexer.tokenize(text);
    if (lexed.errors.length === 0) layout = layoutOf(lexed.tokens);
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
    const tokens = limits.cut === undefined ? lexed.tokens : lexed.tokens.slice(0, limits.cut);
    parser.input = tokens;
    const csts = [parseOnce(parser, () => parser.file())];
    let errors = parser.errors;
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
      csts.push(parseOnce(parser, () => parser.decls()));
      errors = parser.errors;
    }
    parser.input = []; // release the tokens

    try {
      const res = toAst(csts[0], file, text);
      ast = res.ast;
      diagnostics.push(...res.diagnostics);
      for (const more of csts.slice(1)) {
        const r = toAst(more, file, text);
        ast.decls.push(...r.ast.decls);
        diagnostics.push(...r.diagnostics);
      }
      const deep = treeTooDeep(ast);
      if (deep) diagnostics.push(deep);
    } catch (err) {
      diagnostics.push(internal(file, err));
    }
  } catch (err) {
    if (err instanceof TooManyErrors) diagnostics.push(...stopped(file, text));
    else diagnostics.push(internal(file, err));
  }
  return {
    result: { ast, diagnostics: capDiagnostics(diagnostics) },
    ...(layout && diagnostics.length === 0 ? { layout } : {}),
  };
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
