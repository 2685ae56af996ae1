// Win rates per general and per role (per seat in a mode without roles) over many games, with 95% intervals, so
// that an author can spot a general that is too strong or too weak. A general's raw rate mostly reflects the roles it happened to
// play (the lord picks from 曹操/刘备/孙权 more often than not), so each general is also compared with what its roles
// alone predict.
import type { Program } from '../runtime/index.ts';
import type { AiSpec } from '../ai/spec.ts';
import { simulate, type Problem, type SimulateOptions } from './simulate.ts';
import type { TimeSummary } from './decision-times.ts';
import { wilson } from '../ai/wilson.ts';
import { BalanceTally, type Count } from './balance-tally.ts';
import { rolesOf } from '../ai/spec.ts';

export interface BalanceOptions {
  players: number;
  games: number;
  series?: number; // games in a row that carry values (SimulateOptions.series)
  seed: number;
  mode?: string;
  options?: Record<string, unknown>;
  ai: AiSpec;
  maxDecisions?: number;
  jobs?: number; // worker threads (default 1: in this thread)
  onGame?: (done: number, total: number) => void;
}

export interface RateStat {
  games: number;
  wins: number;
  rate: number;
  low: number; // 95% Wilson interval
  high: number;
}

export interface GeneralStat extends RateStat {
  id: string;
  /** (wins − wins expected from the roles it played) / games: > 0 means stronger than its roles explain. */
  adjusted: number;
  /** Whether the whole interval lies above or below the win rate its roles predict. */
  mark: 'above' | 'below' | null;
  /** Its rate in each role it played (games: seats it took in that role), in the rules' order of roles. */
  roles: RoleStat[];
}

export interface RoleStat extends RateStat {
  role: string; // games: games with this role in play; wins: those its side won
}

export interface BalanceResult {
  games: number;
  completed: number; // only completed games are counted in the rates
  series: number; // games per series
  players: number;
  seed: number;
  ai: string;
  generals: GeneralStat[];
  roles: RoleStat[];
  /** Per seat over all generals: each role's rate, the baseline a general's rate in that role is compared with. */
  seats: RoleStat[];
  avgDecisions: number;
  aiMicrosPerDecision: Partial<Record<string, TimeSummary>>;
  gamesPerSecond: number;
  problems: Problem[];
}

export function balance(program: Program, o: BalanceOptions): BalanceResult {
  const tally = new BalanceTally();
  const { byRoleGame, byRoleSeat, byGeneral } = tally;
  const sim: SimulateOptions = {
    players: o.players,
    games: o.games,
    series: o.series,
    seed: o.seed,
    mode: o.mode,
    options: o.options,
    ai: o.ai,
    maxDecisions: o.maxDecisions,
    jobs: o.jobs,
    collector: { name: 'balance', into: tally },
    onGame: (done, total) => o.onGame?.(done, total),
  };
  const s = simulate(program, sim);

  // The rules' order (lord first); a mode without roles counts seats, which come after in their own order.
  const order = rolesOf(program);
  const rank = (r: string) => (order.includes(r) ? order.indexOf(r) : order.length);
  const inRoleOrder = (xs: RoleStat[]) =>
    xs.sort((a, b) => rank(a.role) - rank(b.role) || a.role.localeCompare(b.role, 'en', { numeric: true }));
  const seatRate = (role: string) => {
    const c = byRoleSeat.get(role)!;
    return c.wins / c.games;
  };
  const generals: GeneralStat[] = [...byGeneral].map(([id, c]) => {
    const expected = [...c.seats].reduce((sum, [role, rc]) => sum + rc.games * seatRate(role), 0);
    const predicted = expected / c.games;
    const { low, high } = wilson(c.wins, c.games);
    const mark = low > predicted ? 'above' : high < predicted ? 'below' : null;
    const roles = inRoleOrder([...c.seats].map(([role, rc]) => ({ role, ...rateStat(rc) })));
    return { id, ...rateStat(c), adjusted: round((c.wins - expected) / c.games), mark, roles };
  });
  const roles: RoleStat[] = [...byRoleGame].map(([role, c]) => ({ role, ...rateStat(c) }));
  const seats = inRoleOrder([...byRoleSeat].map(([role, c]) => ({ role, ...rateStat(c) })));
  const byRate = (a: RateStat, b: RateStat) => b.rate - a.rate || b.games - a.games;
  generals.sort((a, b) => byRate(a, b) || a.id.localeCompare(b.id));
  roles.sort((a, b) => byRate(a, b) || a.role.localeCompare(b.role));
  return {
    games: o.games,
    completed: s.completed,
    series: s.series,
    players: o.players,
    seed: o.seed,
    ai: s.ai,
    generals,
    roles,
    seats,
    avgDecisions: s.avgDecisions,
    aiMicrosPerDecision: s.aiMicrosPerDecision,
    gamesPerSecond: s.gamesPerSecond,
    problems: s.problems,
  };
}

function rateStat(c: Count): RateStat {
  const { low, high } = wilson(c.wins, c.games);
  return { games: c.games, wins: c.wins, rate: round(c.wins / c.games), low: round(low), high: round(high) };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
