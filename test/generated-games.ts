// Games driven by a list of integers, for the generated tests (test/property-games.test.ts, test/pair-games.test.ts):
// each integer picks one legal answer of the pending request (pickFor), a fixed policy answers once the list runs
// out, and every event and answer is watched for a broken invariant (runtime/watch.ts). What a game did is kept as
// its answers, so that a failure can be written as a replay file (`sgs replay FILE`).
import fc from 'fast-check';
import type { ReplayFile } from '../cli/replay-file.ts';
import { Game, StateWatch, type GameOptions, type Program, type Request } from '../runtime/index.ts';

/** The answer an integer stands for: a count from min to max (of the options there are), then that many distinct
 *  options, read from the integer as mixed-radix digits. 0 is always the fewest allowed, and the first options — the
 *  fixed policy — so a list shrunk towards zeros is a list shrunk towards the fixed policy. */
export function pickFor(r: Request, x: number): number[] {
  const n = r.options.length;
  const hi = Math.min(r.max, n);
  const lo = Math.min(r.min, hi);
  let rest = Math.abs(Math.trunc(x));
  const k = lo + (rest % (hi - lo + 1));
  rest = Math.floor(rest / (hi - lo + 1));
  const left: number[] = [];
  for (let i = 0; i < n; i++) left.push(i);
  const picks: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = rest % left.length;
    rest = Math.floor(rest / left.length);
    picks.push(left[j]!);
    left.splice(j, 1);
  }
  return picks;
}

/** What a generated game is: the setup of a replay file (seed, players, mode, options) or a scenario's id. */
export interface GameSetup {
  seed: number;
  players?: number;
  mode?: string;
  options?: Record<string, unknown>;
  scenario?: string;
}

export interface ChoiceGame {
  game: Game;
  /** Every answer given, in order (the choices' and the fixed policy's). */
  answers: number[][];
  /** How many of the answers came from the choice list. */
  chosen: number;
  /** What went wrong: the engine's error, a broken invariant or an extra check's message; null when nothing did. */
  failure: string | null;
  /** The game reached the decision cap before it ended. */
  capped: boolean;
}

export interface ChoiceOptions {
  /** Decisions before the game is stopped (it counts as passing). */
  cap: number;
  /** An extra check after every answer (a planted bug in a self-test): a message when it fails. */
  check?: (g: Game) => string | null;
  /** How a choice list of integers is read: one per decision (default), or `choose` for each request. */
  choose?: (r: Request, i: number) => number[] | null;
  /** Sees the game before it starts (to add observers). */
  before?: (g: Game) => void;
  /** Keep the game's log (default: only its hash, as simulations do). */
  keepLog?: boolean;
}

/** Play a game: choice i answers decision i (pickFor), decisions after the list answer 0 (the fixed policy). */
export function playChoices(
  program: Program,
  setup: GameSetup,
  choices: readonly number[],
  o: ChoiceOptions,
): ChoiceGame {
  const opts: GameOptions = { seed: setup.seed, keepLog: o.keepLog ?? false };
  if (setup.scenario !== undefined) opts.scenario = setup.scenario;
  else {
    opts.players = setup.players;
    if (setup.mode !== undefined) opts.mode = setup.mode;
  }
  // A scenario's options (`option edition = firstEdition`) are the game's unless the setup names others.
  const options =
    setup.options ?? (setup.scenario !== undefined ? program.scenarios[setup.scenario]?.options : undefined);
  if (options !== undefined) opts.options = options;
  const game = new Game(program, opts);
  const watch = new StateWatch(game);
  o.before?.(game);
  game.start();
  const answers: number[][] = [];
  let failure: string | null = null;
  const fail = (): string | null =>
    game.state.error !== null
      ? `after ${answers.length} decisions, error: ${game.state.error}`
      : (watch.check(answers.length === 0 ? 'at the start' : `after ${answers.length} decisions`) ??
        (o.check ? o.check(game) : null));
  failure = fail();
  while (failure === null && game.pending && answers.length < o.cap) {
    const r = game.pending;
    const i = answers.length;
    const picks = o.choose?.(r, i) ?? pickFor(r, i < choices.length ? choices[i]! : 0);
    const res = game.answer(picks);
    if (!res.ok) {
      failure = `answer ${i + 1} [${picks.join(', ')}] was rejected: ${res.reason}`;
      break;
    }
    answers.push(picks);
    failure = fail();
  }
  return {
    game,
    answers,
    chosen: Math.min(choices.length, answers.length),
    failure,
    capped: failure === null && game.pending !== null,
  };
}

/** The replay file of a game played from a setup (not a scenario's: replay files have no seats to lay out). */
export function replayFileOf(setup: GameSetup, answers: number[][]): ReplayFile {
  const f: ReplayFile = { seed: setup.seed, players: setup.players ?? 0, answers };
  if (setup.mode !== undefined) f.mode = setup.mode;
  if (setup.options !== undefined && Object.keys(setup.options).length > 0) f.options = setup.options;
  return f;
}

/** The mode variants a property game may take: cheap to set, each a replay file's `options`. */
export const VARIANTS: Record<string, Record<string, unknown>> = {
  standard: {},
  firstEdition: { edition: 'firstEdition' },
  beginner: { beginner: true },
  darkSouls: { darkSouls: true },
  reincarnation: { reincarnation: true },
};

export interface SearchOptions {
  /** Games to try (fast-check's numRuns). */
  runs: number;
  /** fast-check's seed: the search is deterministic. */
  seed: number;
  /** Decisions per game before it is stopped. */
  cap: number;
  players?: { min: number; max: number };
  variants?: string[];
  check?: (g: Game) => string | null;
  /** The choice list: at most this many integers (default: the cap), each at most `max` (default: any). Small
   *  ones shrink faster. */
  choices?: { length?: number; max?: number };
}

export interface FoundFailure {
  /** The shrunk game, as `sgs replay FILE` reads it. */
  replay: ReplayFile;
  /** What went wrong in it. */
  failure: string;
  /** How many integers of the shrunk choice list were used (the rest of the game is the fixed policy's). */
  chosen: number;
  /** How many of those were not 0: the decisions where the game left the fixed policy. */
  departures: number;
  shrinks: number;
}

export interface SearchResult {
  games: number;
  /** Games that ended (the rest reached the cap). */
  ended: number;
  decisions: number;
  found: FoundFailure | null;
}

/** Play generated games until one fails; fast-check then shrinks its seed, player count, variant and choices, and
 *  the smallest failing game comes back as a replay file. */
export function searchGames(program: Program, o: SearchOptions): SearchResult {
  const players = o.players ?? { min: 4, max: 10 };
  const variants = o.variants ?? Object.keys(VARIANTS);
  const arb = fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    players: fc.integer(players),
    variant: fc.constantFrom(...variants),
    choices: fc.array(o.choices?.max === undefined ? fc.nat() : fc.nat({ max: o.choices.max }), {
      maxLength: o.choices?.length ?? o.cap,
      size: 'max',
    }),
  });
  const stats = { games: 0, ended: 0, decisions: 0 };
  let searching = true;
  const setupOf = (x: { seed: number; players: number; variant: string }): GameSetup => ({
    seed: x.seed,
    players: x.players,
    mode: 'identity',
    options: VARIANTS[x.variant]!,
  });
  const out = fc.check(
    fc.property(arb, (x) => {
      const r = playChoices(program, setupOf(x), x.choices, { cap: o.cap, check: o.check });
      if (searching) {
        stats.games++;
        stats.decisions += r.answers.length;
        if (r.game.state.over) stats.ended++;
      }
      if (r.failure !== null) searching = false;
      return r.failure === null;
    }),
    { numRuns: o.runs, seed: o.seed, endOnFailure: false },
  );
  if (!out.failed || !out.counterexample) return { ...stats, found: null };
  const [x] = out.counterexample;
  const setup = setupOf(x);
  const r = playChoices(program, setup, x.choices, { cap: o.cap, check: o.check });
  return {
    ...stats,
    found: {
      replay: replayFileOf(setup, r.answers),
      failure: r.failure ?? '(the shrunk game no longer fails)',
      chosen: r.chosen,
      departures: x.choices.slice(0, r.chosen).filter((c) => c !== 0).length,
      shrinks: out.numShrinks,
    },
  };
}

/** A failure as a test message: what broke, and the replay file that shows it again. */
export function failureReport(f: FoundFailure): string {
  return [
    f.failure,
    `shrunk in ${f.shrinks} steps to ${f.replay.answers.length} decisions; save this as game.json and run`,
    '`npx sgs replay game.json --log` to see it again:',
    JSON.stringify(f.replay),
  ].join('\n');
}
