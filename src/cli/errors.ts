/** Exit status of a wrong command line: unknown option, missing script, bad option value, missing --tools file. */
export const EXIT_USAGE = 2;
/** Exit status when the CLI itself fails: a tools module that does not load or define tools, a missing peer. */
const EXIT_FAILURE = 1;

/**
 * An error the CLI reports as one `toolshell: <message>` line on stderr before exiting with `exitCode`, without a
 * stack trace: the message says what to fix.
 */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode: number = EXIT_FAILURE, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** The message of anything thrown, as one line. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}
