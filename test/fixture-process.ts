// A fixture run in a process of its own: for what no in-process test can survive or set up (a host aborted by V8,
// the host's heap flags, a preload that every worker thread runs).
import { spawn } from "node:child_process";

/** How a fixture's process ended, and all it printed. */
export interface FixtureExit {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface FixtureOptions {
  /** node's own flags, before `--import tsx`. */
  nodeArgs?: string[];
  /** The process's NODE_OPTIONS; by default it has none (not this process's). */
  nodeOptions?: string;
}

/** Runs `node [nodeArgs] --import tsx <fixture> [args]` from the TS sources and collects what it printed. */
export function runFixture(
  fixture: string,
  args: string[] = [],
  options: FixtureOptions = {},
): Promise<FixtureExit> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  if (options.nodeOptions !== undefined) env.NODE_OPTIONS = options.nodeOptions;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", fixture, ...args], {
    env,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** The fixture's stdout; rejects, with what it printed to stderr, when it did not exit 0. */
export async function fixtureOutput(
  fixture: string,
  args: string[] = [],
  options: FixtureOptions = {},
): Promise<string> {
  const exit = await runFixture(fixture, args, options);
  if (exit.status !== 0) throw new Error(`${fixture} exited ${exit.status ?? exit.signal}: ${exit.stderr}`);
  return exit.stdout;
}
