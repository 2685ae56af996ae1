// Watching a game for broken invariants: the engine's own consistency (consistency.ts) and the rules' invariants
// (invariants.ts), checked when every event ends and whenever the driver asks (after an answer). A check looks again
// only at what the engine wrote since the last one (reads.ts's write log); every FULL_EVERY-th check, and every
// check once the game is over, looks at everything, so that a change the engine did not see is caught too. The
// first broken fact is kept with the moment it was found; the game itself runs on, and the driver decides.
import { checkConsistency, stateBaseline, type StateBaseline } from './consistency.ts';
import type { Engine } from './engine.ts';
import { checkInvariants, InvariantWatch } from './invariants.ts';
import type { Writes } from './reads.ts';

/** How often a check looks at the whole state rather than at what was written. */
const FULL_EVERY = 64;
const EVERYTHING: Writes = { ids: [], all: true };

export class StateWatch {
  private readonly base: StateBaseline;
  private readonly invariants: InvariantWatch;
  /** The first broken fact, with when it was found; null while everything holds. */
  broken: string | null = null;
  /** How many times the state was checked (for reports and benchmarks). */
  checks = 0;
  private lastClock: number | undefined;

  /** Made before `start()`, so that every event is watched; the baseline is the state as the game was made. */
  constructor(
    private readonly g: Engine,
    everyEvent = true,
  ) {
    this.base = stateBaseline(g);
    this.invariants = new InvariantWatch(g);
    g.reads?.takeWrites(); // from now on the engine's writes are logged
    if (everyEvent)
      g.observers.push((f, phase) => {
        if (phase !== 'end' || this.broken !== null) return;
        // An event that wrote nothing since the last check cannot have broken anything it did not already break
        // (an invariant excused while the event named a player is due at the next write or answer).
        const clock = g.reads?.writes;
        if (clock !== undefined && clock === this.lastClock) return;
        this.check(`when event ${f.id} ended`);
      });
  }

  /** Every fact broken now, one line each, looking at everything. */
  now(): string[] {
    return [...checkConsistency(this.g, this.base), ...checkInvariants(this.g).map((v) => v.message)];
  }

  /** Checks now (unless something is already broken) and returns the first broken fact, if any. */
  check(when: string): string | null {
    if (this.broken !== null) return this.broken;
    const r = this.g.reads;
    const logged = r === null ? EVERYTHING : r.takeWrites();
    const writes = this.checks % FULL_EVERY === 0 || this.g.state.over ? EVERYTHING : logged;
    this.checks++;
    this.lastClock = r?.writes;
    const b = checkConsistency(this.g, this.base, writes);
    for (const v of this.invariants.check(writes)) b.push(v.message);
    if (b.length > 0) this.broken = `${when}: ${b[0]}`;
    return this.broken;
  }
}
