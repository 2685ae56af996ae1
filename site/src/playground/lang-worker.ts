// The language worker: compiles the author's file together with the built-in rules (the real compiler), so
// typing never waits for it; answers completion and hover from an index of every declared name (with the rule
// texts the compiler generates), and words the author's own entities after each check.
import { compile, type CompileResult, type SourceInput } from '../../../compiler/index.ts';
import { generateTexts, generateTextsOf, type EntityTexts } from '../../../compiler/text/index.ts';
import {
  attachTexts,
  complete,
  describe,
  emptyIndex,
  indexFiles,
  lookup,
  quickFixes,
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
let texts: { result: CompileResult; texts: EntityTexts } | null = null; // the author's entities, worded

const post = (m: LangReply) => (self as unknown as Worker).postMessage(m);

/** Where each built-in scenario is declared: a scenario of the author's file with the same id stands in for it. */
const builtinScenarioAt = new Map<string, { file: string; start: number; end: number }>();
const SCENARIO_LINE = /^[ \t]*scenario[ \t]+([\p{L}_][\p{L}\p{N}_]*)/gmu;
let shadowed: { key: string; sources: SourceInput[] } = { key: '', sources: [] };

/** The built-in sources with the scenarios the author's text redeclares blanked out (same offsets and lines, so
 *  every other position stays put); the same array while the set of redeclared scenarios does not change. */
function baseFor(text: string): SourceInput[] {
  const ids = [...text.matchAll(SCENARIO_LINE)].map((m) => m[1]!).filter((id) => builtinScenarioAt.has(id));
  const key = ids.sort().join(' ');
  if (!key) return base;
  if (shadowed.key === key) return shadowed.sources;
  const cut = new Map<string, { start: number; end: number }[]>();
  for (const id of ids) {
    const at = builtinScenarioAt.get(id)!;
    cut.set(at.file, [...(cut.get(at.file) ?? []), at]);
  }
  const sources = base.map((s) => {
    const spans = cut.get(s.file);
    if (!spans) return s;
    let t = s.text;
    for (const sp of spans)
      t = t.slice(0, sp.start) + t.slice(sp.start, sp.end).replace(/[^\n]/g, ' ') + t.slice(sp.end);
    return { file: s.file, text: t };
  });
  shadowed = { key, sources };
  return sources;
}

async function init(url: string): Promise<void> {
  const t0 = performance.now();
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const data = (await res.json()) as { sources: SourceInput[] };
  base = data.sources;
  const r = compile(base);
  // Without its scenarios (three quarters of the program): the balance worker only plays games.
  baseJson = r.program ? JSON.stringify({ ...r.program, scenarios: {} }) : '';
  for (const f of r.files)
    for (const d of f.decls)
      if (d.kind === 'Scenario' && d.names.id.name)
        builtinScenarioAt.set(d.names.id.name, { file: f.file, start: d.pos, end: d.end });
  baseIndex = attachTexts(indexFiles(r.files, new Map(base.map((s) => [s.file, s.text]))), generateTexts(r));
  post({ type: 'ready', builtin: scenariosOf(r.files), files: base.length, ms: performance.now() - t0 });
}

function run(text: string): CompileResult {
  if (last && last.text === text) return last.result;
  const result = compile([...baseFor(text), { file: AUTHOR_FILE, text }]);
  last = { text, result, version: ++programVersion };
  const mineFiles = result.files.filter((f) => f.file === AUTHOR_FILE);
  try {
    mine = indexFiles(mineFiles, new Map([[AUTHOR_FILE, text]]));
    if (texts) attachTexts(mine, texts.texts); // until this compile's texts are worded
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

/** The rule texts of the author's entities from this compile (no second compile: the texts read its trees and
 *  symbols), put on the author's names for hover too. Null when the file has errors: an unresolved name would be
 *  worded raw (`{drow}`), so the panel keeps the last texts of a file that compiled. */
function ownTexts(result: CompileResult): EntityTexts | null {
  if (texts?.result === result) return texts.texts;
  if (!result.program || !result.symbols) return null;
  const t = generateTextsOf(result, (f) => f === AUTHOR_FILE);
  texts = { result, texts: t };
  attachTexts(mine, t);
  return t;
}

function markers(result: CompileResult, text: string): Marker[] {
  return result.diagnostics.map((d) => {
    const own = d.span.file === AUTHOR_FILE;
    const fixes = own ? quickFixes(d, text, lang) : [];
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
      ...(fixes.length ? { fixes } : {}),
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
        // Worded after the diagnostics are out, so that they never wait for the texts.
        try {
          const t = ownTexts(result);
          if (t) post({ type: 'texts', version: m.version, texts: t, stale: false });
          else if (texts) post({ type: 'texts', version: m.version, texts: texts.texts, stale: true });
        } catch {
          // A tree the text generator cannot word yet (mid-edit): the panel keeps the last texts.
        }
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
