// The language server (`sgs lsp`), driven over stdio as an editor drives it: diagnostics as a document opens and
// changes, completion, hover and go to definition, for the author's names and the built-in ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Msg {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
}

class Client {
  private buf = Buffer.alloc(0);
  private waiting: { test: (m: Msg) => boolean; done: (m: Msg) => void }[] = [];
  private seen: Msg[] = [];
  private next = 1;
  constructor(private p: ChildProcessWithoutNullStreams) {
    p.stdout.on('data', (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      for (;;) {
        const end = this.buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const n = Number(/Content-Length: (\d+)/.exec(this.buf.subarray(0, end).toString())![1]);
        if (this.buf.length < end + 4 + n) return;
        const m = JSON.parse(this.buf.subarray(end + 4, end + 4 + n).toString()) as Msg;
        this.buf = this.buf.subarray(end + 4 + n);
        const w = this.waiting.findIndex((x) => x.test(m));
        if (w >= 0) this.waiting.splice(w, 1)[0]!.done(m);
        else this.seen.push(m);
      }
    });
  }
  private write(m: object) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...m }));
    this.p.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.p.stdin.write(body);
  }
  wait(test: (m: Msg) => boolean): Promise<Msg> {
    const i = this.seen.findIndex(test);
    if (i >= 0) return Promise.resolve(this.seen.splice(i, 1)[0]!);
    return new Promise((done) => this.waiting.push({ test, done }));
  }
  request(method: string, params: object): Promise<Msg> {
    const id = this.next++;
    this.write({ id, method, params });
    return this.wait((m) => m.id === id);
  }
  notify(method: string, params: object) {
    this.write({ method, params });
  }
  diagnostics(uri: string) {
    return this.wait((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === uri);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'sgs-lsp-'));
const file = join(dir, 'mine.sgs');
const uri = pathToFileURL(file).href;
const GOOD = `package mine
import core
import standard
import identity

general myHero 测试将 "Test Hero" { kingdom: wei  gender: male  hp: 4  skills: myDraw }

skill myDraw 多摸 "Draw More" {
  on phaseStart(you) may if event.phase == drawPhase { draw(you, 1) }
}
`;

describe('sgs lsp over stdio', () => {
  let server: ChildProcessWithoutNullStreams;
  let c: Client;
  beforeAll(async () => {
    writeFileSync(file, GOOD);
    server = spawn(process.execPath, ['bin/sgs.mjs', 'lsp', '--stdio']);
    c = new Client(server);
    const init = await c.request('initialize', { processId: null, rootUri: null, capabilities: {} });
    expect((init.result as { capabilities: { hoverProvider: boolean } }).capabilities.hoverProvider).toBe(true);
    c.notify('initialized', {});
  }, 60_000);
  afterAll(() => server.kill());

  it('publishes no diagnostics for a good file, and an error with its code and range after a bad edit', async () => {
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'sgs', version: 1, text: GOOD } });
    expect((await c.diagnostics(uri)).params!.diagnostics).toEqual([]);
    const bad = GOOD.replace('draw(you, 1)', 'drow(you, 1)');
    c.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: bad }] });
    const ds = (await c.diagnostics(uri)).params!.diagnostics as {
      code: string;
      message: string;
      range: { start: { line: number; character: number } };
    }[];
    expect(ds.map((d) => d.code)).toContain('SGS102');
    const d = ds.find((x) => x.code === 'SGS102')!;
    expect(d.message).toContain("'drow'");
    expect(d.range.start).toEqual({ line: 8, character: bad.split('\n')[8]!.indexOf('drow') });
    c.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text: GOOD }] });
    expect((await c.diagnostics(uri)).params!.diagnostics).toEqual([]);
  }, 60_000);

  it('completes timing windows after `on`, builtins and the author’s own names', async () => {
    const lines = GOOD.split('\n');
    const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
    const onLine = 8;
    const windows = (await c.request('textDocument/completion', at(onLine, '  on '.length))).result as {
      label: string;
    }[];
    expect(windows.map((w) => w.label)).toContain('damaged');
    const skills = (await c.request('textDocument/completion', at(5, lines[5]!.indexOf('myDraw')))).result as {
      label: string;
    }[];
    expect(skills.map((w) => w.label)).toContain('myDraw');
  }, 60_000);

  it('hovers a builtin and a built-in general, and goes to the definition of the author’s skill and of 曹操', async () => {
    const lines = GOOD.split('\n');
    const at = (line: number, word: string) => ({
      textDocument: { uri },
      position: { line, character: lines[line]!.indexOf(word) + 1 },
    });
    const hover = (await c.request('textDocument/hover', at(8, 'draw('))).result as {
      contents: { value: string };
    } | null;
    expect(hover?.contents.value).toContain('draw');
    const def = (await c.request('textDocument/definition', at(5, 'myDraw'))).result as {
      uri: string;
      range: { start: { line: number } };
    };
    expect(def.uri).toBe(uri);
    expect(def.range.start.line).toBe(7);
    const text = `${GOOD}\nscenario myS 甲 "S" {\n  seat a { general: caocao }\n  seat b { general: liubei }\n  expect a.alive\n}\n`;
    c.notify('textDocument/didChange', { textDocument: { uri, version: 4 }, contentChanges: [{ text }] });
    await c.diagnostics(uri);
    const line = text.split('\n').findIndex((l) => l.includes('general: caocao'));
    const where = {
      textDocument: { uri },
      position: { line, character: text.split('\n')[line]!.indexOf('caocao') + 2 },
    };
    const cao = (await c.request('textDocument/definition', where)).result as { uri: string } | null;
    expect(cao?.uri).toMatch(/rules\/standard\/generals\/wei\.sgs$/);
  }, 60_000);

  it("hovers the author's skill with its generated rule text, and a timing window with its wording", async () => {
    c.notify('textDocument/didChange', { textDocument: { uri, version: 5 }, contentChanges: [{ text: GOOD }] });
    await c.diagnostics(uri);
    const lines = GOOD.split('\n');
    const hover = async (line: number, word: string) =>
      (
        (
          await c.request('textDocument/hover', {
            textDocument: { uri },
            position: { line, character: lines[line]!.indexOf(word) + 1 },
          })
        ).result as { contents: { value: string } } | null
      )?.contents.value ?? '';
    const skill = await hover(7, 'myDraw');
    expect(skill).toContain('Draw More');
    expect(skill).toMatch(/> .*draw/i); // the rule text, quoted
    expect(await hover(8, 'phaseStart')).toContain('Reads:');
  }, 60_000);

  it('offers a quick fix that replaces a misspelled name with the suggested one', async () => {
    const bad = GOOD.replace('draw(you, 1)', 'drow(you, 1)');
    c.notify('textDocument/didChange', { textDocument: { uri, version: 6 }, contentChanges: [{ text: bad }] });
    const ds = (await c.diagnostics(uri)).params!.diagnostics as {
      code: string;
      message: string;
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
    }[];
    const d = ds.find((x) => x.message.includes('did you mean'))!;
    expect(d).toBeDefined();
    const actions = (
      await c.request('textDocument/codeAction', {
        textDocument: { uri },
        range: d.range,
        context: { diagnostics: [d] },
      })
    ).result as {
      title: string;
      kind: string;
      edit: { changes: Record<string, { range: unknown; newText: string }[]> };
    }[];
    expect(actions).toHaveLength(1);
    expect(actions[0]!.kind).toBe('quickfix');
    const edits = actions[0]!.edit.changes[uri]!;
    const col = bad.split('\n')[8]!.indexOf('drow');
    expect(edits).toEqual([
      { range: { start: { line: 8, character: col }, end: { line: 8, character: col + 4 } }, newText: 'draw' },
    ]);
  }, 60_000);
});
