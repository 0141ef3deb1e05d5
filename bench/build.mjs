// Builds the library (`npm --prefix .. run build`, emitting ../dist/src) so that the bench measures the compiled
// JS that users run, workers included. A failed build stops the bench.

import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const build = spawnSync(npm, ["--prefix", root, "run", "build"], { stdio: "inherit" });
if (build.status !== 0) {
  console.error(`bench: the build failed (exit ${build.status}); fix it first`);
  process.exit(build.status ?? 1);
}
