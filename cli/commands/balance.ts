// `sgs balance`: win rates per general and per role over many AI games, with 95% intervals, to spot a general that
// is too strong or too weak.
import { FOR_GAMES, requireProgramOnly } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK, invalid } from '../errors.ts';
import { progressBar } from '../progress.ts';
import { rolesOf } from '../../ai/spec.ts';
import { balance, type BalanceResult, type GeneralStat, type RateStat } from '../balance.ts';
import { GAMES_FLAGS, gamesFromFlags, parseAi } from '../setup.ts';
import type { Command } from './command.ts';

export const balanceCommand: Command = {
  name: 'balance',
  playsGames: FOR_GAMES,
  usage:
    'sgs balance [paths…] --games G [--series K] [--jobs N] --players N [--seed S] [--mode M] [--option k=v…] [--edition first|standard] [--beginner] [--ai heuristic|random|role=ai,…] [--json]',
  summary: 'play many AI games (heuristic by default) and report win rates per general and per role with 95% intervals',
  flags: GAMES_FLAGS,
  run(args, io) {
    const program = requireProgramOnly(args.positionals, io);
    const roles = rolesOf(program);
    if (!roles.length) throw invalid('balance counts wins per role, and these rules give players no role');
    const { mode, players, games, series, seed, options, jobs } = gamesFromFlags(program, args, 1000);
    const ai = parseAi(program, args.flags.ai as string | undefined, 'heuristic');
    const bar = progressBar(io, 'balancing');
    const r = balance(program, {
      players,
      games,
      series,
      jobs,
      seed,
      mode,
      options,
      ai,
      onGame: (done, total) => bar.update(done, total),
    });
    bar.clear();
    if (args.flags.json) {
      const { problems: _p, completed: _c, ...shown } = r;
      io.out(JSON.stringify(shown));
    } else {
      report(r, (l) => io.out(l));
    }
    if (r.completed === r.games) return EXIT_OK;
    const p = r.problems[0]!;
    io.err(
      `sgs: ${r.games - r.completed} of ${r.games} games did not complete and are left out of the rates; first: game ${p.game} (seed ${p.seed}) ${p.outcome}: ${p.message} — sgs simulate with the same --players, --games, --seed, --ai and --save DIR writes its replay`,
    );
    return EXIT_FAILED;
  },
};

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${pct(Math.abs(x))}`;

/** Rows of cells, the first column left-aligned and the others right-aligned to their widest cell. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map(
    (r) =>
      '  ' +
      r
        .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
  );
}

function report(r: BalanceResult, out: (l: string) => void): void {
  out(
    `${r.games} games${r.series > 1 ? ` in series of ${r.series}` : ''} · ${r.players} players · seed ${r.seed} · ai ${r.ai}${r.completed < r.games ? ` · ${r.completed} completed` : ''}`,
  );
  const cells = (s: RateStat) => [String(s.games), String(s.wins), pct(s.rate), `[${pct(s.low)}, ${pct(s.high)}]`];
  table([['role', 'games', 'wins', 'rate', '95% interval'], ...r.roles.map((s) => [s.role, ...cells(s)])]).forEach(
    (l) => out(l),
  );
  out('');
  const mark = (s: GeneralStat) => (s.mark === 'above' ? '▲' : s.mark === 'below' ? '▼' : '');
  table([
    ['general', 'games', 'wins', 'rate', '95% interval', 'adjusted', ''],
    ...r.generals.map((s) => [s.id, ...cells(s), signed(s.adjusted), mark(s)]),
  ]).forEach((l) => out(l));
  out(
    'adjusted: win rate minus the rate the roles it played predict; ▲/▼: the whole interval lies above/below that prediction',
  );
  out('');
  out(`per game ${r.avgDecisions} decisions · ${r.gamesPerSecond} games/s`);
  for (const [ai, t] of Object.entries(r.aiMicrosPerDecision))
    out(`${ai} AI: ${t!.median} µs median, ${t!.mean} µs mean per decision`);
}
