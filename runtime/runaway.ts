// Every game ends. A rule that loops forever is stopped with an error that names the skills looping, not those
// that happened to fire nearby: caps on decisions per game and per turn (while the current seat stays the same),
// on decisions in a row that change nothing, on steps between two decisions (game.ts tick) and on nesting
// (windows.ts). Which skills loop: for a loop of decisions, those running at every one of the last decisions (the
// innermost of them); for nesting or a loop without decisions, those running now, a skill nested in itself first.
import type { Engine } from './engine.ts';
import type { Request } from './types.ts';

/** The caps, all overridable per game (GameOptions). */
export interface Caps {
  maxDecisions: number;
  maxDecisionsPerTurn: number;
  /** Decisions in a row after which no write and no random draw happened: the same question in the same state. */
  maxStalled: number;
}

export const DEFAULT_CAPS: Caps = { maxDecisions: 20_000, maxDecisionsPerTurn: 2_000, maxStalled: 200 };

/** How many of the last decisions are remembered to name a loop. */
const RECENT = 32;

export class LoopWatch {
  private turnSeat = -1;
  private turnDecisions = 0;
  private stalled = 0;
  private lastWrites = -1;
  private readonly lastRng = [0, 0, 0, 0];
  /** The skills running at each of the last decisions (innermost last), in a ring; `next` is the oldest. */
  private readonly recent: string[][] = [];
  private next = 0;

  constructor(readonly caps: Caps) {}

  /** Counts a decision about to be asked; stops the game (g.runaway) when a cap is passed. */
  decision(g: Engine, r: Request): void {
    const s = g.state;
    if (s.current !== this.turnSeat) {
      this.turnSeat = s.current;
      this.turnDecisions = 0;
    }
    this.turnDecisions++;
    const writes = g.reads?.writes ?? g.mut;
    const rng = s.rng;
    const last = this.lastRng;
    // Loops, and a length set only when it changes: this runs at every decision (a closure for `every` and a
    // length written each time were a call into the runtime each).
    let same = writes === this.lastWrites;
    for (let i = 0; i < 4; i++) {
      if (rng[i] !== last[i]) same = false;
      last[i] = rng[i]!;
    }
    this.stalled = same ? this.stalled + 1 : 0;
    this.lastWrites = writes;
    const stack = g.runningSkills;
    const kept = (this.recent[this.next] ??= []);
    if (kept.length !== stack.length) kept.length = stack.length;
    for (let i = 0; i < stack.length; i++) kept[i] = stack[i]!.skill;
    this.next = (this.next + 1) % RECENT;
    const c = this.caps;
    if (s.decisions > c.maxDecisions) this.stop(g, r, `${c.maxDecisions} decisions without a result`);
    if (this.turnDecisions > c.maxDecisionsPerTurn) this.stop(g, r, `${c.maxDecisionsPerTurn} decisions in one turn`);
    if (this.stalled >= c.maxStalled) this.stop(g, r, `${c.maxStalled} decisions in a row that change nothing`);
  }

  private stop(g: Engine, r: Request, what: string): never {
    const asked = `${g.state.players[r.seat]?.name ?? `seat ${r.seat}`} is asked "${r.prompt}"`;
    return g.runaway(`${what} (${asked})`, this.loopingNames());
  }

  /** The skills running at every one of the last decisions: the innermost such skill (the loop is its rule). */
  private loopingNames(): string[] {
    const first = this.recent[0];
    if (first === undefined) return [];
    let common = first;
    for (const stack of this.recent) common = common.filter((s) => stack.includes(s));
    return common.length ? [common[common.length - 1]!] : [];
  }
}

/** The skills a nesting or decision-less loop runs in: the skills nested in themselves on the running stack (a
 *  trigger that raises its own window), else the innermost running one (a loop in its body). */
export function skillsLoopingNow(g: Engine): string[] {
  const stack = g.runningSkills.map((x) => x.skill);
  const twice = [...new Set(stack.filter((s, i) => stack.indexOf(s) !== i))];
  if (twice.length) return twice;
  return stack.length ? [stack[stack.length - 1]!] : [];
}

/** The end of a runaway message: where the loop is, when that is known. */
export function loopLine(g: Engine, looping: string[]): string {
  if (looping.length === 0) return 'a rule may loop forever';
  const named = looping.map((n) => `${g.program.skills[n] ? 'skill' : 'function'} ${n}`);
  return `a rule may loop forever (in ${named.join(', ')})`;
}

/** What a stack overflow unwinds through, counted by name (skills and rules functions), innermost first. */
export class Unwinding {
  private readonly seen = new Map<string, number>();

  note(name: string): void {
    this.seen.set(name, (this.seen.get(name) ?? 0) + 1);
  }

  /** The names met more than once (nested in themselves), else the innermost one. */
  looping(): string[] {
    const again = [...this.seen].filter(([, n]) => n > 1).map(([name]) => name);
    if (again.length) return again;
    const first = this.seen.keys().next();
    return first.done ? [] : [first.value];
  }
}
