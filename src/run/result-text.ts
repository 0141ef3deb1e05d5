import type { ExecuteResult } from "./result.js";

/**
 * One run's result as the text a model reads back as the tool's answer: stdout as is; then, only when there is
 * any, stderr under a `[stderr]` line; then `[exit code N]` when the script failed. An empty successful run says
 * `(no output)`, so the model never sees an empty answer it might misread.
 * @example
 * resultText({ stdout: "Jane\n", stderr: "", exitCode: 0, ... }) // "Jane\n"
 * resultText({ stdout: "", stderr: "x: not found\n", exitCode: 127, ... }) // "[stderr]\nx: not found\n[exit code 127]\n"
 */
export function resultText(result: Pick<ExecuteResult, "stdout" | "stderr" | "exitCode">): string {
  const { stdout, stderr, exitCode } = result;
  if (stdout === "" && stderr === "" && exitCode === 0) return "(no output)\n";
  const parts: string[] = [];
  if (stdout !== "") parts.push(stdout.endsWith("\n") ? stdout : `${stdout}\n`);
  if (stderr !== "") parts.push(`[stderr]\n${stderr.endsWith("\n") ? stderr : `${stderr}\n`}`);
  if (exitCode !== 0) parts.push(`[exit code ${exitCode}]\n`);
  return parts.join("");
}
