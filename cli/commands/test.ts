// `sgs test [paths…]`: run every scenario in the rules as a test; one line per failure, then "N passed, N failed".
import { runScenario } from '../../runtime/index.ts';
import { requireProgram } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK } from '../errors.ts';
import type { Command } from './command.ts';

export const test: Command = {
  name: 'test',
  usage: 'sgs test [paths…] [--filter TEXT] [--verbose]',
  summary: 'run the scenarios written in the rules',
  flags: { verbose: 'bool', filter: 'string' },
  run(args, io) {
    const program = requireProgram(args.positionals, io);
    const filter = args.flags.filter as string | undefined;
    let passed = 0;
    let failed = 0;
    for (const scen of Object.values(program.scenarios)) {
      if (filter && !scen.id.includes(filter)) continue;
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
        if (args.flags.verbose) io.out(`ok    ${scen.id}`);
      } else {
        failed++;
        io.out(`FAIL  ${at}: ${scen.id}: ${message}`);
      }
    }
    io.out(`${passed} passed, ${failed} failed`);
    return failed ? EXIT_FAILED : EXIT_OK;
  },
};
