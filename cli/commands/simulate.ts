// `sgs simulate`: many games played by the random or the heuristic AI, checking invariants after every decision.
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOR_GAMES, requireProgramOnly } from '../compile.ts';
import { intFlag } from '../args.ts';
import { EXIT_FAILED, EXIT_OK } from '../errors.ts';
import { progressBar } from '../progress.ts';
import { DEFAULT_MAX_DECISIONS } from '../play.ts';
import { GAMES_FLAGS, MAX_DECISIONS, gamesFromFlags, parseAi } from '../setup.ts';
import { simulate, type SimulateResult } from '../simulate.ts';
import { replayName } from '../simulate-range.ts';
import {
  rulesFingerprint,
  writeReplayFile,
  type Carried,
  type CarriedValue,
  type Program,
} from '../../runtime/index.ts';
import type { Command } from './command.ts';

export const simulateCommand: Command = {
  name: 'simulate',
  playsGames: FOR_GAMES,
  usage:
    'sgs simulate [paths…] --players N --games G [--series K] [--jobs N] --seed S [--mode M] [--option k=v…] [--edition first|standard] [--beginner] [--ai random|heuristic|role=ai,…] [--json] [--save DIR] [--save-all DIR] [--max-decisions N]',
  summary:
    "play many games (random AI by default), checking whenever an event ends and after every decision the rules' invariants (HP, deaths, where cards lie…) and the engine's own (cards conserved, values of their declared types), and that every game ends",
  flags: {
    ...GAMES_FLAGS,
    save: 'string',
    'save-all': 'string',
    'max-decisions': MAX_DECISIONS,
  },
  run(args, io) {
    const program = requireProgramOnly(args.positionals, io);
    const { mode, players, games, series, seed, options, jobs } = gamesFromFlags(program, args, 100);
    const ai = parseAi(program, args.flags.ai as string | undefined, 'random');
    for (const flag of ['save', 'save-all'] as const) if (args.flags[flag]) writableFolder(args.flags[flag] as string);
    const bar = progressBar(io, 'simulating');
    const r = simulate(program, {
      players,
      games,
      series,
      jobs,
      seed,
      mode,
      options,
      maxDecisions: intFlag(args, 'max-decisions', DEFAULT_MAX_DECISIONS),
      ai,
      ...(args.flags['save-all'] ? { saveAll: args.flags['save-all'] as string } : {}),
      onGame: (done, total) => bar.update(done, total),
    });
    bar.clear();
    const saved = args.flags.save ? save(program, r, args.flags.save as string) : [];
    // Said on stderr, so that --json stays one JSON document.
    if (args.flags.save)
      io.err(
        saved.length
          ? `saved ${saved.length} replay file(s) of the problem games to ${args.flags.save} (every game: --save-all DIR)`
          : `no problem games, so nothing saved to ${args.flags.save} (every game: --save-all DIR)`,
      );
    if (args.flags['save-all']) io.err(`saved the replay files of all ${r.games} games to ${args.flags['save-all']}`);
    if (args.flags.json) {
      const { decisions: _d, ms: _m, problems, ...shown } = r;
      io.out(
        JSON.stringify({
          ...shown,
          problems: problems.map((p, i) => ({
            game: p.game,
            seed: p.seed,
            outcome: p.outcome,
            message: p.message,
            ...(saved[i] ? { file: saved[i] } : {}),
          })),
        }),
      );
    } else {
      report(r, { players, mode, seed }, saved, (l) => io.out(l));
    }
    return r.errors || r.invariantViolations || r.unfinished ? EXIT_FAILED : EXIT_OK;
  },
};

/** Make a folder the run will write to, and check that it may, before the first game rather than after the last
 *  (a failure is said by main, cli/file-errors.ts). */
function writableFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  accessSync(dir, constants.W_OK);
}

/** Write a replay file for every reported problem game; returns their paths. */
function save(program: Program, r: SimulateResult, dir: string): string[] {
  return r.problems.map((p) => {
    const file = join(dir, replayName(p.game, p.seed));
    writeFileSync(file, writeReplayFile({ ...p.replay, rules: rulesFingerprint(program) }));
    return file;
  });
}

function report(
  r: SimulateResult,
  s: { players: number; mode: string; seed: number },
  saved: string[],
  out: (l: string) => void,
): void {
  const inSeries = r.series > 1 ? ` in series of ${r.series}` : '';
  out(`${r.games} games${inSeries} · ${s.players} players · mode ${s.mode} · seed ${s.seed} · ai ${r.ai}`);
  out(`  completed             ${r.completed}`);
  out(`  errors                ${r.errors}`);
  out(`  invariant violations  ${r.invariantViolations}`);
  out(`  unfinished            ${r.unfinished}`);
  const wins = Object.entries(r.wins).map(
    ([w, n]) => `${w} ${n} (${((100 * n) / Math.max(1, r.completed)).toFixed(0)}%)`,
  );
  out(`  wins                  ${wins.join(', ') || 'none'}`);
  out(`  per game              ${r.avgTurns} turns, ${r.avgDecisions} decisions`);
  out(`  speed                 ${r.gamesPerSecond} games/s`);
  for (const [ai, t] of Object.entries(r.aiMicrosPerDecision))
    out(
      `  ${`${ai} AI`.padEnd(22)}${t!.median} µs median, ${t!.mean} µs mean per decision (${t!.decisions} decisions)`,
    );
  out(`  trace hash            ${r.traceHash}`);
  if (r.carried) out(`  carried (last game)   ${carriedText(r.carried)}`);
  if (r.scores) {
    const seats = (xs: number[]) => xs.map((v, i) => `p${i + 1} ${v}`).join(', ');
    out(`  ${`score (${r.scores.property})`.padEnd(22)}last series ${seats(r.scores.last)}`);
    out(`  ${''.padEnd(22)}mean of ${r.scores.series} series ${seats(r.scores.mean)}`);
    out(`  ${''.padEnd(22)}series won (ties shared) ${seats(r.scores.won)}`);
  }
  if (r.problems.length) {
    out(`first ${r.problems.length} problem game(s):`);
    r.problems.forEach((p, i) => {
      out(`  game ${p.game} (seed ${p.seed}) ${p.outcome}: ${p.message}`);
      if (saved[i]) out(`    reproduce: sgs replay ${saved[i]}`);
    });
    if (!saved.length) out('rerun with --save DIR to write replay files for these games');
  }
}

/** `exRound 3 · p1 exScore 2, p2 exScore 0`: what the last game of a series left, players written p1, p2…. */
function carriedText(c: Carried): string {
  const value = (v: CarriedValue): string =>
    Array.isArray(v)
      ? `[${v.map(value).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `p${v.$p + 1}`
        : String(v);
  const globals = Object.entries(c.globals).map(([k, v]) => `${k} ${value(v)}`);
  const seats = c.players.flatMap((p, i) => Object.entries(p).map(([k, v]) => `p${i + 1} ${k} ${value(v)}`));
  return [...globals, ...seats].join(', ') || 'nothing (the rules declare nothing carried)';
}
