// `sgs demo`: one game (random AI unless --ai says otherwise) printed move by move (what `npm start` shows until the rulebook site exists).
import { intFlag } from '../args.ts';
import { FOR_GAMES, requireProgram } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK } from '../errors.ts';
import { formatLogLine } from '../log-format.ts';
import { byRole } from '../../ai/by-role.ts';
import { playGame } from '../play.ts';
import { PLAYERS, SEEDS, checkPlayers, parseAi, playerRange, resolveMode } from '../setup.ts';
import { deriveSeed } from '../simulate.ts';
import type { Command } from './command.ts';

export const demo: Command = {
  name: 'demo',
  playsGames: FOR_GAMES,
  usage: 'sgs demo [paths…] [--players N] [--seed S] [--mode M] [--ai random|heuristic|role=ai,…]',
  summary: 'play one game and print its log',
  flags: { players: PLAYERS, seed: SEEDS, mode: 'string', ai: 'string' },
  run(args, io) {
    const program = requireProgram(args.positionals, io, FOR_GAMES);
    const mode = resolveMode(program, args.flags.mode as string | undefined);
    const [min, max] = playerRange(mode);
    const players = checkPlayers(mode, intFlag(args, 'players', Math.min(max, Math.max(min, 5))));
    const seed = intFlag(args, 'seed', 1);
    const policy = byRole(parseAi(program, args.flags.ai as string | undefined, 'random'));
    const r = playGame(program, {
      seed,
      aiSeed: deriveSeed(seed, 0, 'ai'),
      policy,
      players,
      mode: mode.id,
      keepLog: true,
    });
    io.out(`${players} players · mode ${mode.id} · seed ${seed} (sgs demo --seed N for another game)`);
    for (const l of r.game?.state.log ?? []) io.out(formatLogLine(l));
    const over = r.game?.state.over;
    if (r.outcome === 'completed')
      io.out(`result: ${r.winners}${over ? ` — ${over.text}` : ''} after ${r.turns} turns, ${r.decisions} decisions`);
    else io.out(`${r.outcome}: ${r.message}`);
    io.out(`trace hash: ${r.traceHash}`);
    return r.outcome === 'completed' ? EXIT_OK : EXIT_FAILED;
  },
};
