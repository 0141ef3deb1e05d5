// Every test run (`npm test`, `npx vitest`, a single file) uses the interpreter built from the patches in the
// tree: the build runs once before the tests and is skipped when nothing changed.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(process.execPath, ["scripts/interpreter/build.mjs"], { cwd: root, stdio: "inherit" });
  // ajv in one file (#ajv-2020), which the sources load too; skipped when it is up to date.
  execFileSync(process.execPath, ["scripts/schema/build-ajv-bundle.mjs"], { cwd: root, stdio: "inherit" });
}
