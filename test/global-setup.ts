// Every test run uses the interpreter built from the patches in the tree, also when vitest is started directly
// (`npx vitest`), not through `npm test`'s pretest: the build is skipped when nothing changed.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  execFileSync(process.execPath, ["scripts/interpreter/build.mjs"], { cwd: root, stdio: "inherit" });
}
