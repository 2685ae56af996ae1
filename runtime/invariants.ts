// The rules' invariants: what must hold after every decision of a game (`invariant id … = expr`). The engine only
// evaluates them, as pure code: for every player when the invariant takes one, once when it takes none; a mode
// lists in its field `waives` the invariants its games do not keep. The simulator and the scenarios call this.
import type { Engine } from './engine.ts';
import type { IInvariant } from './ir.ts';
import { truthy, type Ctx } from './link.ts';
import type { PlayerObj, Value } from './values.ts';

/** A broken invariant: its id, the seat it is broken for (per-player invariants) and a line saying so. */
export interface InvariantViolation {
  id: string;
  seat?: number;
  message: string;
}

/** Every invariant of the game's rules broken now, in declaration order (seat order within one); empty when all hold. */
export function checkInvariants(g: Engine): InvariantViolation[] {
  const out: InvariantViolation[] = [];
  for (const k of keptFor(g)) {
    if (k.inv.params.length === 0) {
      if (!holds(g, k, null)) out.push({ id: k.inv.id, message: brokenLine(g, k, null) });
    } else {
      for (const p of g.state.players)
        if (!holds(g, k, p)) out.push({ id: k.inv.id, seat: p.seat, message: brokenLine(g, k, p) });
    }
  }
  return out;
}

/** An invariant the game keeps, with its linked expression (checked often: when every event ends). */
interface Kept {
  inv: IInvariant;
  run: (c: Ctx) => Value;
}

const kept = new WeakMap<Engine, Kept[]>();

/** The invariants this game keeps: all but those its mode waives (its field `waives`: an id or a list of ids). */
function keptFor(g: Engine): Kept[] {
  let ks = kept.get(g);
  if (ks === undefined) {
    const w = g.program.modes[g.state.mode]?.fields.waives;
    const waived = new Set(w === undefined || w === null ? [] : (Array.isArray(w) ? w : [w]).map(String));
    ks = Object.values(g.program.invariants ?? {})
      .filter((inv) => !waived.has(inv.id))
      .map((inv) => ({ inv, run: g.L.linker.expr(inv.expr) }));
    kept.set(g, ks);
  }
  return ks;
}

/** Whether the invariant holds (for p); one that cannot be evaluated does not. */
function holds(g: Engine, k: Kept, p: PlayerObj | null): boolean {
  const c = g.ctx(null, k.inv.slots, null);
  if (p) c.vars[0] = p;
  try {
    return truthy(k.run(c));
  } catch {
    return false;
  }
}

/** The line that says the invariant is broken (for p), or why it could not be checked. */
function brokenLine(g: Engine, k: Kept, p: PlayerObj | null): string {
  const name = `invariant ${k.inv.id}${k.inv.en ? ` "${k.inv.en}"` : ''}`;
  const c = g.ctx(null, k.inv.slots, null);
  if (p) c.vars[0] = p;
  try {
    k.run(c);
    return p ? `${name} is broken for ${p.name}` : `${name} is broken`;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return `${name} could not be checked${p ? ` for ${p.name}` : ''}: ${why}`;
  }
}
