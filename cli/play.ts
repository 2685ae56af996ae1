// One game played by a policy (random unless told otherwise), its invariants checked when every event ends and
// after every answer (runtime/watch.ts).
import {
  Game,
  StateWatch,
  type Carried,
  type EngineKind,
  type Program,
  type Frame,
  type Value,
} from '../runtime/index.ts';
import { answerOf, playThrough, policyFor, type Policy, type PolicyFactory } from '../ai/policy.ts';
import { RandomAI } from '../ai/random.ts';
import type { ReplayFile } from './replay-file.ts';

export interface PlaySetup {
  seed: number; // the game's own seed (its RNG lives in the game state)
  aiSeed: number; // the policy's seed, kept apart so answers never consume the game's randomness
  policy?: PolicyFactory; // who answers every request; default: the random policy
  players: number;
  mode?: string;
  options?: Record<string, unknown>;
  maxDecisions?: number;
  invariants?: boolean;
  keepLog?: boolean;
  /** What the previous game of a series left (the game starts with it). */
  carried?: Carried;
  /** Read the carried values once the game is over, for the next game of a series (PlayResult.carried). */
  carry?: boolean;
  /** Which code runs the rules (GameOptions.engine; default: compiled code when the program has it). */
  engine?: EngineKind;
  /** Check every reused cached result against a fresh computation (GameOptions.checkReads). */
  checkReads?: boolean;
  /** Play through start() and answer(), the rules suspended at each decision, instead of Game.play (which answers
   *  each decision as it is asked): the same game either way; the differential test's reference plays so. */
  stepwise?: boolean;
}

export type Outcome = 'completed' | 'error' | 'invariant' | 'unfinished';

export interface PlayResult {
  outcome: Outcome;
  message?: string; // why the game is not 'completed'
  winners: string | null; // a label of the winners when completed
  turns: number;
  decisions: number;
  traceHash: string;
  game: Game | null;
  replay: ReplayFile;
  /** With `carry`: the values the next game of the series starts with (absent if the game could not start). */
  carried?: Carried;
  /** Each seat's series score once the game is over, when the mode names one (Game.scores). */
  scores?: number[];
}

export const DEFAULT_MAX_DECISIONS = 5000;

const randomPolicy: PolicyFactory = (_table, seed) => new RandomAI(seed);

export function playGame(program: Program, s: PlaySetup): PlayResult {
  const replay: ReplayFile = {
    seed: s.seed,
    players: s.players,
    ...(s.mode ? { mode: s.mode } : {}),
    ...(s.options ? { options: s.options } : {}),
    ...(s.carried ? { carried: s.carried } : {}),
    answers: [],
  };
  const done = (outcome: Outcome, game: Game | null, turns: number, message?: string): PlayResult => {
    const decisions = game ? game.state.answers.length : 0;
    replay.answers = game ? game.state.answers.map((a) => a.slice()) : [];
    let carried: Carried | undefined;
    if (s.carry && game) {
      try {
        carried = game.carried();
      } catch (e) {
        if (outcome === 'completed') [outcome, message] = ['error', messageOf(e)];
      }
    }
    const winners = outcome === 'completed' ? winnersLabel(game!.state.over!.winners) : null;
    const traceHash = game ? game.traceHash() : '';
    const scores = game?.scores();
    return {
      outcome,
      message,
      winners,
      turns,
      decisions,
      traceHash,
      game,
      replay,
      ...(carried ? { carried } : {}),
      ...(scores ? { scores } : {}),
    };
  };
  let g: Game;
  let ai: Policy;
  let watch: StateWatch | null = null;
  try {
    g = new Game(program, {
      mode: s.mode,
      players: s.players,
      seed: s.seed,
      options: s.options,
      keepLog: s.keepLog ?? false,
      carried: s.carried,
      engine: s.engine,
      checkReads: s.checkReads,
    });
    ai = policyFor(s.policy ?? randomPolicy, g, s.aiSeed); // before start(): a policy may watch the game from its first event
    if (s.invariants ?? true) watch = new StateWatch(g);
    if (s.stepwise) g.start();
  } catch (e) {
    return done('error', null, 0, messageOf(e));
  }
  const cap = s.maxDecisions ?? DEFAULT_MAX_DECISIONS;
  const turnEvents = turnEventsOf(g.program);
  let turns = 0;
  let marker: unknown = null;
  /** Each time the game waits for a decision (and once it has stopped): the checks, then the policy's answer, or
   *  the game's result when it is over or cannot go on. */
  const next = (): number[] | PlayResult => {
    if (g.state.error) return done('error', g, turns, g.state.error);
    const broken = watch?.check('after the answer');
    if (broken) return done('invariant', g, turns, `after ${g.state.answers.length} decisions, ${broken}`);
    const m = turnMarker(g, turnEvents);
    if (m !== null && m !== marker) {
      turns++;
      marker = m;
    }
    if (g.state.over) return done('completed', g, turns);
    const r = g.pending;
    if (!r) return done('error', g, turns, 'the game stopped without a result and asks nothing');
    const who = g.state.players[r.seat]?.name;
    // The pending question often shows the loop (a skill offered again and again).
    if (g.state.answers.length >= cap)
      return done('unfinished', g, turns, `no result after ${cap} decisions; ${who} is asked "${r.prompt}"`);
    let picks: number[] | null;
    try {
      picks = answerOf(ai, g);
    } catch (e) {
      return done('error', g, turns, `the AI failed while answering "${r.prompt}" for ${who}: ${messageOf(e)}`);
    }
    if (!picks)
      return done(
        'error',
        g,
        turns,
        `${who} is asked "${r.prompt}" but no answer is legal (min ${r.min}, ${r.options.length} options)`,
      );
    return picks;
  };
  const rejected = (picks: number[], reason: string) => {
    const r = g.pending!;
    const who = g.state.players[r.seat]?.name;
    return done(
      'error',
      g,
      turns,
      `the engine rejected the answer [${picks.join(', ')}] of ${who} to "${r.prompt}": ${reason}`,
    );
  };
  if (s.stepwise) {
    for (;;) {
      const picks = next();
      if (!Array.isArray(picks)) return picks;
      const res = g.answer(picks);
      if (!res.ok) return rejected(picks, res.reason);
    }
  }
  // Synchronously: the game asks `next` at each decision and goes on from inside it (Game.play). A result `next`
  // gives stops the game there, as the loop above returns it.
  const end = playThrough(g, next);
  if (end === null) return done('error', g, turns, 'the game asked a question after it ended');
  return 'rejected' in end ? rejected(end.picks, end.rejected) : end.result;
}

/** The events that are a player's turn: those with the hint `turnOf` (the core's turn). */
function turnEventsOf(program: Program): ReadonlySet<string> {
  return new Set(Object.values(program.events).flatMap((e) => (e.hints?.turnOf ? [e.id] : [])));
}

/** Something that changes exactly when a new turn starts: the innermost running turn event (so an extra turn by the
 *  same player counts). Null outside turns, and always for rules that declare no turn event. */
function turnMarker(g: Game, turnEvents: ReadonlySet<string>): unknown {
  for (let f: Frame | null = g.frame; f; f = f.parent) if (turnEvents.has(f.id)) return f;
  return null;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A short, stable name for a result's winners: an enum member, a player's name, or a list of those. */
export function winnersLabel(w: Value): string {
  if (w === null) return 'none';
  if (Array.isArray(w)) return w.length ? w.map(winnersLabel).join('+') : 'none';
  if (typeof w === 'object' && w.t === 'p') return w.name;
  return typeof w === 'object' ? JSON.stringify(w) : String(w);
}
