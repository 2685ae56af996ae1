// Every problem the compiler finds is a Diagnostic: a stable code, a message a newcomer understands, a span.
// The compiler never throws on user input; it returns diagnostics.
import type { Span } from './ast/nodes.ts';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  code: string; // stable, e.g. SGS101
  severity: Severity;
  message: string;
  span: Span;
}

export function error(code: string, message: string, span: Span): Diagnostic {
  return { code, severity: 'error', message, span };
}

export function warning(code: string, message: string, span: Span): Diagnostic {
  return { code, severity: 'warning', message, span };
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error');
}

/** Render a diagnostic with its source line and a caret under the offending text. */
export function renderDiagnostic(d: Diagnostic, source: string | undefined): string {
  const head = `${d.span.file}:${d.span.line}:${d.span.col}: ${d.severity} ${d.code}: ${d.message}`;
  if (source === undefined) return head;
  const lines = source.split('\n');
  const text = lines[d.span.line - 1] ?? '';
  const lineStart = d.span.start - (d.span.col - 1);
  const width = Math.max(1, Math.min(d.span.end, lineStart + text.length) - d.span.start);
  const gutter = String(d.span.line).padStart(4) + ' | ';
  const pad = ' '.repeat(gutter.length - 2) + '| ';
  // Wide (CJK) characters take two columns in a terminal: pad with the same characters' width.
  const before = [...text.slice(0, d.span.col - 1)]
    .map((ch) => (isWide(ch) ? '  ' : ch === '\t' ? '\t' : ' '))
    .join('');
  const under =
    [...text.slice(d.span.col - 1, d.span.col - 1 + width)].map((ch) => (isWide(ch) ? '^^' : '^')).join('') || '^';
  return `${head}\n${gutter}${text}\n${pad}${before}${under}`;
}

function isWide(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6)
  );
}
