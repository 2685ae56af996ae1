// The shape every `sgs` subcommand has: its flags (anything else is a usage error) and a run function that
// writes through an Io and returns the exit code.
import type { FlagSpec, Parsed } from '../args.ts';
import type { Io } from '../io.ts';
import type { CompileOptions } from '../../compiler/index.ts';

export interface Command {
  name: string;
  usage: string; // one line: the command and its arguments
  summary: string;
  flags: FlagSpec;
  /** It plays games: before it runs, the rules it names are compiled with these options, the ones it compiles them
   *  with itself (so that it finds the same program), and then to code (main.ts prepare). */
  playsGames?: CompileOptions;
  run(args: Parsed, io: Io): number;
}
