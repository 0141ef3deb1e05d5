/**
 * GNU bc 1.07.1 (/usr/bin/bc) as the reference for the shell's `bc`: one program piped to each, stdout bytes and
 * exit code compared (stderr differs: GNU names bytecode addresses toolshell does not have).
 */
import { execFile } from "node:child_process";
import { inToolshell } from "./bash-reference.js";
import type { Mode } from "./helpers.js";

export const GNU_BC = "/usr/bin/bc";

export interface BcOutcome {
  stdout: string;
  exitCode: number;
}

/** `program` piped into GNU bc with `flags`. */
export function inGnuBc(program: string, flags: readonly string[] = []): Promise<BcOutcome> {
  return new Promise((resolve) => {
    const child = execFile(
      GNU_BC,
      [...flags],
      { env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" }, timeout: 20_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ stdout, exitCode: code });
      },
    );
    child.stdin?.on("error", () => {});
    child.stdin?.end(program);
  });
}

/** `program` (ending in a newline) piped into toolshell's `bc` through a quoted here-doc. */
export async function inToolshellBc(
  program: string,
  flags: readonly string[],
  mode: Mode,
): Promise<BcOutcome> {
  const text = program.endsWith("\n") ? program : `${program}\n`;
  const outcome = await inToolshell(
    `bc ${flags.join(" ")} <<'TOOLSHELL_BC_END'\n${text}TOOLSHELL_BC_END\n`,
    mode,
  );
  return { stdout: outcome.stdout, exitCode: outcome.exitCode };
}

/** Both outcomes for `expect(toolshell).toEqual(gnu)`. */
export async function againstGnuBc(program: string, flags: readonly string[], mode: Mode) {
  const text = program.endsWith("\n") ? program : `${program}\n`;
  const [gnu, toolshell] = await Promise.all([inGnuBc(text, flags), inToolshellBc(text, flags, mode)]);
  return { gnu, toolshell };
}
