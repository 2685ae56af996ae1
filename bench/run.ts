// `npm run bench [-- rulesPath…]`: compile and simulation speed as JSON lines, one per measurement, then the
// baseline: the engine's cost per turn against a hand-written twin of the same slice of the game. Medians over
// several runs, so one slow run (a GC pause, a busy machine) does not decide the number. Not a test.
import { spawnSync } from 'node:child_process';
import {
  clearParseCache,
  compile,
  type CompileOptions,
  type CompileResult,
  type SourceInput,
} from '../compiler/index.ts';
import { FOR_GAMES } from '../cli/compile.ts';
import { gameHeap } from '../cli/heap.ts';
import { loadSources } from '../compiler/node/load.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { simulate } from '../cli/simulate.ts';
import { defaultMode, playerRange } from '../cli/setup.ts';
import { playgroundRow } from './playground.ts';
import { memoryRows } from './memory.ts';
import { machineCeiling } from './ceiling.ts';
import { cliJobs } from './cli-jobs.ts';
import { median } from './stats.ts';
import { targetRows } from './targets.ts';

const RUNS = 7;
const GAMES_PER_BATCH = 20;
/** Games played unmeasured before the timed batches of a speed row, on each engine (and by the slice's twin): a
 *  fresh process plays its first ~100 full-rules games (~120 of the slice) slower while V8's optimising compiler works
 *  through the code. Batches of 20 full-rules games ran at 54, 122, 142, 233 and 171 games/s before settling at ~250;
 *  the slice's engine at 119, 66, 39, 48 and 33 µs a turn before ~18. With 5 games of warm-up, as until stop 54, the
 *  median of seven batches mostly measured that warm-up. A command's own warm-up is in the rows that run commands
 *  (`cli`, `ceiling`). */
const WARMUP_GAMES = 200;
const PLAYERS = 5;

const paths = process.argv.slice(2);
const sources = loadSources(paths.length ? paths : ['rules']);
const printed: Record<string, unknown>[] = [];
const emit = (o: Record<string, unknown>) => {
  printed.push(o);
  console.log(JSON.stringify(o));
};
const ms = (x: number) => Math.round(x * 100) / 100;
const time = (f: () => void) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

// Compile everything from scratch (the parse cache is cleared each time): the first call is cold (no JIT-compiled
// code yet, the parser built lazily), later calls are warm. "medianMs" is the median of the first RUNS, the cold one
// included. "warmMedianMs" is the median of WARM_RUNS more compiles after WARM_UP unmeasured ones, once the
// compiler's code is optimised: what an editor or a long-lived process that compiles again pays (the playground's
// worker, `sgs lsp`). The warm-up is that long because a process takes some twenty compiles to settle: in four
// processes (2026-12-07) the full compiles after the games' ones took a median of 158 ms in runs 7–21 (the warm
// runs until then), 130 in runs 22–36 and 126 in runs 30–59; V8 was still optimising the compiler's code
// (`--trace-opt`: 890 optimisations during the first, 20–60 during each later one, deoptimisations until the tenth).
// Four rows: `compileForGames`, as the commands that only play games compile (`sgs simulate`, `balance`, `demo`,
// `replay`: the scenarios left out; once: CompileOptions.once, no results kept for a re-check); `compile`,
// everything, as `sgs check` compiles (CompileOptions.checkOnly: every diagnostic, no scenario kept in the program);
// `compileWithScenarios`, everything, as `sgs test` compiles (once too, the scenarios kept to run); and
// `compileInEditor`, everything with the results per declaration kept, as the editor and the playground compile
// (what a re-check then reuses). The last three are measured together, a compile of each in turn, each turn
// starting with the next row: measured one after the other, the first of two came out 8–38 % slower than the
// second, whichever it was (three runs of each order), by its place alone. (`coldMs` of the last two is thus their
// first compile, made after the cold one of `compile`.)
const WARM_UP = 15;
const WARM_RUNS = 15;
type CompileRow = { bench: string; options: CompileOptions; times: number[]; result?: CompileResult };
const compileRows = (...rows: CompileRow[]) => {
  for (let i = 0; i < RUNS + WARM_UP + WARM_RUNS; i++)
    for (let j = 0; j < rows.length; j++) {
      const row = rows[(i + j) % rows.length]!;
      clearParseCache();
      row.times.push(time(() => (row.result = compile(sources, row.options))));
    }
  for (const { bench, times } of rows)
    emit({
      bench,
      files: sources.length,
      lines: sources.reduce((n, s) => n + s.text.split('\n').length, 0),
      coldMs: ms(times[0]!),
      medianMs: ms(median(times.slice(0, RUNS))),
      warmMedianMs: ms(median(times.slice(RUNS + WARM_UP))),
      warmMinMs: ms(Math.min(...times.slice(1))),
      runs: RUNS,
    });
  return rows[0]!.result!;
};
const result = compileRows({ bench: 'compileForGames', options: FOR_GAMES, times: [] });
compileRows(
  { bench: 'compile', options: { checkOnly: true }, times: [] },
  { bench: 'compileWithScenarios', options: { once: true }, times: [] },
  { bench: 'compileInEditor', options: {}, times: [] },
);
// The re-check rows below start from the last compile of everything, as an editor's: one that kept its results.
clearParseCache();
compile(sources);

const largest = sources.reduce((a, s, i) => (s.text.length > sources[a]!.text.length ? i : a), 0);
// An author edits one file many times in a session: each re-check row times EDITS edits in a row, right after
// the full compiles; `firstMs` is the median of the first RUNS (code paths still warming up, the heap left large by
// the full compiles), `medianMs` of them all.
// `steadyMs` is the median of STEADY more edits after those: an author's pace once the first edits have warmed the
// re-check's own code paths (it is the figure the 5 ms is about; `medianMs` keeps the old protocol).
const EDITS = 40;
const STEADY = 80;
const editRow = (bench: string, times: number[], editedFile = sources[largest]!.file) =>
  emit({
    bench,
    editedFile,
    medianMs: ms(median(times.slice(0, EDITS))),
    firstMs: ms(median(times.slice(0, RUNS))),
    steadyMs: ms(median(times.slice(EDITS))),
    runs: times.length,
  });
// Re-check after an edit that changes the program (a declaration appended to the largest file): unchanged files
// keep their cached parse, everything after parsing runs again.
const recheckCode: number[] = [];
for (let i = 0; i < EDITS + STEADY; i++) {
  const edited: SourceInput[] = sources.map((s, j) =>
    j === largest ? { file: s.file, text: `${s.text}\nvar benchEdit${i}: int = ${i}\n` } : s,
  );
  recheckCode.push(time(() => compile(edited)));
}
editRow('recheckCode', recheckCode);

// Re-check after an edit inside a skill (the first number of the first skill of the largest file that declares
// skills, set to another value each time): the edit an author makes most. The facts the texts need are found again
// (compiler/text/facts.ts), and kept when they come out the same.
const skillFile = sources.reduce(
  (a, s, i) => (s.text.includes('\nskill ') && (a < 0 || s.text.length > sources[a]!.text.length) ? i : a),
  -1,
);
if (skillFile >= 0) {
  const text = sources[skillFile]!.text;
  const digits = /\d+/g;
  digits.lastIndex = text.indexOf('\nskill ');
  const at = digits.exec(text);
  if (at) {
    compile(sources);
    const recheckSkill: number[] = [];
    for (let i = 0; i < EDITS + STEADY; i++) {
      const edited: SourceInput[] = sources.map((s, j) =>
        j === skillFile
          ? { file: s.file, text: `${text.slice(0, at.index)}${i % 7}${text.slice(at.index + at[0].length)}` }
          : s,
      );
      recheckSkill.push(time(() => compile(edited)));
    }
    editRow('recheckSkill', recheckSkill, sources[skillFile]!.file);
  }
}

// Re-check after an edit, as in the editor: the author changed the same file (here: appended a comment) and the
// whole set is compiled again; unchanged files keep their cached parse, the edited one is only lexed (its tokens
// did not change, so its trees are kept), and when no parse moved a declaration the last result is handed back. The unedited rules are compiled first (unmeasured), as the author last saw them.
compile(sources);
const recheck: number[] = [];
for (let i = 0; i < EDITS + STEADY; i++) {
  const edited: SourceInput[] = sources.map((s, j) =>
    j === largest ? { file: s.file, text: `${s.text}\n# edit ${i}\n` } : s,
  );
  recheck.push(time(() => compile(edited)));
}
editRow('recheck', recheck);

const errors = result.diagnostics.filter((d) => d.severity === 'error');
if (!result.program || errors.length) {
  emit({ bench: 'simulate', skipped: `the rules do not compile (${errors.length} errors; run sgs check)` });
  process.exitCode = 1;
} else {
  const program = result.program;
  // From here on, the process plays games as a command that only plays games does: the compiler's caches dropped
  // (cli/compile.ts requireProgramOnly; kept, they were ~100 MB of live heap that every full collection marked
  // again) and the heap sized as it sizes it (cli/heap.ts).
  clearParseCache();
  gameHeap();
  // The rules' compiled code, as the CLI runs them; the time to print and import it is a row of its own.
  const tEmit = performance.now();
  await loadCompiled(program);
  emit({ bench: 'emit', ms: ms(performance.now() - tEmit), note: 'print the compiled module, write it, import it' });
  const mode = defaultMode(program);
  const [min, max] = mode ? playerRange(mode) : [PLAYERS, PLAYERS];
  const players = Math.min(max, Math.max(min, PLAYERS));
  // Each engine in a phase of its own: WARMUP_GAMES unmeasured, then RUNS timed batches. The compiled code first, as
  // `sgs simulate` runs it: the engine's code is shared by both, and after both had warmed up, batches interleaved
  // with the interpreter's (as until stop 54) ran at 147–150 games/s against 286–295 in a phase of their own (V8
  // optimised the engine's calls for both kinds of code). The interpreter's phase plays the same games; the ratio is
  // taken between the phases' medians.
  const phase = (engine: 'compiled' | 'resolved') => {
    simulate(program, { players, games: WARMUP_GAMES, seed: 999, invariants: false, engine });
    const out: { gps: number; us: number; hash: string }[] = [];
    for (let b = 0; b < RUNS; b++) {
      const r = simulate(program, { players, games: GAMES_PER_BATCH, seed: b + 1, invariants: false, engine });
      out.push({ gps: (r.games * 1000) / r.ms, us: (r.ms * 1000) / Math.max(1, r.decisions), hash: r.traceHash });
    }
    return out;
  };
  const compiled = phase('compiled');
  const interpreted = phase('resolved');
  if (compiled.some((r, b) => r.hash !== interpreted[b]!.hash)) process.exitCode = 1;
  const gps = median(compiled.map((r) => r.gps));
  const interpGps = median(interpreted.map((r) => r.gps));
  emit({
    bench: 'simulate',
    engine: 'compiled',
    players,
    mode: mode?.id,
    gamesPerBatch: GAMES_PER_BATCH,
    batches: RUNS,
    warmupGames: WARMUP_GAMES,
    gamesPerSecond: Math.round(gps * 10) / 10,
    usPerDecision: ms(median(compiled.map((r) => r.us))),
    interpreterGamesPerSecond: Math.round(interpGps * 10) / 10,
    compiledOverInterpreter: ms(gps / interpGps),
  });

  // Worker threads in this process: the same games with --jobs 2 and --jobs 1, back to back in each run (worker
  // start-up included), the ratio taken within the run. --jobs 1 plays on this thread, warm from the rows before,
  // and --jobs 2 adds a cold worker to it: the figure is lower than two commands get (`cli` below). The process's
  // CPU time (all threads: V8's GC and compiler threads too) per mode: on two cores the ratio cannot pass 2 × jobs
  // 1's wall time ÷ jobs 2's CPU. Throughput is measured on runs long enough for a worker's warm-up (a fresh
  // isolate compiling the rules' code again, ~1–2 s of CPU) to be a small part: 2,000 games. A short run of 400 games (a few seconds) is printed
  // beside it (`shortRun`): there the worker's warm-up mostly competes with the main thread for the two cores.
  const parallel = (games: number, runs: number) => {
    const ratios: number[] = [];
    const twoGps: number[] = [];
    const cores: [number[], number[]] = [[], []];
    const cpuRatios: number[] = [];
    const timed = (jobs: number, seed: number) => {
      const c0 = process.cpuUsage();
      const r = simulate(program, { players, games, seed, invariants: false, jobs });
      const c = process.cpuUsage(c0);
      return { r, cpuMs: (c.user + c.system) / 1000 };
    };
    for (let b = 0; b < runs; b++) {
      const one = timed(1, b + 1);
      const two = timed(2, b + 1);
      if (two.r.traceHash !== one.r.traceHash) process.exitCode = 1;
      ratios.push(one.r.ms / two.r.ms);
      twoGps.push((two.r.games * 1000) / two.r.ms);
      cores[0].push(one.cpuMs / one.r.ms);
      cores[1].push(two.cpuMs / two.r.ms);
      cpuRatios.push(two.cpuMs / one.cpuMs);
    }
    return {
      games,
      runs,
      jobs2GamesPerSecond: Math.round(median(twoGps) * 10) / 10,
      jobs2OverJobs1: ms(median(ratios)),
      jobs1Cores: ms(median(cores[0])),
      jobs2Cores: ms(median(cores[1])),
      jobs2CpuOverJobs1: ms(median(cpuRatios)),
    };
  };
  const long = parallel(2000, 3);
  const { games: shortGames, jobs2OverJobs1: shortRatio, jobs2CpuOverJobs1: shortCpu } = parallel(400, 5);
  // The same two commands as a user runs them, each a fresh process (bench/cli-jobs.ts): the figure the target reads.
  const cli = await cliJobs(players, 2000, 3);
  if (!cli.sameTraces) process.exitCode = 1;
  // What the machine itself gives two game threads (bench/ceiling.ts): two `sgs simulate` processes at once.
  const ceiling = await machineCeiling(players, 1000, 2);
  emit({
    bench: 'parallel',
    players,
    ...long,
    shortRun: { games: shortGames, jobs2OverJobs1: shortRatio, jobs2CpuOverJobs1: shortCpu },
    cli,
    machineCeiling: ceiling,
    jobs2OfCeiling: ms(long.jobs2OverJobs1 / ceiling.twoProcessesOverOne),
    cliOfCeiling: ms(cli.jobs2OverJobs1 / ceiling.twoProcessesOverOne),
  });
}

// The baseline (bench/baseline-row.ts): the engine playing the slice against its hand-written twin, in a process of
// its own, so that the engine's code has played nothing else before.
{
  const p = spawnSync(
    process.execPath,
    ['bin/bundle.mjs', 'bench/baseline-row.ts', String(RUNS), String(GAMES_PER_BATCH), String(WARMUP_GAMES)],
    {
      encoding: 'utf8',
    },
  );
  const row = p.status === 0 ? (JSON.parse(p.stdout.trim().split('\n').pop()!) as Record<string, unknown>) : null;
  emit(row ?? { bench: 'baseline', failed: p.stderr.trim().split('\n').slice(-3).join(' | ') });
  if (row?.sameTraces !== true) process.exitCode = 1;
}

// Memory over a long run, in child processes (bench/memory.ts): MEMORY_GAMES games each, a straight line from there
// to 100,000 (a run that long takes about an hour).
const MEMORY_GAMES = Number(process.env.BENCH_MEMORY_GAMES ?? 2000);
for (const row of memoryRows(MEMORY_GAMES)) emit(row);

// The playground's balance worker in Chromium (bench/playground.ts): 1,000 games after a warm-up; `ms` is the time
// those 1,000 games take (the target is under 2,000).
emit({ bench: 'playground', ...(await playgroundRow()) });

// Last, the targets beside what this run measured, each from its row above (a row skipped: no value).
emit({ bench: 'targets', rows: targetRows(printed) });
