// The differential check: the same seeded games played on every engine — the reference interpreter, the
// interpreter's resolved paths and the compiled code — must give the same trace hash, outcome and number of
// decisions, game by game. Every change to how the engine runs the rules is held to it (test/differential.test.ts
// runs a few hundred games, bench/differential.ts as many as asked).
import { byRole } from '../ai/by-role.ts';
import type { AiSpec } from '../ai/spec.ts';
import { compiledOf, deriveSeed, type EngineKind, type Program } from '../runtime/index.ts';
import { playGame, type PlayResult } from './play.ts';

/** One kind of game: how many players, who plays them, the mode and its options. */
export interface DiffCase {
  players: number;
  ai: AiSpec;
  mode?: string;
  options?: Record<string, unknown>;
}

export interface DiffPlan {
  /** Games in all; game i plays case i mod cases.length with the seeds `sgs simulate` derives for game i. */
  games: number;
  seed: number;
  cases: DiffCase[];
}

/** A game the engines played differently: each engine's fingerprint. */
export interface Mismatch {
  game: number;
  case: DiffCase;
  prints: Partial<Record<EngineKind, string>>;
}

export interface DiffResult {
  games: number;
  /** The engines compared (compiled only when the program has compiled code attached). */
  engines: EngineKind[];
  /** Games that ended with an error on the reference engine (still compared: all must fail alike). */
  errors: number;
  mismatches: Mismatch[];
  /** Milliseconds each engine spent playing (AI answers included). */
  ms: Partial<Record<EngineKind, number>>;
}

/** What plays of one game must agree on: the trace hash, the outcome, the number of decisions. */
function fingerprint(r: PlayResult): string {
  return `${r.traceHash} ${r.outcome} ${r.decisions}${r.message ? ` ${r.message}` : ''}`;
}

/** Plays every game of the plan on every engine. `play` is playGame; a test passes a faulty one to see a
 *  difference reported. */
export function compareEngines(program: Program, plan: DiffPlan, play0: typeof playGame = playGame): DiffResult {
  const engines: EngineKind[] = compiledOf(program) ? ['reference', 'resolved', 'compiled'] : ['reference', 'resolved'];
  const out: DiffResult = { games: 0, engines, errors: 0, mismatches: [], ms: {} };
  const policies = plan.cases.map((c) => byRole(c.ai));
  for (let i = 0; i < plan.games; i++) {
    const k = i % plan.cases.length;
    const c = plan.cases[k]!;
    const play = (engine: EngineKind) => {
      const t0 = performance.now();
      const r = play0(program, {
        seed: deriveSeed(plan.seed, i, 'game'),
        aiSeed: deriveSeed(plan.seed, i, 'ai'),
        policy: policies[k],
        players: c.players,
        mode: c.mode,
        options: c.options,
        invariants: false,
        engine,
        // The reference waits at each decision (start/answer); the others are answered as they ask (Game.play).
        stepwise: engine === 'reference',
      });
      out.ms[engine] = (out.ms[engine] ?? 0) + performance.now() - t0;
      return r;
    };
    // Rotate which engine plays first, so that none always runs on a warmer machine.
    const prints: Partial<Record<EngineKind, string>> = {};
    for (let j = 0; j < engines.length; j++) {
      const e = engines[(i + j) % engines.length]!;
      const r = play(e);
      prints[e] = fingerprint(r);
      if (e === 'reference' && r.outcome === 'error') out.errors++;
    }
    out.games++;
    if (new Set(Object.values(prints)).size > 1) out.mismatches.push({ game: i, case: c, prints });
  }
  return out;
}
