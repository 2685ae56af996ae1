// `sgs replay FILE [paths…]`: replay a saved game (seed + answers) and print its trace hash and result.
import { readFileSync } from 'node:fs';
import { FOR_GAMES, requireProgram } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK, invalid, usage } from '../errors.ts';
import { fileProblem } from '../file-errors.ts';
import { formatLogLine } from '../log-format.ts';
import { winnersLabel } from '../play.ts';
import { replay } from '../replay.ts';
import { checkReplay, readReplay } from '../replay-file.ts';
import { rulesFingerprint } from '../../runtime/index.ts';
import type { Command } from './command.ts';

export const replayCommand: Command = {
  name: 'replay',
  playsGames: FOR_GAMES,
  usage: 'sgs replay FILE [paths…] [--log]',
  summary:
    'replay a game saved as {seed, players, mode?, options?, rules?, answers} (by simulate or the site) and print its trace hash',
  flags: { log: 'bool' },
  run(args, io) {
    const [file, ...paths] = args.positionals;
    if (!file) throw usage('replay needs a FILE');
    const rf = readReplay(readText(file), file);
    const program = requireProgram(paths, io, FOR_GAMES);
    checkReplay(program, rf, file);
    // Other rules may still replay the game (a change that touched nothing it used): said, not refused.
    const fp = rulesFingerprint(program);
    if (rf.rules !== undefined && rf.rules !== fp)
      io.err(`note: ${file} was saved with other rules (${rf.rules}; these are ${fp}); the replay may differ`);
    const r = replay(program, rf, { keepLog: !!args.flags.log, invariants: true });
    if (args.flags.log) for (const l of r.game.state.log) io.out(formatLogLine(l));
    const g = r.game;
    io.out(`trace hash: ${g.traceHash()}`);
    io.out(`decisions:  ${r.applied} of ${rf.answers.length}`);
    if (g.state.error) io.out(`error:      ${g.state.error}`);
    else if (g.state.over) io.out(`result:     ${winnersLabel(g.state.over.winners)} — ${g.state.over.text}`);
    else if (g.pending) io.out(`running:    ${g.state.players[g.pending.seat]?.name} is asked "${g.pending.prompt}"`);
    if (r.problem) io.err(`replay: ${r.problem}`);
    if (r.violation) io.err(`invariant broken ${r.violation}`);
    return r.problem || r.violation || g.state.error ? EXIT_FAILED : EXIT_OK;
  },
};

/** The file's text; a file-system error names the file even when Node's does not (reading a folder). */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const problem = fileProblem(e, file);
    throw problem ? invalid(problem) : e;
  }
}
