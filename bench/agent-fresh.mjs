// One fresh process per sample for the agent-pace rows that need a new process: `node agent-fresh.mjs <mode> <impl>`.
// It prints one JSON line (`{ error }` when a run's output was wrong) and exits.
//   cold:    import the library, construct a ScriptedTool of the shop tools, run `get_user --id 42`, print, exit
//            right away; the parent times it from spawn to the line;
//   firstjq: (toolshell) construct, one untimed `echo` (the worker's start), then a timed `echo` and the process's
//            first jq, `jq -c '{n:.name}' <<<'{"name":"x"}'`;
//   rss:     construct, then CHAIN one run after another, checked, with the process's RSS at each checkpoint
//            (toolshell's worker threads live in this process, so their memory is in it).

import { RSS_CHECKPOINTS } from "./agent-rows.mjs";
import { CHAIN } from "./cases.mjs";

const [mode, impl] = process.argv.slice(2);
const print = (value) =>
  new Promise((resolve) => process.stdout.write(`${JSON.stringify(value)}\n`, resolve));

async function timed(shell, script, want) {
  const t0 = performance.now();
  const result = await shell.run(script);
  const ms = performance.now() - t0;
  if (result.exitCode !== 0 || result.stdout !== want) {
    const why = { script, exitCode: result.exitCode, stdout: result.stdout.slice(0, 200) };
    throw Object.assign(new Error("wrong output"), { why: { ...why, stderr: result.stderr.slice(0, 300) } });
  }
  return ms;
}

async function main() {
  // performance.now() counts from the process's start.
  const began = performance.now();
  const { loadShell } = await import("./shells.mjs");
  const { agentTools, shopTools } = await import("./tools.mjs");
  const shells = await loadShell(impl);
  const imported = performance.now();
  if (mode === "cold") {
    const shell = shells.create({ name: "cold_shop", tools: shopTools });
    const constructed = performance.now();
    const result = await shell.run("get_user --id 42");
    const done = performance.now();
    await print({
      stdout: result.stdout,
      exitCode: result.exitCode,
      phases: {
        start: began,
        import: imported - began,
        construct: constructed - imported,
        first: done - constructed,
      },
    });
    process.exit(0);
  }
  if (mode === "firstjq") {
    const shell = shells.create({ name: "firstjq_shop", tools: shopTools });
    const firstEcho = await timed(shell, "echo x", "x\n");
    const echo = await timed(shell, "echo x", "x\n");
    const jq = await timed(shell, `jq -c '{n:.name}' <<<'{"name":"x"}'`, '{"n":"x"}\n');
    await print({ firstEcho, echo, jq });
    process.exit(0);
  }
  if (mode === "rss") {
    const runs = Number(process.argv[4] ?? RSS_CHECKPOINTS.at(-1));
    const checkpoints = new Set([...RSS_CHECKPOINTS.filter((count) => count < runs), runs]);
    const shell = shells.create({ name: "rss_shop", tools: agentTools });
    const want = "Jane Doe ordered Trail Running Shoes, arriving 2026-12-02\n";
    await timed(shell, CHAIN, want);
    const rss = { 1: process.memoryUsage().rss };
    for (let run = 2; run <= runs; run++) {
      await timed(shell, CHAIN, want);
      if (checkpoints.has(run)) rss[run] = process.memoryUsage().rss;
    }
    await print({ rss });
    process.exit(0);
  }
  throw new Error(`unknown mode ${mode}`);
}

main().catch(async (error) => {
  await print({ error: error.why ?? { stderr: String(error?.stack ?? error) } });
  process.exit(1);
});
