// `sgs test [paths…]`: run every scenario in the rules as a test; one line per failure, then "N passed, N failed".
import { runScenario } from '../../runtime/index.ts';
import { ownFiles, requireCompiled } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK } from '../errors.ts';
import { progressBar } from '../progress.ts';
import type { Command } from './command.ts';

export const test: Command = {
  name: 'test',
  playsGames: {},
  usage: 'sgs test [paths…] [--filter TEXT] [--verbose]',
  summary: 'run the scenarios written in the rules',
  flags: { verbose: 'bool', filter: 'string' },
  run(args, io) {
    const c = requireCompiled(args.positionals, io);
    const program = c.program;
    // Only the given files' scenarios: the built-in packages they import bring their own, tested with them.
    const mine = ownFiles(c);
    const filter = args.flags.filter as string | undefined;
    let passed = 0;
    let failed = 0;
    const todo = Object.values(program.scenarios).filter(
      (scen) => (!filter || scen.id.includes(filter)) && mine.has(fileOf(scen.at)),
    );
    const bar = progressBar(io, 'testing');
    for (const scen of todo) {
      bar.update(passed + failed, todo.length);
      let at = scen.at;
      let message: string | null = null;
      try {
        const r = runScenario(program, scen.id);
        if (!r.ok) {
          at = r.failure!.at || scen.at;
          message = `step ${r.failure!.step}: ${r.failure!.message}`;
        }
      } catch (e) {
        // A scenario the engine cannot even set up (e.g. a seat with an unknown card) is a failure, not a crash.
        message = e instanceof Error ? e.message : String(e);
      }
      if (message === null) {
        passed++;
        if (args.flags.verbose) {
          bar.clear();
          io.out(`ok    ${scen.id}`);
        }
      } else {
        failed++;
        bar.clear();
        io.out(`FAIL  ${at}: ${scen.id}: ${message}`);
      }
    }
    bar.clear();
    io.out(`${passed} passed, ${failed} failed`);
    return failed ? EXIT_FAILED : EXIT_OK;
  },
};

/** The file of a position `file:line:col`. */
function fileOf(at: string): string {
  return at.replace(/:\d+:\d+$/, '');
}
