// A policy is anything that answers the engine's requests: the random player, the heuristic one, later a person in
// the browser. It only ever picks among the options a request lists; the engine rejects anything else. It plays
// from what a player at the table could see: a seat's view (runtime/view.ts SeatView) for each answer, and the
// public table to watch the game. Neither holds the game, so a policy cannot read what its seat may not know.
import { publicTable, seatView, type Game, type PublicTable, type SeatView } from '../runtime/index.ts';

export interface Policy {
  /** Option indexes for `seat.request` (the seat's pending question, as the seat sees it); null when no legal
   *  answer exists. A sealed request (`request.sealed`) is answered without the other seats' answers, which only
   *  their own logs hold until all have answered. */
  answer(seat: SeatView): number[] | null;
}

/** Makes the policy for one game. Called right after `new Game(…)` and before `start()`, so that a policy can
 *  watch the table from its first event. `seed` feeds the policy's own generator, never the game's RNG. */
export type PolicyFactory = (table: PublicTable, seed: number) => Policy;

/** The host's side: make a policy for `game` (the only place a policy and a game meet). */
export function policyFor(factory: PolicyFactory, game: Game, seed: number): Policy {
  return factory(publicTable(game), seed);
}

/** The host's side: the policy's answer to the game's pending question, from the asked seat's view. */
export function answerOf(policy: Policy, game: Game): number[] | null {
  const r = game.pending;
  return r ? policy.answer(seatView(game, r.seat)) : null;
}

/** The host's side of a game played through `Game.play`: `next` is asked at every decision and gives the answer,
 *  or a result (not a list) that stops the game there; when the game ends by itself it is asked once more, for the
 *  result. Gives that result, or the answer the engine rejected and why; null if `next` answers a game that ended. */
export function playThrough<R extends object>(
  game: Game,
  next: () => number[] | R,
): { result: R } | { rejected: string; picks: number[] } | null {
  let stopped: R | null = null;
  let last: number[] = [];
  const reason = game.play(() => {
    const picks = next();
    if (Array.isArray(picks)) return (last = picks);
    stopped = picks;
    return null;
  });
  if (reason !== null) return { rejected: reason, picks: last };
  if (stopped !== null) return { result: stopped };
  const end = next();
  return Array.isArray(end) ? null : { result: end };
}
