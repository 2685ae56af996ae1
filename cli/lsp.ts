// `sgs lsp`: a language server over stdio (JSON-RPC with Content-Length frames) for editors outside the browser.
// It compiles the open documents with the built-in rules (as `sgs check` does) and answers with the same language
// service as the playground (compiler/services/language.ts): diagnostics, completion, hover (with the generated
// rule texts), go to definition, and quick fixes for "did you mean" diagnostics.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { compile, type SourceInput } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { generateTexts, generateTextsOf } from '../compiler/text/index.ts';
import {
  attachTexts,
  complete,
  describe,
  emptyIndex,
  indexFiles,
  lookup,
  quickFixes,
  type Completion,
  type EntryKind,
  type IndexPart,
  type Lang,
} from '../compiler/services/language.ts';
import { BUILTIN_RULES } from './compile.ts';

interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

interface Position {
  line: number; // 0-based
  character: number; // UTF-16 code units
}

interface LspDiagnostic {
  range: { start: Position; end: Position };
  message: string;
}

/** LSP CompletionItemKind numbers for the language service's kinds. */
const COMPLETION_KIND: Partial<Record<EntryKind, number>> = {
  builtin: 3,
  function: 3,
  action: 3,
  event: 23,
  window: 23,
  skill: 7,
  card: 7,
  general: 7,
  enum: 13,
  member: 20,
  var: 6,
  hook: 3,
  keyword: 14,
  hint: 5, // Field: a hint is written as a field of its declaration
};

export class LanguageServer {
  private docs = new Map<string, string>(); // uri → text
  private base: SourceInput[];
  private baseIndex: IndexPart | undefined;
  /** The names the open documents declare, from their last compile (parsed even while they do not compile). */
  private ownIndex: IndexPart = emptyIndex();
  private lang: Lang = 'en';

  constructor(
    private send: (m: Message) => void,
    builtins: SourceInput[] = loadSources([BUILTIN_RULES]).map((s) => ({ ...s, file: resolve(s.file) })),
  ) {
    this.base = builtins;
  }

  /** Handle one message from the client; requests get exactly one response. */
  handle(m: Message): void {
    try {
      const result = this.dispatch(m);
      if (m.id !== undefined && m.method) this.send({ jsonrpc: '2.0', id: m.id, result: result ?? null });
    } catch (e) {
      if (m.id !== undefined)
        this.send({
          jsonrpc: '2.0',
          id: m.id,
          error: { code: -32603, message: e instanceof Error ? e.message : String(e) },
        });
    }
  }

  private dispatch(m: Message): unknown {
    const p = (m.params ?? {}) as Record<string, unknown>;
    switch (m.method) {
      case 'initialize': {
        const lang = (p.initializationOptions as { lang?: string } | undefined)?.lang;
        if (lang === 'zh' || lang === 'en') this.lang = lang;
        return {
          capabilities: {
            textDocumentSync: 1, // full text on every change
            completionProvider: { triggerCharacters: ['.', ' ', '('] },
            hoverProvider: true,
            definitionProvider: true,
            codeActionProvider: { codeActionKinds: ['quickfix'] },
          },
          serverInfo: { name: 'sgs' },
        };
      }
      case 'textDocument/didOpen': {
        const d = p.textDocument as { uri: string; text: string };
        this.docs.set(d.uri, d.text);
        this.publish();
        return undefined;
      }
      case 'textDocument/didChange': {
        const d = p.textDocument as { uri: string };
        const changes = p.contentChanges as { text: string }[];
        const last = changes[changes.length - 1];
        if (last) this.docs.set(d.uri, last.text);
        this.publish();
        return undefined;
      }
      case 'textDocument/didClose': {
        const d = p.textDocument as { uri: string };
        this.docs.delete(d.uri);
        this.send({
          jsonrpc: '2.0',
          method: 'textDocument/publishDiagnostics',
          params: { uri: d.uri, diagnostics: [] },
        });
        this.publish();
        return undefined;
      }
      case 'textDocument/completion': {
        const { text, offset } = this.at(p);
        const items = complete(this.index(), text.slice(0, offset), this.lang);
        return items.map((c: Completion) => ({
          label: c.label,
          kind: COMPLETION_KIND[c.kind] ?? 1,
          detail: c.detail,
          insertText: c.insertText,
          insertTextFormat: c.snippet ? 2 : 1,
          sortText: c.sortText,
        }));
      }
      case 'textDocument/hover': {
        const { text, offset } = this.at(p);
        const word = wordAt(text, offset);
        const e = word ? lookup(this.index(), word) : undefined;
        return e ? { contents: { kind: 'markdown', value: describe(e, this.lang) } } : null;
      }
      case 'textDocument/definition': {
        const { text, offset } = this.at(p);
        const word = wordAt(text, offset);
        const e = word ? lookup(this.index(), word) : undefined;
        if (!e?.file || !e.line) return null;
        const line = e.line - 1;
        return { uri: this.uriOf(e.file), range: { start: { line, character: 0 }, end: { line, character: 0 } } };
      }
      case 'textDocument/codeAction': {
        // The client hands back the diagnostics under the cursor; each "did you mean" one becomes an edit.
        const { uri, text } = this.at({ ...p, position: { line: 0, character: 0 } });
        const ctx = p.context as { diagnostics?: LspDiagnostic[] } | undefined;
        return (ctx?.diagnostics ?? []).flatMap((d) => {
          const span = { start: offsetOf(text, d.range.start), end: offsetOf(text, d.range.end) };
          return quickFixes({ message: d.message, span }, text, this.lang).map((f) => ({
            title: f.title,
            kind: 'quickfix',
            diagnostics: [d],
            isPreferred: true,
            edit: {
              changes: {
                [uri]: [{ range: { start: position(text, f.start), end: position(text, f.end) }, newText: f.newText }],
              },
            },
          }));
        });
      }
      case 'shutdown':
        return null;
      case 'exit':
        process.exit(0);
        return undefined;
      default:
        return undefined; // notifications we do not use; unknown requests answer null
    }
  }

  /** The open documents as sources, under their paths; built-in files an open document replaces are left out. */
  private sources(): { mine: SourceInput[]; all: SourceInput[] } {
    const mine = [...this.docs].map(([uri, text]) => ({ file: this.fileOf(uri), text }));
    const open = new Set(mine.map((s) => s.file));
    return { mine, all: [...this.base.filter((s) => !open.has(s.file)), ...mine] };
  }

  private publish(): void {
    const { mine, all } = this.sources();
    const r = compile(all);
    const open = new Set(mine.map((s) => s.file));
    this.ownIndex = attachTexts(
      indexFiles(
        r.files.filter((f) => open.has(f.file)),
        new Map(mine.map((s) => [s.file, s.text])),
      ),
      generateTextsOf(r, (f) => open.has(f)),
    );
    // The built-in rules' names come from the same compile, unless an open document stands in for one of them.
    if (!this.baseIndex && !this.base.some((b) => open.has(b.file)))
      this.baseIndex = this.indexBase(r.files.filter((f) => !open.has(f.file)));
    for (const s of mine) {
      const diagnostics = r.diagnostics
        .filter((d) => d.span.file === s.file)
        .map((d) => ({
          range: { start: position(s.text, d.span.start), end: position(s.text, Math.max(d.span.start, d.span.end)) },
          severity: d.severity === 'error' ? 1 : 2,
          code: d.code,
          source: 'sgs',
          message: d.message,
        }));
      this.send({
        jsonrpc: '2.0',
        method: 'textDocument/publishDiagnostics',
        params: { uri: this.uriOf(s.file), diagnostics },
      });
    }
  }

  /** The names the open documents and the built-in rules declare (the documents' first). */
  private index(): IndexPart[] {
    this.baseIndex ??= this.indexBase(compile(this.base).files); // a request before any document is open
    return [this.ownIndex, this.baseIndex];
  }

  /** The built-in rules' names, with their rule texts (worded once, from a compile of the built-in rules alone). */
  private indexBase(files: ReturnType<typeof compile>['files']): IndexPart {
    const part = indexFiles(files, new Map(this.base.map((s) => [s.file, s.text])));
    return attachTexts(part, generateTexts(compile(this.base)));
  }

  private at(p: Record<string, unknown>): { uri: string; text: string; offset: number } {
    const uri = (p.textDocument as { uri: string }).uri;
    const text = this.docs.get(uri) ?? readFileSync(fileURLToPath(uri), 'utf8');
    return { uri, text, offset: offsetOf(text, p.position as Position) };
  }

  private fileOf(uri: string): string {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  }

  private uriOf(file: string): string {
    return pathToFileURL(resolve(file)).href;
  }
}

/** The identifier (ASCII or CJK) around `offset`. */
function wordAt(text: string, offset: number): string | undefined {
  const isWord = (ch: string | undefined) => !!ch && /[\p{L}\p{N}_]/u.test(ch);
  let a = offset;
  let b = offset;
  while (a > 0 && isWord(text[a - 1])) a--;
  while (b < text.length && isWord(text[b])) b++;
  return b > a ? text.slice(a, b) : undefined;
}

function offsetOf(text: string, p: Position): number {
  let line = 0;
  let i = 0;
  while (line < p.line && i < text.length) {
    if (text[i] === '\n') line++;
    i++;
  }
  return Math.min(text.length, i + p.character);
}

function position(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Run the server on this process's stdin and stdout. */
export function serveStdio(): void {
  const server = new LanguageServer((m) => {
    const body = Buffer.from(JSON.stringify(m), 'utf8');
    process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
    process.stdout.write(body);
  });
  let buf = Buffer.alloc(0);
  process.stdin.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length:\s*(\d+)/i.exec(buf.subarray(0, end).toString('ascii'))?.[1]);
      if (!Number.isFinite(length)) {
        buf = buf.subarray(end + 4); // a header without a length: skip it
        continue;
      }
      if (buf.length < end + 4 + length) return;
      const body = buf.subarray(end + 4, end + 4 + length).toString('utf8');
      buf = buf.subarray(end + 4 + length);
      try {
        server.handle(JSON.parse(body) as Message);
      } catch {
        // A frame that is not JSON: nothing to answer.
      }
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
