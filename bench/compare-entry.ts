// One build's side of `npm run compare` (bench/compare.ts): the rules compiled and their compiled code loaded, then
// three workloads that each play n games from a seed and say how long they took. The same file is bundled from
// this checkout and from the revision compared against (copied there if that revision lacks it), so it imports
// only modules that have long kept their names and signatures.
import { compile } from '../compiler/index.ts';
import { FOR_GAMES } from '../cli/compile.ts';
import { loadSources } from '../compiler/node/load.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { simulate } from '../cli/simulate.ts';
import { uniformSpec } from '../ai/spec.ts';
import { join } from 'node:path';
import { batch, playEngine, SLICE_PATHS } from './baseline.ts';

export interface Played {
  ms: number;
  /** What the games came to (a trace hash, or the slice's turns): both builds must agree. */
  check: string;
}

export type Workload = 'full' | 'heuristic' | 'slice';

/** The build's own rules and slice, read from its checkout at `root` (each build plays the rules of its revision). */
export async function prepare(root: string): Promise<Record<Workload, (n: number, seed: number) => Played>> {
  const program = compile(loadSources([join(root, 'rules')], root), FOR_GAMES).program;
  const slice = compile(
    loadSources(
      SLICE_PATHS.map((p) => join(root, p)),
      root,
    ),
  ).program;
  if (!program || !slice) throw new Error(`the rules at ${root} do not compile`);
  await loadCompiled(program);
  await loadCompiled(slice);
  const games = (ai: 'random' | 'heuristic') => (n: number, seed: number) => {
    const t0 = performance.now();
    const r = simulate(program, { players: 5, games: n, seed, invariants: false, ai: uniformSpec(ai) });
    return { ms: performance.now() - t0, check: r.traceHash };
  };
  return {
    full: games('random'),
    heuristic: games('heuristic'),
    slice(n, seed) {
      const r = batch((s, a) => playEngine(slice, s, a), n, seed);
      return { ms: r.ms, check: r.traceHash };
    },
  };
}
