// TM-DOS-004: one ScriptedTool (or tenant) cannot starve the others on the shared worker pool. Worker mode only:
// inline runs never wait for a worker. Every ScriptedTool here has `workers: 1`, so they all share one pool of
// one worker, which a "hog" run holds (its `gate` call waits for the test) while the others queue. Their scripts
// are brace groups (`{ mark --who a1; }`): a script that is plainly one tool call needs no worker (decision 0041).
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MAX_WAITING_RUNS, MAX_WAITING_RUNS_PER_CALLER } from "../../src/limits.js";
import { track } from "../helpers.js";

/** A run that holds the pool's one worker until `release()` (or, should a test hang, for 8 s). */
async function hold(): Promise<{ release: () => void; done: Promise<unknown> }> {
  let release: () => void = () => {};
  let opened: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const hog = track(
    new ScriptedTool({
      name: "hog",
      workers: 1,
      tools: [
        {
          name: "gate",
          execute: () =>
            new Promise<string>((resolve) => {
              release = () => resolve("");
              setTimeout(release, 8_000);
              opened();
            }),
        },
      ],
    }),
  );
  const done = hog.execute("{ gate; }", { timeoutMs: 20_000 });
  await open;
  return { release: () => release(), done };
}

/** A ScriptedTool on the same pool whose `mark --who X` records the order runs got the worker in. */
function marker(name: string, order: string[]): ScriptedTool {
  return track(
    new ScriptedTool({
      name,
      workers: 1,
      tools: [
        {
          name: "mark",
          execute: ({ who }) => {
            order.push(String(who));
            return `${String(who)}\n`;
          },
        },
        { name: "left", execute: (_params, ctx) => `${ctx.deadline - Date.now()}\n` },
      ],
    }),
  );
}

const notStarted = (stderr: string, exitCode: number) => ({
  stdout: "",
  stderr,
  exitCode,
  trace: [],
  truncated: false,
  traceDropped: 0,
});

describe("a run waiting for a free shell worker", () => {
  it("ends at its timeoutMs, saying it never started, while another ScriptedTool holds every worker", async () => {
    const victim = marker("victim", []);
    await victim.execute("true");
    const hog = await hold();
    const result = await victim.execute("{ mark --who victim; }", { timeoutMs: 500 });
    expect(result).toEqual(
      notStarted(
        "toolshell: timed out after 500 ms waiting for a free shell worker; the script never started (retry later)\n",
        124,
      ),
    );
    hog.release();
    await hog.done;
    expect((await victim.execute("{ mark --who after; }")).stdout).toBe("after\n");
  });

  it("counts the wait toward its timeoutMs: it runs with what is left", async () => {
    const victim = marker("victim", []);
    await victim.execute("true");
    const hog = await hold();
    const waited = victim.execute("{ left; }", { timeoutMs: 3_000 });
    setTimeout(hog.release, 1_500);
    const result = await waited;
    // About 1,500 ms are left of 3,000 after waiting 1,500 (before, the run got its whole 3,000 after the wait).
    expect(result.exitCode).toBe(0);
    expect(Number(result.stdout)).toBeLessThan(2_500);
    await hog.done;
  });
});

describe("runs waiting for a free shell worker", () => {
  it("are served round robin across ScriptedTools and tenants, in order within each", async () => {
    const order: string[] = [];
    const a = marker("a", order);
    const b = marker("b", order);
    await a.execute("true");
    const hog = await hold();
    const runs = [
      a.execute("{ mark --who a1; }"),
      a.execute("{ mark --who a2; }"),
      a.execute("{ mark --who a3; }"),
      b.execute("{ mark --who b1; }"),
      b.execute("{ mark --who b2; }"),
      a.execute("{ mark --who t1; }", { tenant: "t" }),
    ];
    hog.release();
    const results = await Promise.all(runs);
    expect(results.map((result) => result.stdout)).toEqual(["a1\n", "a2\n", "a3\n", "b1\n", "b2\n", "t1\n"]);
    expect(order).toEqual(["a1", "b1", "t1", "a2", "b2", "a3"]);
    await hog.done;
  });

  it(`are at most ${MAX_WAITING_RUNS_PER_CALLER} per ScriptedTool and tenant: the next is told at once that it is busy, others still queue`, async () => {
    const order: string[] = [];
    const a = marker("a", order);
    const b = marker("b", order);
    await a.execute("true");
    const hog = await hold();
    const controller = new AbortController();
    const queued = Array.from({ length: MAX_WAITING_RUNS_PER_CALLER }, () =>
      a.execute("{ mark --who queued; }", { signal: controller.signal }),
    );
    expect(await a.execute("{ mark --who over; }")).toEqual(
      notStarted(
        `toolshell: busy: ${MAX_WAITING_RUNS_PER_CALLER} of your runs are already waiting for a free shell worker; ` +
          "the script never started (retry later)\n",
        75,
      ),
    );
    const other = a.execute("{ mark --who tenant; }", { tenant: "t" });
    const fromB = b.execute("{ mark --who b; }");
    controller.abort();
    const aborted = await Promise.all(queued);
    expect(new Set(aborted.map((result) => JSON.stringify(result)))).toEqual(
      new Set([JSON.stringify(notStarted("toolshell: aborted\n", 130))]),
    );
    hog.release();
    expect([(await other).stdout, (await fromB).stdout]).toEqual(["tenant\n", "b\n"]);
    expect(order).toEqual(["tenant", "b"]);
    await hog.done;
  });

  it(`are at most ${MAX_WAITING_RUNS} in one pool: past that every run is told at once that it is busy`, async () => {
    const a = marker("a", []);
    await a.execute("true");
    const hog = await hold();
    const controller = new AbortController();
    const tenants = Math.ceil(MAX_WAITING_RUNS / MAX_WAITING_RUNS_PER_CALLER);
    const queued = Array.from({ length: MAX_WAITING_RUNS }, (_, index) =>
      a.execute("true", { signal: controller.signal, tenant: `t${index % tenants}` }),
    );
    expect(await a.execute("{ mark --who over; }", { tenant: "another" })).toEqual(
      notStarted(
        `toolshell: busy: ${MAX_WAITING_RUNS} runs are already waiting for a free shell worker; the script never ` +
          "started (retry later)\n",
        75,
      ),
    );
    controller.abort();
    expect((await Promise.all(queued)).every((result) => result.exitCode === 130)).toBe(true);
    hog.release();
    await hog.done;
    expect((await a.execute("{ mark --who after; }")).stdout).toBe("after\n");
  });
});
