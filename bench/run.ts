// `npm run bench [-- rulesPath…]`: compile and simulation speed as JSON lines, one per measurement. Medians
// over several runs, so one slow run (a GC pause, a busy machine) does not decide the number. Not a test.
import { clearParseCache, compile, type SourceInput } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { simulate } from '../cli/simulate.ts';
import { defaultMode, playerRange } from '../cli/setup.ts';

const RUNS = 7;
const GAMES_PER_BATCH = 20;
const PLAYERS = 5;

const paths = process.argv.slice(2);
const sources = loadSources(paths.length ? paths : ['rules']);
const emit = (o: Record<string, unknown>) => console.log(JSON.stringify(o));
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number) => Math.round(x * 100) / 100;
const time = (f: () => void) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

// Compile everything from scratch (the parse cache is cleared each time): the first call is cold (no JIT-compiled
// code yet, the parser built lazily), later calls are warm. "medianMs" is the median of all runs, the cold one included.
const compileTimes: number[] = [];
let result!: ReturnType<typeof compile>;
for (let i = 0; i < RUNS; i++) {
  clearParseCache();
  compileTimes.push(time(() => (result = compile(sources))));
}
emit({
  bench: 'compile',
  files: sources.length,
  lines: sources.reduce((n, s) => n + s.text.split('\n').length, 0),
  coldMs: ms(compileTimes[0]!),
  medianMs: ms(median(compileTimes)),
  warmMinMs: ms(Math.min(...compileTimes.slice(1))),
  runs: RUNS,
});

// Re-check after an edit, as in the editor: the author changed one file (here: appended a comment) and the whole set
// is compiled again; unchanged files keep their cached parse.
const largest = sources.reduce((a, s, i) => (s.text.length > sources[a]!.text.length ? i : a), 0);
const recheck: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const edited: SourceInput[] = sources.map((s, j) =>
    j === largest ? { file: s.file, text: `${s.text}\n# edit ${i}\n` } : s,
  );
  recheck.push(time(() => compile(edited)));
}
emit({ bench: 'recheck', editedFile: sources[largest]!.file, medianMs: ms(median(recheck)), runs: RUNS });

const errors = result.diagnostics.filter((d) => d.severity === 'error');
if (!result.program || errors.length) {
  emit({ bench: 'simulate', skipped: `the rules do not compile (${errors.length} errors; run sgs check)` });
  process.exitCode = 1;
} else {
  const program = result.program;
  const mode = defaultMode(program);
  const [min, max] = mode ? playerRange(mode) : [PLAYERS, PLAYERS];
  const players = Math.min(max, Math.max(min, PLAYERS));
  // One unmeasured batch first, so that the timed batches run JIT-compiled code.
  simulate(program, { players, games: 5, seed: 999, invariants: false });
  const gps: number[] = [];
  const usPerDecision: number[] = [];
  for (let b = 0; b < RUNS; b++) {
    const r = simulate(program, { players, games: GAMES_PER_BATCH, seed: b + 1, invariants: false });
    gps.push((r.games * 1000) / r.ms);
    usPerDecision.push((r.ms * 1000) / Math.max(1, r.decisions));
  }
  emit({
    bench: 'simulate',
    players,
    mode: mode?.id,
    gamesPerBatch: GAMES_PER_BATCH,
    batches: RUNS,
    gamesPerSecond: Math.round(median(gps) * 10) / 10,
    usPerDecision: ms(median(usPerDecision)),
  });
}
