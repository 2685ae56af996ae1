// The game as the engine's own modules see it (members.ts, skills.ts, hooks.ts, windows.ts, actions.ts,
// decisions.ts, zones.ts): everything the rules may call (RulesHost) plus the linked program and the caches and
// counters those modules share. `Game` implements it. Code outside runtime/ uses `Game` and never these fields.
import type { StringHash } from './hash.ts';
import type { Ctx, FnRef } from './link.ts';
import type { Guards, Table } from './reads.ts';
import type { HookItem, ListSeats, Request, RulesHost, SeatLists, TriggerRef } from './types.ts';
import type { Frame, PlayerObj, Value } from './values.ts';
import type { Linked } from './variants.ts';
import type { SawLeave } from './visibility.ts';

export interface Engine extends RulesHost {
  /** The linked program (closures and indexes), shared by games with the same program and variants. */
  readonly L: Linked;
  frame: Frame | null;
  /** Watchers (an AI, a UI) told when an event starts and ends; they must not change the game. */
  readonly observers: ((f: Frame, phase: 'start' | 'end') => void)[];

  /** Whether this game runs the reference interpreter (GameOptions.reference). */
  readonly reference: boolean;
  /** Bumped by every change a pure function could observe; pure results are memoised between bumps. */
  mut: number;
  /** Bumped whenever a player's skills may have changed (skills granted by cards, `alive`, skill builtins). */
  epoch: number;
  /** The skills of each seat as of an epoch, by seat (skills.ts). */
  readonly skillCache: ({ epoch: number; skills: string[] } | undefined)[];
  /** Whether a seat has a skill that grants skills, as of an epoch (skills.ts grantsLive); -1: not known. */
  grants: { epoch: number; live: boolean };
  /** Whether a seat has a skill with a card filter, as of an epoch (skills.ts filtersLive); -1: not known. */
  filters: { epoch: number; live: boolean };
  /** The skills each card with a kind whose `grantedSkills` depends on the card grants, by card id (skills.ts). */
  readonly cardSkillCache: Map<number, readonly string[]>;
  /** The cache table of the engine's skillEnabled questions, found on the first (skills.ts). */
  enabledTable: Table | undefined;
  /** Nesting of each hook being evaluated, by its reference's number, to stop regress (hooks.ts). */
  readonly hookDepths: number[];
  /** True while a card filter's condition is evaluated: cards then read as they are (members.ts). */
  filtering: boolean;
  /** Memoised results of pure functions and hooks, valid while `memoAt === mut` (hooks.ts). */
  readonly memo: Map<string, Value>;
  memoAt: number;
  /** Per seat and window (by its number): the window's triggers of the skills the seat has (windows.ts). */
  readonly seatTriggers: SeatLists<TriggerRef>;
  /** Per seat and hook (by its number): the hook's contributions of the skills the seat has (hooks.ts). */
  readonly seatHooks: SeatLists<HookItem>;
  /** Per window (by its number): the seats with a trigger in it (skills.ts seatsWithItems). */
  readonly windowListeners: ListSeats;
  /** Per hook (by its number): the seats with a skill that contributes to it (hooks.ts). */
  readonly hookContributors: ListSeats;
  /** Re-entrancy guards active now, by kind (hooks, skillEnabled, granted skills, card filters): a cached result
   *  that consulted a kind is reused only where that kind is not active (reads.ts). */
  readonly guards: Guards;
  /** > 0 while a hook or skillEnabled is being evaluated (results may be partial then, so are not memoised). */
  pureDepth: number;
  /** Who saw each card leave where it last was, by card id (visibility.ts noteLeaving, knows). */
  readonly sawLeave: SawLeave;
  /** The clock of the game's reads when each kind of event last reset what it resets (windows.ts resetScoped). */
  readonly resetAt: Map<string, number>;
  /** Events nested inside events (windows.ts). */
  depth: number;
  /** The skills whose rules are running now, innermost last (a request made meanwhile names the innermost). */
  readonly runningSkills: { skill: string; window?: string }[];

  /** In a synchronous run (Game.play), the host's answer to each question as it is asked; null otherwise. */
  readonly answering: ((r: Request) => number[] | null) | null;
  /** A synchronous run's answer to `r`: the host's, checked and logged as Game.answer does (decisions.ts). */
  answerNow(r: Request): number[];
  /** A context for running linked code. */
  ctx(you: PlayerObj | null, slots: number, frame?: Frame | null, subject?: Value): Ctx;
  /** Stop the game: a rule seems to loop forever (names the skills or functions looping: runaway.ts). */
  runaway(what: string, looping?: string[]): never;
  /** Whether the game keeps its log; without one a line is hashed in pieces (lineHash, endLine), never made. */
  readonly keepsLog: boolean;
  /** The hasher of the next log line, started from the trace hash so far. */
  lineHash(): StringHash;
  /** The line hashed with lineHash() is done: it becomes the trace hash. */
  endLine(h: StringHash): void;
  /** A decision is about to be asked: counted against the caps on decisions (runaway.ts). */
  countDecision(r: Request): void;
  /** An exception leaves the rule of this skill or function (a stack overflow is named by what it unwinds). */
  unwinding(e: unknown, name: string): void;
  skillEnabled(p: PlayerObj, skill: string): boolean;
  /** A rules function computed now, not taken from the cache (for a caller that keeps the result itself). */
  callFunctionNow(name: string, args: Value[], at: string): Value;
  callRefNow(ref: FnRef, args: Value[], at: string): Value;
}
