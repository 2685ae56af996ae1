// How a command stops early: with an exit code and, for user mistakes, a one-line message (never a stack trace).
export const EXIT_OK = 0;
export const EXIT_FAILED = 1; // the command ran and found problems (diagnostics, failing scenarios, bad games)
export const EXIT_USAGE = 2; // the user asked for something impossible (unknown flag, missing file, bad value)

export class Exit extends Error {
  constructor(
    public code: number,
    message = '',
    public showUsage = false,
  ) {
    super(message);
  }
}

/** The command line itself is wrong (unknown flag, missing argument): the message plus the command's usage. */
export function usage(message: string): Exit {
  return new Exit(EXIT_USAGE, message, true);
}

/** A value or file the user gave cannot be used (no such path, bad JSON, unknown mode): just the message. */
export function invalid(message: string): Exit {
  return new Exit(EXIT_USAGE, message);
}
