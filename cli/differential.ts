// The differential check: the same seeded games played on the reference interpreter and on the engine's resolved
// paths must give the same trace hash, game by game. Every change to how the engine runs the rules is held to it
// (test/differential.test.ts runs a few hundred games, bench/differential.ts as many as asked).
import { byRole } from '../ai/by-role.ts';
import type { AiSpec } from '../ai/spec.ts';
import { deriveSeed, type Program } from '../runtime/index.ts';
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

/** A game the two engines played differently. */
export interface Mismatch {
  game: number;
  case: DiffCase;
  reference: string;
  resolved: string;
}

export interface DiffResult {
  games: number;
  /** Games that ended with an error on the reference engine (still compared: both must fail alike). */
  errors: number;
  mismatches: Mismatch[];
  /** Milliseconds each engine spent playing (AI answers included). */
  ms: { reference: number; resolved: number };
}

/** What two plays of one game must agree on: the trace hash, the outcome, the number of decisions. */
function fingerprint(r: PlayResult): string {
  return `${r.traceHash} ${r.outcome} ${r.decisions}${r.message ? ` ${r.message}` : ''}`;
}

/** Plays every game of the plan on both engines. `play` is playGame; a test passes a faulty one to see a
 *  difference reported. */
export function compareEngines(program: Program, plan: DiffPlan, play0: typeof playGame = playGame): DiffResult {
  const out: DiffResult = { games: 0, errors: 0, mismatches: [], ms: { reference: 0, resolved: 0 } };
  const policies = plan.cases.map((c) => byRole(c.ai));
  for (let i = 0; i < plan.games; i++) {
    const k = i % plan.cases.length;
    const c = plan.cases[k]!;
    const play = (reference: boolean) => {
      const t0 = performance.now();
      const r = play0(program, {
        seed: deriveSeed(plan.seed, i, 'game'),
        aiSeed: deriveSeed(plan.seed, i, 'ai'),
        policy: policies[k],
        players: c.players,
        mode: c.mode,
        options: c.options,
        invariants: false,
        reference,
      });
      out.ms[reference ? 'reference' : 'resolved'] += performance.now() - t0;
      return r;
    };
    // Alternate which engine plays first, so that neither always runs on a warmer machine.
    const [ref, res] = i % 2 ? [play(true), play(false)] : (([b, a]) => [a, b])([play(false), play(true)]);
    out.games++;
    if (ref.outcome === 'error') out.errors++;
    const a = fingerprint(ref),
      b = fingerprint(res);
    if (a !== b) out.mismatches.push({ game: i, case: c, reference: a, resolved: b });
  }
  return out;
}
