/**
 * GNU bash as the reference for the shell's language: run one script under /usr/bin/bash (clean environment, an
 * empty temporary cwd, no tools) and in toolshell's shell, and compare what a user sees: stdout bytes and the
 * exit code. stderr is returned for diagnostics only; its wording differs by design.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { ScriptedTool } from "../src/index.js";
import type { Mode } from "./helpers.js";

export const BASH = "/usr/bin/bash";

export interface Outcome {
  stdout: string;
  exitCode: number;
  stderr: string;
}

const cwd = mkdtempSync(join(tmpdir(), "toolshell-bash-ref-"));
const shells = new Map<Mode, ScriptedTool>();
afterAll(async () => {
  rmSync(cwd, { recursive: true, force: true });
  await Promise.all([...shells.values()].map((api) => api.close()));
});

/**
 * `script` under GNU bash, as `bash -c` would run it with stdin from `stdin` (empty by default). `pathPrefix`
 * goes before /usr/bin on PATH (the reference GNU awk: differential/harness.ts's REFERENCE_BIN).
 */
export function inBash(script: string, stdin = "", pathPrefix?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = execFile(
      BASH,
      ["--norc", "--noprofile", "-c", script],
      {
        cwd,
        env: { PATH: pathPrefix ? `${pathPrefix}:/usr/bin:/bin` : "/usr/bin:/bin", LC_ALL: "C.UTF-8" },
        timeout: 20_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ stdout, stderr, exitCode: code });
      },
    );
    // bash may exit before it reads its stdin: an EPIPE there is not the script's outcome.
    child.stdin?.on("error", () => {});
    child.stdin?.end(stdin);
  });
}

/** `script` in toolshell's shell (one ScriptedTool with no tools per mode, reused across calls). */
export async function inToolshell(script: string, mode: Mode = "worker"): Promise<Outcome> {
  let api = shells.get(mode);
  if (!api) {
    api = new ScriptedTool({ name: "ref", tools: [], isolation: mode });
    shells.set(mode, api);
  }
  const result = await api.execute(script);
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
}

/** Both outcomes without stderr, ready for `expect(toolshell).toEqual(bash)`. */
export async function againstBash(script: string, mode: Mode = "worker", pathPrefix?: string) {
  const [bash, toolshell] = await Promise.all([inBash(script, "", pathPrefix), inToolshell(script, mode)]);
  return {
    bash: { stdout: bash.stdout, exitCode: bash.exitCode },
    toolshell: { stdout: toolshell.stdout, exitCode: toolshell.exitCode },
  };
}
