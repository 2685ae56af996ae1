// The rules' invariants: what must hold after every decision of a game (`invariant id … = expr`). The engine only
// evaluates them, as pure code: for every player when the invariant takes one, once when it takes none; a mode
// lists in its field `waives` the invariants its games do not keep. The simulator and the scenarios call this.
import type { Engine } from './engine.ts';
import type { IInvariant } from './ir.ts';
import { truthy } from './link.ts';
import type { PlayerObj } from './values.ts';

/** A broken invariant: its id, the seat it is broken for (per-player invariants) and a line saying so. */
export interface InvariantViolation {
  id: string;
  seat?: number;
  message: string;
}

/** Every invariant of the game's rules broken now, in declaration order (seat order within one); empty when all hold. */
export function checkInvariants(g: Engine): InvariantViolation[] {
  const out: InvariantViolation[] = [];
  const waived = waivedBy(g);
  for (const inv of Object.values(g.program.invariants ?? {})) {
    if (waived.has(inv.id)) continue;
    if (inv.params.length === 0) {
      const broken = evaluate(g, inv, null);
      if (broken !== null) out.push({ id: inv.id, message: broken });
    } else {
      for (const p of g.state.players) {
        const broken = evaluate(g, inv, p);
        if (broken !== null) out.push({ id: inv.id, seat: p.seat, message: broken });
      }
    }
  }
  return out;
}

/** The invariants the current mode does not keep (its field `waives`: an id or a list of ids). */
function waivedBy(g: Engine): Set<string> {
  const w = g.program.modes[g.state.mode]?.fields.waives;
  return new Set(w === undefined || w === null ? [] : (Array.isArray(w) ? w : [w]).map(String));
}

/** Null when the invariant holds (for p), else the line that says it is broken. */
function evaluate(g: Engine, inv: IInvariant, p: PlayerObj | null): string | null {
  const name = `invariant ${inv.id}${inv.en ? ` "${inv.en}"` : ''}`;
  const c = g.ctx(null, inv.slots, null);
  if (p) c.vars[0] = p;
  try {
    if (truthy(g.L.linker.expr(inv.expr)(c))) return null;
    return p ? `${name} is broken for ${p.name}` : `${name} is broken`;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return `${name} could not be checked${p ? ` for ${p.name}` : ''}: ${why}`;
  }
}
