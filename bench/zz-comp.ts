// `npm run bench [-- rulesPath…]`: compile and simulation speed as JSON lines, one per measurement, then the
// baseline: the engine's cost per turn against a hand-written twin of the same slice of the game. Medians over
// several runs, so one slow run (a GC pause, a busy machine) does not decide the number. Not a test.
import { clearParseCache, compile, type SourceInput } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { simulate } from '../cli/simulate.ts';
import { defaultMode, playerRange } from '../cli/setup.ts';
import { playgroundRow } from './playground.ts';
import { SLICE_PLAYERS, batch, playEngine, playTwinGame, sliceProgram } from './baseline.ts';
import { memoryRows } from './memory.ts';

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

const largest = sources.reduce((a, s, i) => (s.text.length > sources[a]!.text.length ? i : a), 0);
// Re-check after an edit that changes the program (a declaration appended to the largest file): unchanged files
// keep their cached parse, everything after parsing runs again. Measured right after the full compiles, like them.
const recheckCode: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const edited: SourceInput[] = sources.map((s, j) =>
    j === largest ? { file: s.file, text: `${s.text}\nvar benchEdit${i}: int = ${i}\n` } : s,
  );
  recheckCode.push(time(() => compile(edited)));
}
emit({ bench: 'recheckCode', editedFile: sources[largest]!.file, medianMs: ms(median(recheckCode)), runs: RUNS });

// Re-check after an edit, as in the editor: the author changed the same file (here: appended a comment) and the
// whole set is compiled again; unchanged files keep their cached parse, the edited one is only lexed (its tokens
// did not change, so its trees are kept), and when no parse moved a declaration the last result is handed back. The unedited rules are compiled first (unmeasured), as the author last saw them.
compile(sources);
const recheck: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const edited: SourceInput[] = sources.map((s, j) =>
    j === largest ? { file: s.file, text: `${s.text}\n# edit ${i}\n` } : s,
  );
  recheck.push(time(() => compile(edited)));
}
emit({ bench: 'recheck', editedFile: sources[largest]!.file, medianMs: ms(median(recheck)), runs: RUNS });

