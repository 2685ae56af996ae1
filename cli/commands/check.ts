// `sgs check [paths…]`: compile, print every diagnostic with a caret, exit 1 if any is an error.
import { compilePaths, printDiagnostics, summary } from '../compile.ts';
import { EXIT_FAILED, EXIT_OK } from '../errors.ts';
import type { Command } from './command.ts';

export const check: Command = {
  name: 'check',
  usage: 'sgs check [paths…]',
  summary: 'compile the rules (default: rules/) and report errors with their source position',
  flags: {},
  run(args, io) {
    // Diagnostics alone: the scenarios are checked, and none is kept in a program nothing runs.
    const c = compilePaths(args.positionals, { checkOnly: true });
    printDiagnostics(c, io);
    io.err(summary(c));
    return c.errors ? EXIT_FAILED : EXIT_OK;
  },
};
