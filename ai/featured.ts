// Games with one general at the table: the playground's balance panel plays an author's general among built-in
// ones. The mode deals generals as usual; the first seat offered the featured general takes it, and a game in which
// no seat is offered it is dealt again from another seed. Every other answer is the AI's, from what its seat may see.
import { deriveSeed, Game, hintedValue, roleOrSeat, type Program } from '../runtime/index.ts';
import { byRole } from './by-role.ts';
import { answerOf, playThrough, policyFor, type Policy } from './policy.ts';
import { uniformSpec, type AiSpec } from './spec.ts';

export interface FeaturedSetup {
  players: number;
  mode?: string;
  /** The general one seat plays; absent: a plain game (the baseline the featured general is compared with). */
  general?: string;
  ai?: AiSpec; // default: the heuristic AI everywhere
  maxDecisions?: number;
  /** How many deals to try before giving up on seating the general (default 30). */
  deals?: number;
}

export interface SeatResult {
  role: string; // the seat's role, or `seat N` in a mode without roles
  won: boolean;
}

export type FeaturedResult =
  | { outcome: 'completed'; seats: SeatResult[]; featured: number | null; decisions: number }
  | { outcome: 'unseated' | 'error' | 'unfinished'; message: string };

/** The table a featured general plays at: the author's program with the built-in generals and the featured one
 *  only (the author's other generals stay off the table, so that they do not play against it). */
export function featuredTable(program: Program, builtin: Program, general: string): Program {
  if (!program.generals[general]) throw new Error(`no general named ${general}`);
  const generals = Object.entries(program.generals).filter(([id]) => id === general || id in builtin.generals);
  return { ...program, generals: Object.fromEntries(generals) };
}

/** Game `index` of a run seeded `seed`: seeds derived as `sgs simulate` derives them, so a run is repeatable. */
export function playFeatured(program: Program, s: FeaturedSetup, seed: number, index: number): FeaturedResult {
  const deals = s.general === undefined ? 1 : (s.deals ?? 30);
  let last: FeaturedResult = { outcome: 'unseated', message: `no seat was offered ${s.general}` };
  for (let k = 0; k < deals; k++) {
    const gameSeed = k === 0 ? deriveSeed(seed, index, 'game') : deriveSeed(seed, index * 1000 + k, 'redeal');
    last = playOne(program, s, gameSeed, deriveSeed(seed, index, 'ai'));
    if (last.outcome !== 'unseated') return last;
  }
  return last;
}

function playOne(program: Program, s: FeaturedSetup, seed: number, aiSeed: number): FeaturedResult {
  let g: Game;
  let ai: Policy;
  let featured: number | null = null;
  try {
    g = new Game(program, { mode: s.mode, players: s.players, seed, keepLog: false });
    ai = policyFor(byRole(s.ai ?? uniformSpec('heuristic')), g, aiSeed);
  } catch (e) {
    return { outcome: 'error', message: messageOf(e) };
  }
  const cap = s.maxDecisions ?? 5000;
  const dealt = () =>
    g.state.players.every((p) => {
      const general = hintedValue(program, p, 'general');
      return general !== null && general !== undefined;
    });
  /** At each decision (and once the game has stopped): the answer, or the game's result. */
  const next = (): number[] | FeaturedResult => {
    if (g.state.error) return { outcome: 'error', message: g.state.error };
    if (s.general !== undefined && featured === null && dealt())
      return { outcome: 'unseated', message: `no seat was offered ${s.general}` };
    if (g.state.over) {
      const winners = g.state.over.players;
      if (!winners) return { outcome: 'error', message: 'the mode ended a game without naming its winning players' };
      const seats = g.state.players.map((p) => ({
        role: roleOrSeat(program, p),
        won: winners.includes(p.seat),
      }));
      return { outcome: 'completed', seats, featured, decisions: g.state.answers.length };
    }
    const r = g.pending;
    if (!r) return { outcome: 'error', message: 'the game stopped without a result and asks nothing' };
    if (g.state.answers.length >= cap) return { outcome: 'unfinished', message: `no result after ${cap} decisions` };
    let picks: number[] | null = null;
    // The featured general is taken by the first seat it is offered to, while generals are being chosen.
    if (s.general !== undefined && featured === null && r.min <= 1 && r.max >= 1) {
      const i = r.options.findIndex((o) => o.value === s.general);
      if (i >= 0) {
        picks = [i];
        featured = r.seat;
      }
    }
    try {
      picks ??= answerOf(ai, g);
    } catch (e) {
      return { outcome: 'error', message: `the AI failed while answering "${r.prompt}": ${messageOf(e)}` };
    }
    if (!picks) return { outcome: 'error', message: `no legal answer to "${r.prompt}"` };
    return picks;
  };
  // Each decision answered as it is asked (Game.play); a result `next` gives stops the game there.
  const end = playThrough(g, next);
  if (end === null) return { outcome: 'error', message: 'the game asked a question after it ended' };
  if ('rejected' in end)
    return { outcome: 'error', message: `the engine rejected an answer to "${g.pending?.prompt}": ${end.rejected}` };
  return end.result;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
