// The counts behind `sgs balance`: per role (per seat in a mode without roles) and per general, over completed
// games. Plain data out and in, so that the workers of a parallel run each count their games and the counts add up.
import { hintedValue, roleOrSeat, type Game, type PlayerObj } from '../runtime/index.ts';

export interface Count {
  games: number;
  wins: number;
}

export interface GeneralCount extends Count {
  /** The games it played in each role and the wins among them (the roles are its baseline). */
  seats: Map<string, Count>;
}

/** A BalanceTally as plain data: [key, games, wins] rows, and for generals their [role, games, wins] rows. */
export interface TallyData {
  byRoleGame: [string, number, number][];
  byRoleSeat: [string, number, number][];
  byGeneral: [string, number, number, [string, number, number][]][];
}

/** Whether `p` won: the mode says who did (the players it gives `endGame`), so no side or role is restated here. */
export function playerWon(g: Game, p: PlayerObj): boolean {
  const seats = g.state.over?.players;
  if (!seats) throw new Error(`the mode ended a game without naming its winning players (endGame's third argument)`);
  return seats.includes(p.seat);
}

export class BalanceTally {
  readonly byRoleGame = new Map<string, Count>(); // per game: was the role in play, did it win
  readonly byRoleSeat = new Map<string, Count>(); // per seat: the baseline a general is compared with
  readonly byGeneral = new Map<string, GeneralCount>();

  /** Count a completed game. */
  add(g: Game): void {
    const rolesWon = new Map<string, boolean>();
    for (const p of g.state.players) {
      // A mode without roles (no property `as role`, or none set) is compared seat by seat instead.
      const role = roleOrSeat(g.program, p),
        general = hintedValue(g.program, p, 'general');
      const won = playerWon(g, p);
      rolesWon.set(role, (rolesWon.get(role) ?? false) || won);
      count(this.byRoleSeat, role, 1, won ? 1 : 0);
      // A seat may end with no general (the beginner game; a dead player waiting to reincarnate, whose general went
      // back among the unused): it counts for its role, not for a general.
      if (typeof general !== 'string') continue;
      const c = this.general(general);
      c.games++;
      if (won) c.wins++;
      count(c.seats, role, 1, won ? 1 : 0);
    }
    for (const [role, won] of rolesWon) count(this.byRoleGame, role, 1, won ? 1 : 0);
  }

  data(): TallyData {
    return {
      byRoleGame: rows(this.byRoleGame),
      byRoleSeat: rows(this.byRoleSeat),
      byGeneral: [...this.byGeneral].map(([k, c]) => [k, c.games, c.wins, rows(c.seats)]),
    };
  }

  merge(d: TallyData): void {
    for (const [k, games, wins] of d.byRoleGame) count(this.byRoleGame, k, games, wins);
    for (const [k, games, wins] of d.byRoleSeat) count(this.byRoleSeat, k, games, wins);
    for (const [k, games, wins, seats] of d.byGeneral) {
      const c = this.general(k);
      c.games += games;
      c.wins += wins;
      for (const [role, g, w] of seats) count(c.seats, role, g, w);
    }
  }

  private general(id: string): GeneralCount {
    let c = this.byGeneral.get(id);
    if (!c) this.byGeneral.set(id, (c = { games: 0, wins: 0, seats: new Map() }));
    return c;
  }
}

const rows = (m: Map<string, Count>) => [...m].map(([k, c]): [string, number, number] => [k, c.games, c.wins]);

function count(m: Map<string, Count>, k: string, games: number, wins: number): void {
  const c = m.get(k) ?? { games: 0, wins: 0 };
  c.games += games;
  c.wins += wins;
  m.set(k, c);
}
