// A policy is anything that answers the engine's requests: the random player, the heuristic one, later a person in
// the browser. It only ever picks among the options a request lists; the engine rejects anything else.
import type { Game, Request } from '../runtime/index.ts';

export interface Policy {
  /** Option indexes for `r`; null when no legal answer exists. A policy answers from the request and what its seat
   *  may know (`viewFor(game, r.seat)`: its zones and its own log); a sealed request (`r.sealed`) is answered
   *  without the other seats' answers, which only their own logs hold until all have answered. */
  answer(r: Request): number[] | null;
}

/** Makes the policy for one game. Called right after `new Game(…)` and before `start()`, so that a policy can
 *  watch the game from its first event. `seed` feeds the policy's own generator, never the game's RNG. */
export type PolicyFactory = (game: Game, seed: number) => Policy;
