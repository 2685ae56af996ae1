// `sgs demo`: one random game printed move by move (what `npm start` shows until the rulebook site exists).
import { intFlag } from '../args.ts';
import { requireProgram } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK } from '../errors.ts';
import { formatLogLine } from '../log-format.ts';
import { playRandomGame } from '../play.ts';
import { checkPlayers, playerRange, resolveMode } from '../setup.ts';
import { deriveSeed } from '../simulate.ts';
import type { Command } from './command.ts';

export const demo: Command = {
  name: 'demo',
  usage: 'sgs demo [paths…] [--players N] [--seed S] [--mode M]',
  summary: 'play one random game and print its log',
  flags: { players: 'int', seed: 'int', mode: 'string' },
  run(args, io) {
    const program = requireProgram(args.positionals, io);
    const mode = resolveMode(program, args.flags.mode as string | undefined);
    const [min, max] = playerRange(mode);
    const players = checkPlayers(mode, intFlag(args, 'players', Math.min(max, Math.max(min, 5)), 1));
    const seed = intFlag(args, 'seed', 1, 0);
    const r = playRandomGame(program, { seed, aiSeed: deriveSeed(seed, 0, 'ai'), players, mode: mode.id, keepLog: true });
    io.out(`${players} players · mode ${mode.id} · seed ${seed} (sgs demo --seed N for another game)`);
    for (const l of r.game?.state.log ?? []) io.out(formatLogLine(l));
    const over = r.game?.state.over;
    if (r.outcome === 'completed') io.out(`result: ${r.winners}${over ? ` — ${over.text}` : ''} after ${r.turns} turns, ${r.decisions} decisions`);
    else io.out(`${r.outcome}: ${r.message}`);
    io.out(`trace hash: ${r.traceHash}`);
    return r.outcome === 'completed' ? EXIT_OK : EXIT_FAILED;
  },
};
