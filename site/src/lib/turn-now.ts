// Whose turn it is and which phase, for the table's status line: read from the running events through the rules'
// event hints, so that the site names no event of the rules.
import type { Game, PlayerObj } from '../../../runtime/index.ts';

/** Whose turn it is and which phase, as the rules' event hints say: the innermost running event with `turnOf:
 *  player` is that player's turn, one with `phaseOf: player, phase` the phase in its field `phase`. */
export function turnNow(g: Game): { player: PlayerObj | null; phase: string | null } {
  let phase: string | null = null;
  for (let f = g.frame; f; f = f.parent) {
    const hints = g.program.events[f.id]?.hints;
    const ph = hints?.phaseOf?.[1];
    if (phase === null && ph !== undefined && typeof f.data[ph] === 'string') phase = f.data[ph] as string;
    const who = hints?.turnOf?.[0];
    const p = who === undefined ? null : f.data[who];
    if (p && typeof p === 'object' && !Array.isArray(p) && p.t === 'p') return { player: p, phase };
  }
  return { player: null, phase: null };
}
