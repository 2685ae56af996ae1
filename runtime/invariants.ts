// The rules' invariants: what must hold after every decision of a game (`invariant id … = expr`). The engine only
// evaluates them, as pure code: for every player when the invariant takes one, once when it takes none; a mode
// lists in its field `waives` the invariants its games do not keep. The simulator and the scenarios call this.
import type { Engine } from './engine.ts';
import type { IInvariant } from './ir.ts';
import { truthy, type Ctx } from './link.ts';
import type { Reads, Writes } from './reads.ts';
import type { Frame, PlayerObj, Value } from './values.ts';

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

/** One invariant for one player (or for none), with its last result and what that result read. */
interface Watched {
  k: Kept;
  p: PlayerObj | null;
  holds: boolean;
  /** To be evaluated again: something it read was written (or it read the running event, now another one). */
  dirty: boolean;
  /** The running event it read (undefined: it read none). */
  frame: Frame | null | undefined;
  /** The write-log ids it is listed under in `readers` (each once). */
  deps: number[];
}

/** The rules' invariants checked as often as when every event ends: each result is kept with what it read (an
 *  invariant is pure) and evaluated again only after a write of one of those (reads.ts's write log), so that a
 *  check costs what changed, not every invariant for every player: only those made dirty, those that read the
 *  running event and, once one is broken, all are looked at. Without a write clock (the reference interpreter), or
 *  when anything may have changed, every one is evaluated. */
export class InvariantWatch {
  private readonly all: Watched[] = [];
  /** Per write-log id, the results that read it. */
  private readers: (Watched[] | undefined)[] = [];
  /** Results to evaluate again (dirty), each once. */
  private dirty: Watched[] = [];
  /** Results that read the running event. */
  private framed: Watched[] = [];
  /** How many results say broken. */
  private broken = 0;

  constructor(private readonly g: Engine) {
    for (const k of keptFor(g)) {
      const on = k.inv.params.length === 0 ? [null] : g.state.players;
      for (const p of on) this.all.push({ k, p, holds: true, dirty: true, frame: undefined, deps: [] });
    }
    this.dirty = this.all.slice();
  }

  /** The invariants broken now, given what was written since the last check. */
  check(writes: Writes): InvariantViolation[] {
    const r = this.g.reads;
    if (r === null || r.check || writes.all) {
      for (const w of this.all) {
        w.deps = [];
        w.dirty = true;
      }
      this.readers = [];
      this.dirty = this.all.slice();
    } else
      for (const id of writes.ids) {
        const ws = this.readers[id];
        if (ws === undefined) continue;
        this.readers[id] = undefined;
        for (const w of ws) this.mark(w);
      }
    if (this.framed.length > 0) {
      const framed = this.framed;
      this.framed = [];
      // Kept while it read this very event; a dirty one is evaluated below and listed again if it reads one.
      for (const w of framed) {
        if (w.dirty || w.frame === undefined) continue;
        if (w.frame !== this.g.frame) this.mark(w);
        else this.framed.push(w);
      }
    }
    if (this.dirty.length > 0) {
      const dirty = this.dirty;
      this.dirty = [];
      for (const w of dirty) this.evaluate(w, r);
    }
    if (this.broken === 0) return [];
    const out: InvariantViolation[] = [];
    for (const w of this.all)
      if (!w.holds) {
        const v: InvariantViolation = { id: w.k.inv.id, message: brokenLine(this.g, w.k, w.p) };
        if (w.p) v.seat = w.p.seat;
        out.push(v);
      }
    return out;
  }

  /** w is to be evaluated again at this check. */
  private mark(w: Watched): void {
    if (w.dirty) return;
    w.dirty = true;
    this.dirty.push(w);
  }

  private evaluate(w: Watched, r: Reads | null): void {
    this.forget(w);
    const held = w.holds;
    if (r === null) {
      w.holds = holds(this.g, w.k, w.p);
      this.counted(held, w.holds);
      this.mark(w); // every check evaluates it again
      return;
    }
    const rec = r.recorded(holds, this.g, w.k, w.p);
    w.holds = rec.v === true;
    this.counted(held, w.holds);
    w.frame = rec.readFrame ? rec.frame : undefined;
    if (w.frame !== undefined) this.framed.push(w);
    for (const id of rec.deps) {
      w.deps.push(id);
      const ws = this.readers[id];
      if (ws === undefined) this.readers[id] = [w];
      else ws.push(w);
    }
    // A result that consulted a re-entrancy guard away from the baseline depends on the guards: not kept.
    if ((rec.guarded & this.g.guards.mask) !== 0) this.mark(w);
  }

  private counted(before: boolean, now: boolean): void {
    if (before !== now) this.broken += now ? -1 : 1;
  }

  /** Drops w from the lists of what it read (it is about to be evaluated again). */
  private forget(w: Watched): void {
    for (const id of w.deps) {
      const ws = this.readers[id];
      if (ws === undefined) continue;
      const i = ws.indexOf(w);
      if (i >= 0) ws.splice(i, 1);
    }
    if (w.deps.length > 0) w.deps = []; // a new list: shortening one calls into the runtime
    w.frame = undefined;
    w.dirty = false;
  }
}
