// The shape every `sgs` subcommand has: its flags (anything else is a usage error) and a run function that
// writes through an Io and returns the exit code.
import type { FlagSpec, Parsed } from '../args.ts';
import type { Io } from '../io.ts';

export interface Command {
  name: string;
  usage: string; // one line: the command and its arguments
  summary: string;
  flags: FlagSpec;
  /** It plays games: the rules it names are compiled to code before it runs (main.ts prepare). */
  playsGames?: boolean;
  run(args: Parsed, io: Io): number;
}
