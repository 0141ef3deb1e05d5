import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

function jobsShell(mode: (typeof MODES)[number], limits: Record<string, number> = {}) {
  const state = { inFlight: 0, most: 0, aborted: 0 };
  const api = track(
    new ScriptedTool({
      name: "jobs",
      isolation: mode,
      limits,
      tools: [
        {
          name: "slow",
          execute: async ({ id, ms }, ctx) => {
            state.inFlight++;
            state.most = Math.max(state.most, state.inFlight);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, typeof ms === "string" ? Number(ms) : 30);
              ctx.signal.addEventListener("abort", () => {
                state.aborted++;
                clearTimeout(timer);
                resolve();
              });
            });
            state.inFlight--;
            return `slow ${String(id)}\n`;
          },
        },
        {
          name: "fail",
          execute: () => {
            throw new Error("nope");
          },
        },
      ],
    }),
  );
  return { api, state };
}

describe.each(MODES)("cmd & ... wait overlaps (%s)", (mode) => {
  it("runs background calls at the same time and prints their output at wait, in start order", async () => {
    const { api, state } = jobsShell(mode);
    const result = await api.execute("slow --id a --ms 60 & slow --id b & slow --id c; wait; echo done");
    expect(result).toMatchObject({ stdout: "slow c\nslow a\nslow b\ndone\n", stderr: "", exitCode: 0 });
    expect(state.most).toBe(3);
    expect(result.trace.map((entry) => entry.name)).toEqual(["slow", "slow", "slow"]);
  });

  it("gives $! and wait ID the job's exit status", async () => {
    const { api } = jobsShell(mode);
    const result = await api.execute(
      'slow --id x & ok=$!; fail & bad=$!; wait $ok; echo "ok=$?"; wait $bad; echo "bad=$?"',
    );
    expect(result).toMatchObject({ stdout: "slow x\nok=0\nbad=1\n", stderr: "fail: callback failed\n" });
  });

  it("runs a job as a subshell: it sees variables and functions, and changes nothing outside", async () => {
    const { api } = jobsShell(mode);
    const result = await api.execute('n=7; f() { slow --id "f$1-$n"; n=99; }; f 1 & f 2 & wait; echo "n=$n"');
    expect(result.stdout).toBe("slow f1-7\nslow f2-7\nn=7\n");
  });

  it("lets a job wait for its own jobs only, as a subshell does", async () => {
    const { api } = jobsShell(mode);
    const result = await api.execute(
      "f() { slow --id in-$1 & wait; echo f$1; }; f 1 & f 2 & wait; echo done",
      {
        timeoutMs: 5_000,
      },
    );
    expect(result).toMatchObject({ stdout: "slow in-1\nf1\nslow in-2\nf2\ndone\n", exitCode: 0 });
  });

  it("prints the output of jobs nobody waited for at the end", async () => {
    const { api } = jobsShell(mode);
    expect((await api.execute("slow --id late & echo first")).stdout).toBe("first\nslow late\n");
  });

  it("answers wait on an unknown id like bash", async () => {
    const { api } = jobsShell(mode);
    expect(await api.execute("wait 4242; echo rc=$?")).toMatchObject({
      stdout: "rc=127\n",
      stderr: "bash: wait: pid 4242 is not a child of this shell\n",
    });
  });

  it("stops the script at a failed wait under set -e", async () => {
    const { api } = jobsShell(mode);
    const result = await api.execute("set -e; fail & wait $!; echo never");
    expect(result).toMatchObject({ stdout: "", exitCode: 1 });
  });

  it("pipes what the jobs print when waited for inside a group", async () => {
    const { api } = jobsShell(mode);
    const result = await api.execute("{ slow --id 1 & slow --id 2 & wait; } | wc -l");
    expect(result.stdout.trim()).toBe("2");
  });

  it("keeps the run's concurrency cap", async () => {
    const { api, state } = jobsShell(mode, { maxConcurrency: 2 });
    await api.execute("for i in 1 2 3 4 5; do slow --id $i & done; wait");
    expect(state.most).toBe(2);
  });

  it("aborts every running job at the deadline", async () => {
    const { api, state } = jobsShell(mode);
    const result = await api.execute("slow --ms 5000 & slow --ms 5000 & wait", { timeoutMs: 300 });
    expect(result.exitCode).toBe(124);
    expect(state.aborted).toBe(2);
  });
});
