// The playground page: an editor for a new general (Monaco, loaded only here), diagnostics as you type from the
// real compiler in a worker, scenario runs in a second worker with a hard timeout, balance games in a pool of
// workers (balance-pool.ts), saving in localStorage and share links that carry the source in the URL hash.
import type * as M from 'monaco-editor/editor';
import type { Completion, QuickFix } from '../../../compiler/services/language.ts';
import type { EntityTexts } from '../../../compiler/text/index.ts';
import type { GeneralInfo, LangReply, LangRequest, Marker, RunReply, RunRequest, ScenarioInfo } from './protocol.ts';
import { summarize } from '../../../ai/featured-tally.ts';
import { BalancePool, type PoolReply } from './balance-pool.ts';
import { AUTHOR_FILE } from './protocol.ts';
import { decodeSource, encodeSource, sourceParam } from './share.ts';
import { strings } from './i18n.ts';
import STARTER from './starter.sgs?raw';

const STORAGE_KEY = 'sgs-playground:source';
const CHECK_DELAY = 250; // ms after the last keystroke
const SAVE_DELAY = 400;

const root = document.querySelector<HTMLElement>('[data-playground]')!;
const lang = (root.dataset.lang === 'zh' ? 'zh' : 'en') as 'zh' | 'en';
const T = strings(lang);
const $ = <E extends HTMLElement>(sel: string) => root.querySelector<E>(sel)!;
const editorEl = $<HTMLDivElement>('.pg-editor');
const statusEl = $<HTMLSpanElement>('.pg-status');
const saveEl = $<HTMLSpanElement>('.pg-saved');
const problemsEl = $<HTMLUListElement>('.pg-problems');
const textsEl = $<HTMLDivElement>('.pg-texts');
const textsNote = $<HTMLParagraphElement>('.pg-texts-note');
const summaryEl = $<HTMLParagraphElement>('.pg-summary');
const selectEl = $<HTMLSelectElement>('.pg-scenario');
const runBtn = $<HTMLButtonElement>('.pg-run');
const resultEl = $<HTMLDivElement>('.pg-result');
const shareBtn = $<HTMLButtonElement>('.pg-share');
const shareOut = $<HTMLDivElement>('.pg-share-out');
const resetBtn = $<HTMLButtonElement>('.pg-reset');
const playBtn = $<HTMLButtonElement>('.pg-play');
const playBox = $<HTMLElement>('.pg-player');
const playHost = $<HTMLDivElement>('.pg-player-host');
const playTitle = $<HTMLElement>('.pg-player-title');
const playClose = $<HTMLButtonElement>('.pg-player-close');
const balanceBox = $<HTMLDetailsElement>('.pg-balance-box');
const balanceBrief = $<HTMLSpanElement>('.pg-balance-brief');
const balanceGeneral = $<HTMLSelectElement>('.pg-balance-general');
const balanceGames = $<HTMLInputElement>('.pg-balance-games');
const balancePlayers = $<HTMLSelectElement>('.pg-balance-players');
const balanceProgress = $<HTMLProgressElement>('.pg-balance-progress');
const balanceStatus = $<HTMLParagraphElement>('.pg-balance-status');
const balanceResult = $<HTMLDivElement>('.pg-balance-result');
const params = new URLSearchParams(location.search);
const RUN_TIMEOUT = Number(params.get('runTimeout')) || 5000; // ms; `?runTimeout=` exists for tests

// ------------------------------------------------------------------ the language worker

const langWorker = new Worker(new URL('./lang-worker.ts', import.meta.url), { type: 'module' });
let nextId = 1;
const waiting = new Map<number, (m: LangReply) => void>();
let onChecked: (m: Extract<LangReply, { type: 'checked' }>) => void = () => {};
let rulesReady = false;
let builtinScenarios: ScenarioInfo[] = [];
let authorScenarios: ScenarioInfo[] = [];

langWorker.onmessage = (ev: MessageEvent<LangReply>) => {
  const m = ev.data;
  if (m.type === 'ready') {
    rulesReady = true;
    builtinScenarios = m.builtin;
    fillScenarios();
    root.dataset.rules = String(m.files);
  } else if (m.type === 'failed' && m.id === undefined) {
    statusEl.textContent = T.rulesFailed + m.message;
    statusEl.classList.add('bad');
  } else if (m.type === 'checked') {
    onChecked(m);
  } else if (m.type === 'texts') {
    if (m.version === version) renderTexts(m.texts, m.stale);
  } else if ('id' in m && m.id !== undefined) {
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  }
};
langWorker.postMessage({
  type: 'init',
  sourcesUrl: new URL(
    `${(import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/')}data/playground-sources.json`,
    location.href,
  ).href,
  lang,
} satisfies LangRequest);

function request<R extends LangReply>(m: { type: string } & Record<string, unknown>): Promise<R> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve as (m: LangReply) => void);
    langWorker.postMessage({ ...m, id } as LangRequest);
  });
}

const client = {
  complete: async (before: string, trigger?: string) =>
    ((await request<Extract<LangReply, { type: 'completed' }>>({ type: 'complete', before, trigger })).items ??
      []) as Completion[],
  hover: async (word: string) =>
    (await request<Extract<LangReply, { type: 'hovered' }>>({ type: 'hover', word })).markdown ?? null,
  signature: async (before: string) =>
    (await request<Extract<LangReply, { type: 'signed' }>>({ type: 'signature', before })).help ?? null,
  fixes: (line: number, col: number, message: string) => fixesAt.get(`${line}:${col}:${message}`) ?? [],
};

/** The quick fixes of the markers on show, by where they start and what they say (Monaco hands markers back). */
const fixesAt = new Map<string, QuickFix[]>();

// ------------------------------------------------------------------ the source: link, saved copy or example

let fromLink = false;
async function initialSource(): Promise<string> {
  const code = sourceParam(location.hash);
  if (code) {
    try {
      const text = await decodeSource(code);
      fromLink = true;
      return text;
    } catch (e) {
      saveEl.textContent = T.badLink + (e instanceof Error ? e.message : String(e));
    }
  }
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved !== null) return saved;
  } catch {
    // storage disabled: start from the example
  }
  return STARTER;
}

// ------------------------------------------------------------------ scenarios

function scenarioLabel(s: ScenarioInfo): string {
  const name = lang === 'zh' ? (s.zh ?? s.en) : (s.en ?? s.zh);
  return name ? `${s.id} — ${name}` : s.id;
}

let picked = false;
selectEl.addEventListener('change', () => {
  picked = true;
});

function fillScenarios(): void {
  const keep = selectEl.value;
  selectEl.textContent = '';
  const group = (label: string, list: ScenarioInfo[]) => {
    const g = document.createElement('optgroup');
    g.label = label;
    for (const s of list) {
      const o = document.createElement('option');
      o.value = s.id;
      o.textContent = scenarioLabel(s);
      o.dataset.file = s.file;
      g.append(o);
    }
    if (list.length) selectEl.append(g);
  };
  group(T.yourFile, authorScenarios);
  const byFile = new Map<string, ScenarioInfo[]>();
  const mine = new Set(authorScenarios.map((s) => s.id));
  for (const s of builtinScenarios) {
    if (mine.has(s.id)) continue;
    const l = byFile.get(s.file) ?? [];
    l.push(s);
    byFile.set(s.file, l);
  }
  for (const [file, list] of byFile) group(`${T.builtin} · ${file.replace(/^rules\//, '')}`, list);
  if (!selectEl.options.length) {
    const o = document.createElement('option');
    o.textContent = T.noScenario;
    o.disabled = true;
    selectEl.append(o);
  }
  // Keep the author's pick; until there is one, the first scenario of the author's file.
  if (picked && [...selectEl.options].some((o) => o.value === keep)) selectEl.value = keep;
  else if (authorScenarios.length) selectEl.value = authorScenarios[0]!.id;
  else if (keep && [...selectEl.options].some((o) => o.value === keep)) selectEl.value = keep;
  runBtn.disabled = playBtn.disabled = !rulesReady || !selectEl.value;
}

// ------------------------------------------------------------------ page start

type Mod = typeof import('./editor.ts');
let monaco: typeof M;
let editor: M.editor.IStandaloneCodeEditor;
let model: M.editor.ITextModel;

async function start(): Promise<void> {
  statusEl.textContent = T.loading;
  const text0 = await initialSource();
  if (fromLink) saveEl.textContent = T.fromLink;
  let mod: Mod;
  try {
    mod = await import('./editor.ts');
  } catch (e) {
    statusEl.textContent = T.loadFailed + (e instanceof Error ? e.message : String(e));
    statusEl.classList.add('bad');
    throw e;
  }
  ({ monaco, editor } = await mod.createEditor(editorEl, text0, client));
  model = editor.getModel()!;
  root.dataset.editor = 'ready';
  statusEl.textContent = rulesReady ? T.checking : T.rulesLoading;
  model.onDidChangeContent(onChange);
  sendCheck();
  runBtn.addEventListener('click', () => void runSelected());
  playBtn.addEventListener('click', () => void playSelected());
  playClose.addEventListener('click', () => {
    playHost.replaceChildren();
    playBox.hidden = true;
  });
  shareBtn.addEventListener('click', () => void share());
  balanceSetup();
  resetBtn.addEventListener('click', reset);
  fillScenarios();
}

function goTo(line: number, col = 1): void {
  editor.revealLineInCenter(line);
  editor.setPosition({ lineNumber: line, column: col });
  editor.focus();
}

// ------------------------------------------------------------------ diagnostics as you type

let version = 0;
let inFlight = false;
let queued = false;
let sentAt = 0;
let checkTimer: ReturnType<typeof setTimeout> | undefined;

function sendCheck(): void {
  if (inFlight) {
    queued = true;
    return;
  }
  inFlight = true;
  queued = false;
  sentAt = performance.now();
  langWorker.postMessage({ type: 'check', version: ++version, text: model.getValue() } satisfies LangRequest);
}

function renderProblems(markers: Marker[]): void {
  problemsEl.textContent = '';
  const errors = markers.filter((m) => m.severity === 'error').length;
  const warnings = markers.length - errors;
  summaryEl.textContent = markers.length ? T.problems(errors, warnings) : T.noProblems;
  summaryEl.className = 'pg-summary ' + (errors ? 'bad' : warnings ? 'warn' : 'good');
  for (const m of markers.slice(0, 50)) {
    const li = document.createElement('li');
    li.className = m.severity;
    const a = document.createElement('a');
    a.href = '#';
    a.textContent = `${m.line}:${m.col}`;
    a.title = T.jump;
    a.addEventListener('click', (ev) => {
      ev.preventDefault();
      goTo(m.line, m.col);
    });
    const code = document.createElement('code');
    code.textContent = m.code;
    li.append(a, ' ', code, ' ', m.message);
    problemsEl.append(li);
  }
}

onChecked = (m) => {
  inFlight = false;
  const roundTrip = performance.now() - sentAt;
  if (m.version === version && !queued) {
    const text = model.getValue();
    const markers = m.markers.map((d) => {
      const s = model.getPositionAt(d.start);
      let e = model.getPositionAt(Math.max(d.end, d.start));
      if (d.end <= d.start) {
        // An empty span (end of file, a missing token): underline the word there, or one character.
        const w = model.getWordAtPosition(s);
        e = w
          ? ({ lineNumber: s.lineNumber, column: w.endColumn } as typeof e)
          : model.getPositionAt(Math.min(text.length, d.start + 1));
        if (e.lineNumber === s.lineNumber && e.column <= s.column)
          e = { lineNumber: s.lineNumber, column: s.column + 1 } as typeof e;
      }
      return {
        severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        message: d.message,
        code: d.code,
        source: d.file === AUTHOR_FILE ? undefined : d.file,
        startLineNumber: s.lineNumber,
        startColumn: s.column,
        endLineNumber: e.lineNumber,
        endColumn: e.column,
      };
    });
    fixesAt.clear();
    m.markers.forEach((d, i) => {
      const mk = markers[i]!;
      if (d.fixes?.length) fixesAt.set(`${mk.startLineNumber}:${mk.startColumn}:${mk.message}`, d.fixes);
    });
    monaco.editor.setModelMarkers(model, 'sgs', markers);
    renderProblems(m.markers);
    statusEl.textContent = T.checked(m.ms, roundTrip);
    statusEl.classList.remove('bad');
    root.dataset.checkMs = m.ms.toFixed(1);
    root.dataset.roundTripMs = roundTrip.toFixed(1);
    root.dataset.checked = String(m.version);
    root.dataset.errors = String(m.markers.filter((x) => x.severity === 'error').length);
    authorScenarios = m.scenarios;
    fillScenarios();
    balanceChecked(m.ok, m.generals);
  }
  if (queued) sendCheck();
};

// ------------------------------------------------------------------ the generated rule texts

const TEXT_GROUPS = ['generals', 'skills', 'cards', 'modes', 'events'] as const;

function renderTexts(texts: EntityTexts, stale: boolean): void {
  const out: Node[] = [];
  for (const group of TEXT_GROUPS)
    for (const [id, t] of Object.entries(texts[group])) {
      const art = el('article', 'pg-text');
      art.dataset.entity = `${group}:${id}`;
      const h = el('h3', '', [t.name.zh, t.name.en].filter(Boolean).join(' · ') || id);
      h.append(el('small', '', `${T.textsKinds[group] ?? group} · ${id}`));
      art.append(h);
      for (const l of ['zh', 'en'] as const) {
        const p = el('p', '', t[l] || T.textsEmpty);
        p.lang = l === 'zh' ? 'zh-CN' : 'en';
        p.dataset.lang = l;
        art.append(p);
      }
      out.push(art);
    }
  if (!out.length) out.push(el('p', 'pg-texts-lede', T.textsNone));
  textsEl.replaceChildren(...out);
  textsEl.classList.toggle('stale', stale);
  textsNote.textContent = stale ? T.textsStale : '';
  root.dataset.textsVersion = String(version);
}

// ------------------------------------------------------------------ saving

let saveTimer: ReturnType<typeof setTimeout> | undefined;
function save(): void {
  try {
    localStorage.setItem(STORAGE_KEY, model.getValue());
    saveEl.textContent = T.saved;
  } catch (e) {
    saveEl.textContent = String(e);
  }
}

function onChange(): void {
  balanceEdited();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(sendCheck, CHECK_DELAY);
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, SAVE_DELAY);
  // After an edit the page shows the saved copy on reload, not the link it was opened from.
  if (fromLink) {
    fromLink = false;
    history.replaceState(null, '', location.pathname + location.search);
  }
}

// ------------------------------------------------------------------ share and reset

async function share(): Promise<void> {
  const code = await encodeSource(model.getValue());
  const url = `${location.origin}${location.pathname}${location.search}#src=${code}`;
  history.replaceState(null, '', url);
  fromLink = true;
  shareOut.textContent = '';
  const input = document.createElement('input');
  input.type = 'text';
  input.readOnly = true;
  input.value = url;
  input.className = 'pg-share-url';
  input.addEventListener('focus', () => input.select());
  const note = document.createElement('span');
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // no clipboard permission: the link is shown to copy by hand
  }
  note.textContent = copied ? T.shareCopied : T.shareReady;
  shareOut.append(note, input);
  shareOut.hidden = false;
}

function reset(): void {
  if (model.getValue() !== STARTER && !confirm(T.resetConfirm)) return;
  editor.executeEdits('reset', [{ range: model.getFullModelRange(), text: STARTER }]);
  editor.pushUndoStop();
}

// ------------------------------------------------------------------ running a scenario

let runner: Worker | null = null;
let runnerVersion = -1;

function newRunner(): Worker {
  runnerVersion = -1;
  return new Worker(new URL('./run-worker.ts', import.meta.url), { type: 'module' });
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function showOutcome(
  kind: 'pass' | 'fail' | 'error' | 'timeout',
  headline: string,
  details: (string | Node)[],
  log?: string[],
): void {
  resultEl.textContent = '';
  resultEl.dataset.outcome = kind;
  const head = el('p', `pg-outcome ${kind}`);
  head.append(
    el(
      'strong',
      '',
      { pass: `✓ ${T.pass}`, fail: `✗ ${T.fail}`, error: `⚠ ${T.error}`, timeout: `⏱ ${T.timeout}` }[kind],
    ),
    ' ',
    headline,
  );
  resultEl.append(head);
  for (const d of details) {
    const p = el('p', 'pg-detail');
    p.append(d);
    resultEl.append(p);
  }
  if (log?.length) {
    const det = el('details', 'pg-log');
    det.open = log.length <= 60;
    det.append(el('summary', '', `${T.log} (${log.length})`));
    const ol = el('ol', '');
    for (const l of log.slice(-500)) ol.append(el('li', l.startsWith('error:') ? 'err' : '', l));
    det.append(ol);
    resultEl.append(det);
  }
}

/** The repeating pattern at the end of a log (a trigger loop), if the last lines repeat at least 5 times. */
function repeatingTail(log: string[]): { lines: string[]; times: number } | null {
  const body = log.filter((l) => !l.startsWith('error:'));
  for (let p = 1; p <= 8; p++) {
    if (body.length < p * 5) break;
    let times = 1;
    const tail = body.slice(-p);
    for (let k = 2; k * p <= body.length; k++) {
      const seg = body.slice(body.length - k * p, body.length - (k - 1) * p);
      if (seg.every((l, i) => l === tail[i])) times = k;
      else break;
    }
    if (times >= 5) return { lines: tail, times };
  }
  return null;
}

function atLink(at: string): Node {
  const m = /^(.*):(\d+):(\d+)$/.exec(at);
  if (!m || m[1] !== AUTHOR_FILE) return document.createTextNode(at);
  const a = el('a', '', at);
  a.href = '#';
  a.addEventListener('click', (ev) => {
    ev.preventDefault();
    goTo(Number(m[2]), Number(m[3]));
  });
  return a;
}

/** The author's file compiled with the built-in rules, or null after showing why it does not compile. */
async function compiledProgram(): Promise<Extract<LangReply, { type: 'program'; json: string }> | null> {
  // A request the worker could not handle is answered with `failed` (and its reason) instead.
  const p = await request<Extract<LangReply, { type: 'program' | 'failed' }>>({
    type: 'program',
    text: model.getValue(),
  });
  if (p.type === 'program' && 'json' in p) return p;
  showOutcome(
    'error',
    p.type === 'failed' ? T.rulesFailed + p.message : T.fixFirst,
    (p.type === 'program' ? p.errors : []).slice(0, 10).map((e) => `${e.line}:${e.col} ${e.code} ${e.message}`),
  );
  return null;
}

async function runSelected(): Promise<void> {
  const scenario = selectEl.value;
  if (!scenario) return;
  runBtn.disabled = true;
  resultEl.textContent = T.running;
  resultEl.dataset.outcome = 'running';
  try {
    const p = await compiledProgram();
    if (!p) return;
    runner ??= newRunner();
    const w = runner;
    const req: RunRequest = {
      type: 'run',
      version: p.version,
      json: runnerVersion === p.version ? undefined : p.json,
      scenario,
      seed: 1,
    };
    runnerVersion = p.version;
    const reply = await new Promise<RunReply | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), RUN_TIMEOUT);
      w.onmessage = (ev: MessageEvent<RunReply>) => {
        clearTimeout(timer);
        resolve(ev.data);
      };
      w.onerror = (ev) => {
        clearTimeout(timer);
        resolve({ type: 'error', scenario, message: ev.message || 'worker error' });
      };
      w.postMessage(req);
    });
    if (reply === 'timeout') {
      w.terminate();
      runner = null;
      showOutcome('timeout', scenario, [T.timedOut(RUN_TIMEOUT / 1000)]);
      return;
    }
    if (reply.type === 'error') {
      showOutcome('error', scenario, [reply.message]);
      return;
    }
    resultEl.dataset.engine = reply.engine;
    if (reply.ok) {
      showOutcome('pass', `${scenario} · ${T.ranIn(reply.ms, reply.steps)}`, [], reply.log);
    } else {
      const f = reply.failure!;
      const head = el('span', 'pg-step');
      head.append(T.step(f.step), ' · ', atLink(f.at));
      const details: (string | Node)[] = [head, el('code', 'pg-message', f.message)];
      if (/loop forever|step budget|nested more than/.test(f.message)) details.push(T.loop);
      else if (/Maximum call stack|too much recursion/i.test(f.message)) details.push(T.stack);
      const cycle = repeatingTail(reply.log);
      if (cycle) {
        const p = el('p', 'pg-detail');
        p.append(T.cycle(cycle.times), el('code', 'pg-message', cycle.lines.join('\n')));
        details.push(p);
      }
      showOutcome('fail', `${scenario} · ${T.ranIn(reply.ms, reply.steps)}`, details, reply.log);
    }
  } finally {
    runBtn.disabled = !selectEl.value;
  }
}

/** Play the scenario at the rulebook's table (watch its script or take a seat), on the author's program. */
async function playSelected(): Promise<void> {
  const scenario = selectEl.value;
  if (!scenario) return;
  playBtn.disabled = true;
  try {
    const p = await compiledProgram();
    if (!p) return;
    playBox.hidden = false;
    playTitle.textContent = scenarioLabel(
      [...authorScenarios, ...builtinScenarios].find((s) => s.id === scenario) ?? { id: scenario, file: '', line: 0 },
    );
    playHost.textContent = T.loading;
    const { play } = await import('./play.ts');
    await play(playHost, lang, p.json, { names: p.names, texts: p.texts }, scenario);
    playBox.scrollIntoView({ behavior: 'smooth', block: 'start' });
  } catch (e) {
    playHost.textContent = T.error + ': ' + (e instanceof Error ? e.message : String(e));
  } finally {
    playBtn.disabled = !selectEl.value;
  }
}

// ------------------------------------------------------------------ balance

const BALANCE_KEY = 'sgs-playground:balance';
const BALANCE_DELAY = 400; // ms after a check that compiled, so that a burst of edits starts one run
const balancePool = new BalancePool(
  () => new Worker(new URL('./balance-worker.ts', import.meta.url), { type: 'module' }),
  (m) => onBalance(m),
);
let balanceGen = 0; // the run the page waits for; replies of older runs are dropped
let balanceTimer: ReturnType<typeof setTimeout> | undefined;
let authorGenerals: GeneralInfo[] = [];
let compiles = false;
let checkedOnce = false;
let names: Record<string, [string, string]> = {};

function balanceSetup(): void {
  root.dataset.balanceWorkers = String(balancePool.size);
  try {
    balanceBox.open = localStorage.getItem(BALANCE_KEY) === 'open';
  } catch {
    // storage disabled: closed
  }
  balanceBox.addEventListener('toggle', () => {
    try {
      localStorage.setItem(BALANCE_KEY, balanceBox.open ? 'open' : 'closed');
    } catch {
      // storage disabled
    }
    if (balanceBox.open) scheduleBalance(0);
    else cancelBalance();
  });
  for (const e of [balanceGeneral, balancePlayers]) e.addEventListener('change', () => scheduleBalance(0));
  balanceGames.addEventListener('input', () => {
    cancelBalance();
    scheduleBalance(BALANCE_DELAY);
  });
  balanceState('idle', '');
}

function generalName(g: GeneralInfo): string {
  return (lang === 'zh' ? (g.zh ?? g.en) : (g.en ?? g.zh)) ?? g.id;
}

function balanceChecked(ok: boolean, generals: GeneralInfo[]): void {
  compiles = ok;
  checkedOnce = true;
  authorGenerals = generals;
  const keep = balanceGeneral.value;
  balanceGeneral.replaceChildren(
    ...generals.map((g) => {
      const o = document.createElement('option');
      o.value = g.id;
      o.textContent = `${generalName(g)} (${g.id})`;
      return o;
    }),
  );
  if (generals.some((g) => g.id === keep)) balanceGeneral.value = keep;
  balanceGeneral.disabled = generals.length < 2;
  scheduleBalance(BALANCE_DELAY);
}

/** An edit: the running games are for a source that no longer is; stop them now. */
function balanceEdited(): void {
  clearTimeout(balanceTimer);
  if (root.dataset.balance === 'running' || root.dataset.balance === 'done') {
    cancelBalance();
    balanceState('stale', T.balanceEdited);
  }
}

function balanceState(state: 'idle' | 'running' | 'done' | 'stale' | 'error', status: string): void {
  root.dataset.balance = state;
  balanceStatus.textContent = status;
  balanceProgress.hidden = state !== 'running';
}

function cancelBalance(): void {
  clearTimeout(balanceTimer);
  balancePool.cancel(++balanceGen);
}

function scheduleBalance(delay: number): void {
  clearTimeout(balanceTimer);
  if (!balanceBox.open || !checkedOnce) return;
  if (!compiles) {
    cancelBalance();
    balanceState('stale', T.balanceWaiting);
    return;
  }
  if (!authorGenerals.length) {
    cancelBalance();
    balanceResult.replaceChildren();
    balanceBrief.textContent = '';
    balanceState('idle', T.balanceNoGeneral);
    return;
  }
  balanceTimer = setTimeout(() => void startBalance(), delay);
}

async function startBalance(): Promise<void> {
  const gen = ++balanceGen;
  balancePool.cancel(gen);
  const general = balanceGeneral.value || authorGenerals[0]!.id;
  const games = Math.max(10, Math.min(5000, Math.round(Number(balanceGames.value) || 200)));
  const players = Number(balancePlayers.value) || 5;
  // Said with the state, so that whoever sees `running` knows which run it is (not after the awaits below).
  root.dataset.balanceGen = String(gen);
  balanceState('running', T.balancePlaying(0, games, 0));
  balanceProgress.value = 0;
  const p = await request<Extract<LangReply, { type: 'program' | 'failed' }>>({
    type: 'program',
    text: model.getValue(),
  });
  if (gen !== balanceGen) return;
  if (p.type !== 'program' || !('json' in p)) {
    balanceState('error', p.type === 'failed' ? p.message : T.balanceWaiting);
    return;
  }
  names = p.names;
  if (!balancePool.hasBase) {
    const b = await request<Extract<LangReply, { type: 'baseProgram' | 'failed' }>>({ type: 'baseProgram' });
    if (gen !== balanceGen) return;
    if (b.type !== 'baseProgram') {
      balanceState('error', b.message);
      return;
    }
    balancePool.setBase(b.json);
  }
  balancePool.start({ type: 'run', gen, version: p.version, json: p.json, general, games, players, seed: 1 });
}

// A run's progress is drawn at most every BALANCE_DRAW_MS. Each worker reports every 150 ms, and redrawing the panel
// for every report took the page's thread ~12 ms a time: a fifth of a core, taken from the workers when there are
// as many of them as cores. The end of a run and an error are drawn at once.
const BALANCE_DRAW_MS = 500;
let balanceDrawnAt = -Infinity;
let balanceDrawTimer: ReturnType<typeof setTimeout> | undefined;
let balanceNext: PoolReply | undefined; // the latest progress not drawn yet

function onBalance(m: PoolReply): void {
  if (m.gen !== balanceGen) return;
  if (m.type === 'progress') {
    balanceNext = m;
    balanceDrawTimer ??= setTimeout(
      () => {
        balanceDrawTimer = undefined;
        const next = balanceNext;
        balanceNext = undefined;
        if (next && next.gen === balanceGen) drawBalance(next);
      },
      Math.max(0, BALANCE_DRAW_MS - (performance.now() - balanceDrawnAt)),
    );
    return;
  }
  clearTimeout(balanceDrawTimer);
  balanceDrawTimer = undefined;
  balanceNext = undefined;
  drawBalance(m);
}

function drawBalance(m: PoolReply): void {
  balanceDrawnAt = performance.now();
  if (m.type === 'error') {
    balanceState('error', m.message);
    return;
  }
  balanceProgress.value = m.done / m.total;
  const s = summarize(m.counts);
  renderBalance(s, m.counts.problems, m.counts.firstProblem);
  root.dataset.balanceGames = String(s.games);
  root.dataset.balancePlayed = String(m.counts.played);
  root.dataset.balanceGps = m.gamesPerSecond.toFixed(1);
  if (m.type === 'done') {
    root.dataset.balanceRate = s.rate.toFixed(4);
    root.dataset.balanceLow = s.low.toFixed(4);
    root.dataset.balanceHigh = s.high.toFixed(4);
    root.dataset.balanceExpected = s.expected === null ? '' : s.expected.toFixed(4);
    balanceState(
      'done',
      T.balanceDone(m.counts.played, m.total - m.counts.played, m.gamesPerSecond, m.counts.problems),
    );
  } else balanceState('running', T.balancePlaying(m.done, m.total, m.gamesPerSecond));
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

function renderBalance(s: ReturnType<typeof summarize>, problems: number, firstProblem?: string): void {
  const g = authorGenerals.find((x) => x.id === (balanceGeneral.value || authorGenerals[0]?.id));
  const name = g ? generalName(g) : balanceGeneral.value;
  balanceBrief.textContent = s.games ? T.balanceBrief(pct(s.rate), pct(s.low), pct(s.high)) : '';
  const out: Node[] = [];
  const head = el('p', 'pg-balance-head');
  head.append(el('strong', '', T.balanceHead(name, pct(s.rate), pct(s.low), pct(s.high), s.games)));
  out.push(head);
  // The interval as a band on 0–100%, the rate as a line and the baseline as a dashed line.
  const track = el('div', 'pg-balance-track');
  track.setAttribute('aria-hidden', 'true');
  const at = (x: number) => `${(x * 100).toFixed(2)}%`;
  const band = el('div', 'pg-balance-band');
  band.style.left = at(s.low);
  band.style.width = at(s.high - s.low);
  const point = el('div', 'pg-balance-point');
  point.style.left = at(s.rate);
  track.append(band, point);
  if (s.expected !== null) {
    const e = el('div', 'pg-balance-expected');
    e.style.left = at(s.expected);
    track.append(e);
  }
  for (const x of [0, 0.25, 0.5, 0.75, 1]) {
    const t = el('span', 'pg-balance-tick', pct(x));
    t.style.left = at(x);
    track.append(t);
  }
  out.push(track);
  if (s.expected === null) out.push(el('p', 'pg-balance-verdict', T.balanceBaselinePending));
  else {
    out.push(el('p', 'pg-balance-verdict', T.balanceExpected(pct(s.expected))));
    out.push(
      el(
        'p',
        `pg-balance-verdict ${s.mark ?? 'within'}`,
        s.mark === 'above' ? T.balanceAbove : s.mark === 'below' ? T.balanceBelow : T.balanceWithin,
      ),
    );
  }
  if (s.roles.length) {
    const table = el('table', 'pg-balance-roles');
    const hr = el('tr', '');
    for (const h of [T.balanceRole, T.balanceGames, T.balanceYours, T.balanceBuiltin]) hr.append(el('th', '', h));
    table.append(hr);
    for (const r of s.roles) {
      const tr = el('tr', '');
      const label = names[r.role]?.[lang === 'zh' ? 0 : 1] ?? r.role;
      tr.append(
        el('td', '', label),
        el('td', 'num', String(r.games)),
        el('td', 'num', pct(r.rate)),
        el('td', 'num', r.baseline === null ? '…' : pct(r.baseline)),
      );
      table.append(tr);
    }
    out.push(table);
  }
  if (problems && firstProblem) out.push(el('p', 'pg-balance-status', T.balanceProblem + firstProblem));
  balanceResult.replaceChildren(...out);
}

void start();
