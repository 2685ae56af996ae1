// The round table's geometry and the distances drawn on it. Seats sit on an oval in turn order, counter-clockwise
// from the reader's own seat at the bottom (the next player to its right, as at a real table). Distances and attack
// range come from the rules' own functions, asked through the reader's seat view (runtime/view.ts `call`), as the
// AI asks its rules functions: the engine computes them, with every skill and horse that modifies them.
import { publicTable, seatView, type Game, type PlayerObj } from '../../../runtime/index.ts';

/** The rules functions the overlay asks, by the names the core rules declare them with (rules/core/basics.sgs:
 *  `distance(a, b)`, `inRange(a, b)`); a rules set without one simply draws no overlay. */
export const DISTANCE_FN = 'distance';
export const IN_RANGE_FN = 'inRange';

/** Where the k-th seat from the bottom one sits, in percent of the table: the bottom seat (k = 0) is the reader's. */
export function seatPosition(k: number, n: number): { x: number; y: number; angle: number } {
  const angle = 90 - (k * 360) / Math.max(1, n); // degrees, screen coordinates (y down): 90 is the bottom
  const a = (angle * Math.PI) / 180;
  return { x: 50 + 42 * Math.cos(a), y: 47 + 39 * Math.sin(a), angle };
}

export interface SeatDistance {
  seat: number;
  distance: number;
  inRange: boolean;
}

/** The distance from `from` to every other living seat and whether that seat is in `from`'s attack range, as the
 *  rules compute them; empty if the rules lack either function or `from` is out of the game. */
export function seatDistances(g: Game, viewer: number | null, from: number): SeatDistance[] {
  const table = viewer === null ? publicTable(g) : seatView(g, viewer);
  const fns = table.program.functions;
  if (!fns[DISTANCE_FN] || !fns[IN_RANGE_FN]) return [];
  const players = table.players();
  const me = players.find((p: PlayerObj) => p.seat === from);
  if (!me?.alive) return [];
  const out: SeatDistance[] = [];
  for (const p of players) {
    if (p.seat === from || !p.alive) continue;
    const d = table.call(DISTANCE_FN, me, p);
    if (typeof d !== 'number') continue;
    out.push({ seat: p.seat, distance: d, inRange: table.call(IN_RANGE_FN, me, p) === true });
  }
  return out;
}
