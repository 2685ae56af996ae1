// The baseline: the slice (bench/slice, compiled with rules/core) played by the engine, and its hand-written twin
// (bench/slice-twin.ts), each game driven by the random AI with the same seeds as `sgs simulate`. Both drivers are
// the same lean loop (ask the policy, answer, repeat), so that what differs is the engine against the twin.
import { join } from 'node:path';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { Game, hashHex, hashString, type Program } from '../runtime/index.ts';
import { RandomAI } from '../ai/random.ts';
import { deriveSeed } from '../cli/simulate.ts';
import { playTwin, type TwinResult } from './slice-twin.ts';

export const SLICE_PATHS = ['rules/core', 'bench/slice'];
export const SLICE_PLAYERS = 5;
const MAX_DECISIONS = 5000;

/** The slice compiled with the core rules of the checkout at `root`; throws with the first error if it does not
 *  compile. */
export function sliceProgram(root = process.cwd()): Program {
  const r = compile(
    loadSources(
      SLICE_PATHS.map((p) => join(root, p)),
      root,
    ),
  );
  const err = r.diagnostics.find((d) => d.severity === 'error');
  if (!r.program || err) throw new Error(`bench/slice does not compile: ${err?.message ?? 'no program'}`);
  return r.program;
}

export type GameResult = TwinResult;

/** One game of the slice on the engine. Turns are counted as the `turn` events that start. */
export function playEngine(program: Program, seed: number, aiSeed: number): GameResult {
  const g = new Game(program, { players: SLICE_PLAYERS, seed, keepLog: false });
  let turns = 0;
  g.observers.push((f, phase) => {
    if (phase === 'start' && f.id === 'turn') turns++;
  });
  const ai = new RandomAI(aiSeed);
  // Each decision answered as it is asked (Game.play), as `sgs simulate` plays.
  g.play((r) => (g.state.decisions <= MAX_DECISIONS ? ai.pick(r) : null));
  if (g.state.error) throw new Error(`the engine stopped with an error: ${g.state.error}`);
  const over = g.state.over;
  const w = over?.winners;
  return {
    traceHash: g.traceHash(),
    turns,
    decisions: g.state.decisions,
    winners: over ? (typeof w === 'string' ? w : JSON.stringify(w)) : null,
  };
}

/** Where one game's logs part, the engine's against the twin's (null when they agree): the first line that
 *  differs and the lines before it, for a failure message that says what to fix. */
export function firstDifference(program: Program, seed: number, aiSeed: number): string | null {
  const g = new Game(program, { players: SLICE_PLAYERS, seed, keepLog: true });
  const ai = new RandomAI(aiSeed);
  g.start();
  while (g.pending && g.state.decisions <= MAX_DECISIONS) {
    const picks = ai.pick(g.pending);
    if (!picks || !g.answer(picks).ok) break;
  }
  const engine = g.state.log.map((e) => e.text);
  const twinAi = new RandomAI(aiSeed);
  const twin = playTwin(seed, (q) => twinAi.pick(q), MAX_DECISIONS, true).log!;
  const n = Math.max(engine.length, twin.length);
  for (let i = 0; i < n; i++) {
    if (engine[i] === twin[i]) continue;
    const before = engine.slice(Math.max(0, i - 3), i).map((l) => `    ${l}`);
    return [`line ${i + 1}:`, ...before, `  engine: ${engine[i] ?? '(end)'}`, `  twin:   ${twin[i] ?? '(end)'}`].join(
      '\n',
    );
  }
  return null;
}

export function playTwinGame(seed: number, aiSeed: number): GameResult {
  const ai = new RandomAI(aiSeed);
  const { log: _, ...r } = playTwin(seed, (q) => ai.pick(q), MAX_DECISIONS);
  return r;
}

export interface BatchResult {
  hashes: string[]; // per game
  traceHash: string; // over every game's, as `sgs simulate` reports it
  turns: number;
  decisions: number;
  finished: number; // games that ended with a winner
  ms: number;
}

/** `games` games with seeds derived from `seed` as `sgs simulate` derives them, played by `play`. */
export function batch(play: (seed: number, aiSeed: number) => GameResult, games: number, seed: number): BatchResult {
  const hashes: string[] = [];
  let turns = 0;
  let decisions = 0;
  let finished = 0;
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    const r = play(deriveSeed(seed, i, 'game'), deriveSeed(seed, i, 'ai'));
    hashes.push(r.traceHash);
    turns += r.turns;
    decisions += r.decisions;
    if (r.winners !== null) finished++;
  }
  const ms = performance.now() - t0;
  return { hashes, traceHash: hashHex(hashString(hashes.join(','))), turns, decisions, finished, ms };
}
