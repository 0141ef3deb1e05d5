// Constructs a ScriptedTool, which starts and warms a shell worker (prewarm), and never runs a script nor closes
// it: the process must exit by itself. `warming`: it ends at once, while the worker starts; `warm`: it stays
// alive until the warm-up has ended, then ends. It prints, as it exits, whether the warm-up had ended.
import { ScriptedTool } from "../../src/index.js";
import { DEFAULT_WORKER_MEMORY_MB } from "../../src/limits.js";
import { sharedPool } from "../../src/worker/pool.js";

new ScriptedTool({ name: "exit_check", tools: [{ name: "hi", execute: () => "hi\n" }] });
let warmed = false;
const warm = sharedPool(undefined, DEFAULT_WORKER_MEMORY_MB).prewarm();
void warm.then(() => {
  warmed = true;
});
process.on("exit", () => process.stdout.write(`warm-up ended: ${warmed}\n`));
if (process.argv[2] === "warm") {
  const alive = setInterval(() => {}, 1_000);
  await warm;
  clearInterval(alive);
}
