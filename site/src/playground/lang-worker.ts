// The language worker: compiles the author's file together with the built-in rules (the real compiler), so
// typing never waits for it; answers completion and hover from an index of every declared name.
import { compile, type CompileResult, type SourceInput } from '../../../compiler/index.ts';
import {
  complete,
  describe,
  emptyIndex,
  indexFiles,
  lookup,
  scenariosOf,
  signatureAt,
  type IndexPart,
  type Lang,
} from '../../../compiler/services/language.ts';
import { AUTHOR_FILE, type GeneralInfo, type LangReply, type LangRequest, type Marker } from './protocol.ts';
import type * as A from '../../../compiler/ast/nodes.ts';
import { tableWords } from '../lib/table-words.ts';

let base: SourceInput[] = [];
let baseIndex: IndexPart = emptyIndex();
let mine: IndexPart = emptyIndex();
let lang: Lang = 'en';
let ready: Promise<void> | null = null;
let last: { text: string; result: CompileResult; version: number } | null = null;
let programVersion = 0;
let baseJson = ''; // the built-in rules alone, compiled once: the balance panel's baseline table

const post = (m: LangReply) => (self as unknown as Worker).postMessage(m);

async function init(url: string): Promise<void> {
  const t0 = performance.now();
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const data = (await res.json()) as { sources: SourceInput[] };
  base = data.sources;
  const r = compile(base);
  baseJson = r.program ? JSON.stringify(r.program) : '';
  baseIndex = indexFiles(r.files, new Map(base.map((s) => [s.file, s.text])));
  post({ type: 'ready', builtin: scenariosOf(r.files), files: base.length, ms: performance.now() - t0 });
}

function run(text: string): CompileResult {
  if (last && last.text === text) return last.result;
  const result = compile([...base, { file: AUTHOR_FILE, text }]);
  last = { text, result, version: ++programVersion };
  const mineFiles = result.files.filter((f) => f.file === AUTHOR_FILE);
  try {
    mine = indexFiles(mineFiles, new Map([[AUTHOR_FILE, text]]));
  } catch {
    // A partial tree from error recovery the index does not understand: keep the previous names.
  }
  return result;
}

/** The generals the author's file declares, in order. */
function generalsOf(files: A.SourceFile[]): GeneralInfo[] {
  const out: GeneralInfo[] = [];
  for (const f of files)
    for (const d of f.decls)
      if (d.kind === 'General' && d.names.id.name)
        out.push({ id: d.names.id.name, zh: d.names.zh?.name, en: d.names.en });
  return out;
}

function markers(result: CompileResult, text: string): Marker[] {
  return result.diagnostics.map((d) => {
    const own = d.span.file === AUTHOR_FILE;
    // A problem the author's file causes in a built-in file (rare): shown on the first line, naming the file.
    return {
      severity: d.severity,
      code: d.code,
      file: d.span.file,
      message: own ? d.message : `${d.span.file}:${d.span.line}:${d.span.col}: ${d.message}`,
      start: own ? Math.min(d.span.start, text.length) : 0,
      end: own ? Math.min(Math.max(d.span.end, d.span.start), text.length) : 0,
      line: own ? d.span.line : 1,
      col: own ? d.span.col : 1,
    };
  });
}

async function handle(m: LangRequest): Promise<void> {
  if (m.type === 'init') {
    lang = m.lang;
    ready = init(m.sourcesUrl);
    try {
      await ready;
    } catch (e) {
      post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  await ready;
  switch (m.type) {
    case 'check': {
      const t0 = performance.now();
      try {
        const result = run(m.text);
        const ms = performance.now() - t0;
        const own = result.files.filter((f) => f.file === AUTHOR_FILE);
        post({
          type: 'checked',
          version: m.version,
          markers: markers(result, m.text),
          scenarios: scenariosOf(own),
          generals: generalsOf(own),
          ms,
          ok: !!result.program,
        });
      } catch (e) {
        // Never leave the page waiting: report the failure as a problem at the top of the file.
        const message = `playground: ${e instanceof Error ? e.message : String(e)}`;
        post({
          type: 'checked',
          version: m.version,
          markers: [
            { severity: 'error', code: 'SGS999', message, start: 0, end: 0, line: 1, col: 1, file: AUTHOR_FILE },
          ],
          scenarios: [],
          generals: [],
          ms: performance.now() - t0,
          ok: false,
        });
      }
      break;
    }
    case 'complete':
      post({ type: 'completed', id: m.id, items: complete([mine, baseIndex], m.before, lang, m.trigger) });
      break;
    case 'signature':
      post({ type: 'signed', id: m.id, help: signatureAt([mine, baseIndex], m.before, lang) });
      break;
    case 'hover': {
      const e = lookup([mine, baseIndex], m.word);
      post({ type: 'hovered', id: m.id, markdown: e ? describe(e, lang) : null });
      break;
    }
    case 'program': {
      const result = run(m.text);
      if (result.program)
        post({
          type: 'program',
          id: m.id,
          json: JSON.stringify(result.program),
          version: last!.version,
          ...tableWords(result.files),
        });
      else post({ type: 'program', id: m.id, errors: markers(result, m.text).filter((x) => x.severity === 'error') });
      break;
    }
    case 'baseProgram':
      if (!baseJson) throw new Error('the built-in rules do not compile');
      post({ type: 'baseProgram', id: m.id, json: baseJson });
      break;
  }
}

self.onmessage = (ev: MessageEvent<LangRequest>) => {
  const m = ev.data;
  // A request that fails still gets its answer (with the reason), so the page never waits forever.
  void handle(m).catch((e) =>
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e), id: 'id' in m ? m.id : undefined }),
  );
};
