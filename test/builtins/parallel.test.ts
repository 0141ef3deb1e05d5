import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";

/** A tool that records how many of its calls overlap, and answers after `ms` milliseconds. */
function probe() {
  const state = { inFlight: 0, most: 0, aborted: 0 };
  const tool = {
    name: "get_item",
    inputSchema: {
      type: "object",
      properties: { id: { type: "string" }, ms: { type: "integer" } },
      required: ["id"],
    },
    execute: async ({ id, ms }: Record<string, unknown>, ctx: { signal: AbortSignal }) => {
      state.inFlight++;
      state.most = Math.max(state.most, state.inFlight);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, typeof ms === "number" ? ms : 20);
        ctx.signal.addEventListener("abort", () => {
          state.aborted++;
          clearTimeout(timer);
          resolve();
        });
      });
      state.inFlight--;
      if (id === "bad") throw new Error("no such item");
      return `item ${String(id)}\n`;
    },
  };
  return { state, tool };
}

function shell(limits: Record<string, number> = {}) {
  const { state, tool } = probe();
  const api = track(new ScriptedTool({ name: "fan", tools: [tool], limits }));
  return { state, api };
}

describe("parallel", () => {
  it("overlaps independent calls and prints each job's output in input order", async () => {
    const { state, api } = shell();
    const result = await api.execute(
      "printf '%s\\n' 5 4 3 2 1 | parallel -j 5 'get_item --id {} --ms $(({} * 20))'",
    );
    expect(result).toMatchObject({
      stdout: "item 5\nitem 4\nitem 3\nitem 2\nitem 1\n",
      stderr: "",
      exitCode: 0,
    });
    expect(state.most).toBe(5);
    expect(result.trace.map((entry) => entry.name)).toEqual(Array(5).fill("get_item"));
  });

  it("takes inputs after ::: and appends the input when the command has no {}", async () => {
    const { api } = shell();
    expect((await api.execute("parallel -k get_item --id ::: a b")).stdout).toBe("item a\nitem b\n");
    expect((await api.execute("parallel --dry-run 'get_item --id {} # {#} {.}' ::: x.json")).stdout).toBe(
      "get_item --id x.json # 1 x\n",
    );
  });

  it("passes inputs as single quoted words, never as shell code", async () => {
    const { api } = shell();
    const result = await api.execute(`printf '%s\\n' "it's" 'x; echo pwned' | parallel 'get_item --id {}'`);
    expect(result.stdout).toBe("item it's\nitem x; echo pwned\n");
  });

  it("runs -j 1 one job at a time", async () => {
    const { state, api } = shell();
    await api.execute("seq 1 4 | parallel -j 1 'get_item --id {}'");
    expect(state.most).toBe(1);
  });

  it("never has more calls in flight than the run's maxConcurrency", async () => {
    const { state, api } = shell({ maxConcurrency: 2 });
    const result = await api.execute("seq 1 6 | parallel -j 8 'get_item --id {}'");
    expect(result.exitCode).toBe(0);
    expect(state.most).toBe(2);
  });

  it("exits with the number of failed jobs, at most 101", async () => {
    const { api } = shell();
    const result = await api.execute("parallel 'get_item --id {}' ::: ok bad bad; echo rc=$?");
    expect(result.stdout).toBe("item ok\nrc=2\n");
    expect(result.stderr).toBe("get_item: callback failed\nget_item: callback failed\n");
    expect((await api.execute("seq 1 105 | parallel -j 50 false; echo rc=$?")).stdout).toBe("rc=101\n");
  });

  it("stops starting jobs after --halt soon,fail=N", async () => {
    const { api } = shell();
    const result = await api.execute("parallel -j 1 --halt soon,fail=1 'get_item --id {}' ::: a bad c d");
    expect(result).toMatchObject({ stdout: "item a\n", exitCode: 1 });
  });

  it("stops the script under set -e when a job failed", async () => {
    const { api } = shell();
    const result = await api.execute("set -e; parallel 'get_item --id {}' ::: a bad; echo after");
    expect(result).toMatchObject({ stdout: "item a\n", exitCode: 1 });
  });

  it("keeps the run's total tool-call limit", async () => {
    const { api } = shell({ maxToolCalls: 3 });
    const result = await api.execute("seq 1 5 | parallel -j 1 'get_item --id {}'; echo rc=$?");
    expect(result.stdout).toBe("item 1\nitem 2\nitem 3\nrc=2\n");
  });

  it("aborts every running job at the deadline", async () => {
    const { state, api } = shell();
    const result = await api.execute("seq 1 4 | parallel 'get_item --id {} --ms 5000'", { timeoutMs: 300 });
    expect(result.exitCode).toBe(124);
    expect(state.aborted).toBe(4);
  });

  it("pipes like any command, on both sides", async () => {
    const { api } = shell();
    const result = await api.execute(
      "printf 'a\\nb\\nc\\n' | parallel 'get_item --id {}' | sort -r | head -2",
    );
    expect(result).toMatchObject({ stdout: "item c\nitem b\n", exitCode: 0 });
  });

  it("fans out wide without warnings on the host", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const { api, state } = shell({ maxConcurrency: 30 });
    const result = await api.execute(
      "seq 1 30 | parallel -j 30 'get_item --id {}' | wc -l; a() { get_item --id $1; }; for i in $(seq 1 15); do a $i & done; wait | wc -l",
    );
    process.off("warning", onWarning);
    expect(result.stdout).toBe("30\n15\n");
    expect(state.most).toBeGreaterThan(10);
    expect(warnings).toEqual([]);
  });

  it("explains its usage errors", async () => {
    const { api } = shell();
    expect(await api.execute("parallel -x echo")).toMatchObject({
      stderr:
        "parallel: unknown option -x\nusage: parallel [-j N] [-k] [--halt soon,fail=N] [--dry-run] 'command {}' [::: arg ...]\n",
      exitCode: 2,
    });
  });
});

describe("xargs -P", () => {
  it("overlaps calls too", async () => {
    const { state, api } = shell();
    const result = await api.execute("seq 1 4 | xargs -P 4 -I{} get_item --id {}");
    expect(result.stdout.split("\n").sort().join("\n")).toBe("\nitem 1\nitem 2\nitem 3\nitem 4");
    expect(state.most).toBe(4);
  });
});
