// The bench's `baseline` row: the engine playing the slice (bench/slice on rules/core) against its hand-written twin
// (bench/slice-twin.ts), the same games in each run (test/bench-baseline.test.ts checks they are the same games).
// `npm run bench` runs it in a process of its own (`node bin/bundle.mjs bench/baseline-row.ts` prints the row):
// the engine's code is shared by every program it plays, so after the full rules' games of the other rows its call
// sites carry what those games taught them, and the slice measured ~15 % slower there; the twin's code is its own.
// The ratio is taken within each run, engine then twin back to back, so that a busy moment weighs on both. The twin
// plays its batch TWIN_REPEATS times (the same games) so that its much shorter time is not mostly timer and GC noise.
import { fileURLToPath } from 'node:url';
import { gameHeap } from '../cli/heap.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { SLICE_PLAYERS, batch, playEngine, playTwinGame, sliceProgram } from './baseline.ts';
import { median } from './stats.ts';

const TWIN_REPEATS = 5;

/** `warmup`: games each plays unmeasured first (bench/run.ts WARMUP_GAMES: the engine's code reaches its speed after
 *  ~120 games of the slice, the twin's much sooner). */
export async function baselineRow(
  runs: number,
  gamesPerBatch: number,
  warmup: number,
): Promise<Record<string, unknown>> {
  gameHeap(); // as a process of `sgs` that plays games sets it: the engine and the twin both play on that heap
  const slice = sliceProgram();
  await loadCompiled(slice);
  const engineGames = (seed: number, games: number) => batch((s, a) => playEngine(slice, s, a), games, seed);
  engineGames(999, warmup);
  batch(playTwinGame, warmup, 999);
  const engineUs: number[] = [];
  const twinUs: number[] = [];
  const ratios: number[] = [];
  let same = true;
  let turns = 0;
  for (let b = 0; b < runs; b++) {
    const e = engineGames(b + 1, gamesPerBatch);
    let twinMs = 0;
    for (let k = 0; k < TWIN_REPEATS; k++) {
      const t = batch(playTwinGame, gamesPerBatch, b + 1);
      same &&= e.traceHash === t.traceHash;
      twinMs += t.ms;
    }
    turns += e.turns;
    const eu = (e.ms * 1000) / Math.max(1, e.turns);
    const tu = (twinMs * 1000) / Math.max(1, e.turns * TWIN_REPEATS);
    engineUs.push(eu);
    twinUs.push(tu);
    ratios.push(eu / tu);
  }
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    bench: 'baseline',
    players: SLICE_PLAYERS,
    gamesPerBatch,
    batches: runs,
    turnsPerGame: Math.round((turns / (runs * gamesPerBatch)) * 10) / 10,
    engineMicrosPerTurn: r2(median(engineUs)),
    twinMicrosPerTurn: r2(median(twinUs)),
    ratio: r2(median(ratios)),
    sameTraces: same,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [runs, games, warmup] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await baselineRow(runs || 7, games || 20, warmup || 200)));
}
