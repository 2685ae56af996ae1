// The win rates measured by `npm run balance-data` (site/src/data/balance.json): games are too slow to play while
// the site builds, so the general pages chart figures measured beforehand, and say when the rules have changed
// since (the file keeps a fingerprint of the rules it was measured on).
import data from '../data/balance.json';
import { rulesHash } from '../../../compiler/node/rules-hash.ts';
import { program } from './book.ts';
import type { Rate } from './winrate-svg.ts';

export interface RoleRate extends Rate {
  role: string;
}

export interface GeneralRates extends Rate {
  /** The rate the roles it played predict (each role's rate over all generals, weighted by its games in it). */
  expected: number;
  roles: RoleRate[];
}

export interface BalanceData {
  command: string;
  mode: string;
  /** The options the games were played with (the packages and deck in play). */
  options?: Record<string, unknown>;
  players: number;
  games: number;
  seed: number;
  ai: string;
  rulesHash: string;
  /** Each role's rate per seat over all generals, in the rules' order of roles. */
  roles: RoleRate[];
  generals: Record<string, GeneralRates>;
}

export function balanceData(): BalanceData {
  return data as BalanceData;
}

/** Whether the figures were measured on the rules as they are now. */
export function balanceCurrent(): boolean {
  return balanceData().rulesHash === rulesHash(program());
}
