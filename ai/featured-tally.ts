// Counting featured games (ai/featured.ts): how the featured general did in each role it played, against how the
// built-in generals did in the same roles. Its raw win rate mostly reflects its roles (a rebel wins more often
// than a renegade), so the baseline is what those roles alone predict: the built-in seats' rate in each role,
// weighted by how often the featured general played it. Plain data in and out (it crosses a worker boundary).
import type { FeaturedResult } from './featured.ts';
import { wilson } from './wilson.ts';

export interface RoleCount {
  games: number;
  wins: number;
}

export interface FeaturedCounts {
  featured: Record<string, RoleCount>; // by role: the featured general's seat
  baseline: Record<string, RoleCount>; // by role: every seat of the baseline games
  played: number; // featured games asked for so far
  problems: number; // games that did not complete (or could not seat the general)
  firstProblem?: string; // what went wrong in the first of them (by game number)
  firstProblemGame?: number;
}

export function emptyCounts(): FeaturedCounts {
  return { featured: {}, baseline: {}, played: 0, problems: 0 };
}

function add(m: Record<string, RoleCount>, role: string, won: boolean): void {
  const c = (m[role] ??= { games: 0, wins: 0 });
  c.games++;
  if (won) c.wins++;
}

/** Count a game with the featured general (its seat only); `game` is its number in the run (by default, the
 *  next: a run counted in one place counts its games in order). */
export function addFeatured(c: FeaturedCounts, r: FeaturedResult, game = c.played): void {
  c.played++;
  if (r.outcome !== 'completed' || r.featured === null) {
    c.problems++;
    if (c.firstProblemGame === undefined || game < c.firstProblemGame) {
      c.firstProblem = r.outcome === 'completed' ? 'the general was not seated' : `${r.outcome}: ${r.message}`;
      c.firstProblemGame = game;
    }
    return;
  }
  const s = r.seats[r.featured]!;
  add(c.featured, s.role, s.won);
}

/** Count a baseline game (every seat). */
export function addBaseline(c: FeaturedCounts, r: FeaturedResult): void {
  if (r.outcome !== 'completed') return;
  for (const s of r.seats) add(c.baseline, s.role, s.won);
}

/** The counts of a run's parts (games counted in several places: the playground's balance workers) as one
 *  count of the whole run: the same whatever the split. */
export function mergeCounts(parts: readonly FeaturedCounts[]): FeaturedCounts {
  const out = emptyCounts();
  const addAll = (into: Record<string, RoleCount>, from: Record<string, RoleCount>) => {
    for (const [role, x] of Object.entries(from)) {
      const c = (into[role] ??= { games: 0, wins: 0 });
      c.games += x.games;
      c.wins += x.wins;
    }
  };
  for (const p of parts) {
    addAll(out.featured, p.featured);
    addAll(out.baseline, p.baseline);
    out.played += p.played;
    out.problems += p.problems;
    const at = p.firstProblemGame;
    if (at !== undefined && (out.firstProblemGame === undefined || at < out.firstProblemGame)) {
      out.firstProblem = p.firstProblem;
      out.firstProblemGame = at;
    }
  }
  return out;
}

export interface RoleRow {
  role: string;
  games: number; // the featured general's games in this role
  wins: number;
  rate: number;
  baseline: number | null; // built-in seats' win rate in this role (null: no baseline game had it)
}

export interface FeaturedSummary {
  games: number;
  wins: number;
  rate: number;
  low: number; // 95% Wilson interval of the featured general's win rate
  high: number;
  /** What its roles predict from the baseline (null until the baseline has every role it played). */
  expected: number | null;
  /** Whether the whole interval lies above or below the expected rate. */
  mark: 'above' | 'below' | null;
  roles: RoleRow[];
}

export function summarize(c: FeaturedCounts): FeaturedSummary {
  let games = 0,
    wins = 0,
    expectedWins = 0,
    complete = true;
  const roles: RoleRow[] = [];
  for (const [role, f] of Object.entries(c.featured)) {
    games += f.games;
    wins += f.wins;
    const b = c.baseline[role];
    const baseline = b?.games ? b.wins / b.games : null;
    if (baseline === null) complete = false;
    else expectedWins += f.games * baseline;
    roles.push({ role, games: f.games, wins: f.wins, rate: f.wins / f.games, baseline });
  }
  roles.sort((a, b) => b.games - a.games || a.role.localeCompare(b.role));
  const { low, high } = wilson(wins, games);
  const expected = complete && games ? expectedWins / games : null;
  const mark = expected === null ? null : low > expected ? 'above' : high < expected ? 'below' : null;
  return { games, wins, rate: games ? wins / games : 0, low, high, expected, mark, roles };
}
