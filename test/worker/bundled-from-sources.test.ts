/**
 * Issue 16, item 5 (decision 0047): a bundle made from toolshell's TypeScript sources (a monorepo alias to src/)
 * carries no embedded copy of the workers, which only the build makes. Its worker-mode run fails with a message
 * that says so, and the host lives on: the first version threw out of the pool and ended the process.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { afterAll, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "toolshell-src-bundle-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

it("fails a worker-mode run with why when bundled from the sources, and the host lives on", async () => {
  const app = join(work, "app.mjs");
  writeFileSync(
    app,
    `import { ScriptedTool } from ${JSON.stringify(join(ROOT, "src", "index.ts"))};
const api = new ScriptedTool({ name: "a", tools: [{ name: "hi", execute: () => "hi\\n" }] });
const first = await api.execute("hi | tr a-z A-Z");
const second = await api.execute("hi | tr a-z A-Z");
await api.close();
console.log(JSON.stringify({ first, second, alive: true }));
`,
  );
  const deployed = join(work, "deployed");
  mkdirSync(deployed);
  await esbuild.build({
    entryPoints: [app],
    outfile: join(deployed, "app.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "silent",
  });
  const ran = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    execFile(process.execPath, ["app.mjs"], { cwd: deployed, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ stdout, stderr, code: error ? (typeof error.code === "number" ? error.code : 1) : 0 }),
    );
  });
  expect(ran.stderr).toBe("");
  expect(ran.code).toBe(0);
  const { first, second, alive } = JSON.parse(ran.stdout);
  expect(alive).toBe(true);
  for (const result of [first, second]) {
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^toolshell: the shell could not start \(toolshell: this bundle has no embedded copy of toolshell's workers \(it was built from toolshell's sources/,
    );
  }
}, 60_000);
