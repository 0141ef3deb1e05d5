// TM-DOS-003: RE2 is linear in the text but its work is multiplied by the pattern's program size (re2js's NFA steps
// every live instruction for every character). One check may spend MAX_PATTERN_STEPS (characters x instructions)
// in all, and a pattern whose program passes MAX_PATTERN_PROGRAM_SIZE, or whose text passes MAX_PATTERN_SOURCE_CHARS,
// is refused at registration. Before, 30,000 characters against a ~1,000-instruction pattern held the caller's
// thread for seconds; every call below answers at once (the bound is generous: the test timeout is 20 s).
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition, ToolshellError } from "../../src/index.js";
import { connectUpstream } from "../../src/mcp/client.js";
import { type FixtureUpstream, startUpstream, text } from "../fixtures/mcp-client-upstream.js";
import { MODES, track } from "../helpers.js";

/** 987 instructions: just under the cap; every character keeps all of them live. */
const BIG = "^(?:.{0,490})*b$";
/** 2,007 instructions. */
const HUGE = "^(?:.{0,1000})*b$";
const long = "a".repeat(30_000);
const budget =
  "at most 500000 steps of pattern matching in one check (a character tested costs the pattern's size; " +
  "pattern ^(?:.{0,490})*b$ has size 987: at most 506 characters)";
/** The same refusal as data: the issue host code gets. */
const budgetIssue = {
  code: "too_big",
  path: [],
  kind: "pattern_steps",
  maximum: 500_000,
  pattern: BIG,
  patternSize: 987,
};

const tools: ToolDefinition[] = [
  {
    name: "inp",
    inputSchema: { type: "object", properties: { s: { type: "string", pattern: BIG } } },
    execute: ({ s }) => String(s).length,
  },
  {
    name: "outp",
    outputSchema: { type: "object", properties: { s: { type: "string", pattern: BIG } } },
    execute: () => ({ s: long }),
  },
  {
    name: "not_admin",
    inputSchema: { type: "object", properties: { s: { type: "string", not: { pattern: BIG } } } },
    execute: () => "let in",
  },
];

async function timed<T>(run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  expect(performance.now() - started).toBeLessThan(5_000);
  return result;
}

describe("the pattern steps one check may spend", () => {
  it("bound api.call(): 30,000 characters against a 987-instruction pattern are refused at once", async () => {
    const api = track(new ScriptedTool({ name: "rx", tools }));
    const result = await timed(() => api.call("inp", { s: long }, { timeoutMs: 100 }));
    // Only the refusal: the untested value is not reported as a mismatch of the pattern.
    expect(result.ok ? [] : result.error.issues).toEqual([budgetIssue]);
    expect(await api.call("inp", { s: `${"a".repeat(400)}b` })).toMatchObject({ ok: true, value: 401 });
  });

  it("fail the check closed when a refused test sits under not", async () => {
    const api = track(new ScriptedTool({ name: "rx", tools }));
    const result = await api.call("not_admin", { s: "a".repeat(1_000) });
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_params" } });
    expect(result.ok ? [] : result.error.issues).toEqual([budgetIssue]);
    expect(await api.call("not_admin", { s: "a".repeat(100) })).toMatchObject({ ok: true, value: "let in" });
  });

  it.each(MODES)("bound a flag in a run (%s)", async (mode) => {
    const api = track(new ScriptedTool({ name: "rx", isolation: mode, tools }));
    const result = await timed(() => api.execute(`inp --s ${long}; echo rc=$?`, { timeoutMs: 10_000 }));
    expect(result).toMatchObject({
      stdout: "rc=2\n",
      stderr: `inp: expected ${budget}\nTry: help inp\n`,
      exitCode: 0,
    });
  });

  it.each(MODES)("bound an output check in a run (%s)", async (mode) => {
    const api = track(new ScriptedTool({ name: "rx", isolation: mode, strictOutput: true, tools }));
    const result = await timed(() => api.execute("outp > /dev/null; echo rc=$?", { timeoutMs: 1_000 }));
    expect(result).toMatchObject({
      stdout: "rc=1\n",
      stderr: `outp: returned output that does not match its outputSchema: expected ${budget}\n`,
      exitCode: 0,
    });
    const loose = track(new ScriptedTool({ name: "rx", isolation: mode, tools }));
    const kept = await timed(() => loose.execute("outp | wc -c", { timeoutMs: 1_000 }));
    expect(kept).toMatchObject({ stdout: "30009\n", stderr: "", exitCode: 0 });
    expect(kept.trace[0]?.outputIssues?.[0]).toBe(`expected ${budget}`);
  });
});

describe("patterns too big to check", () => {
  const refusal = (name: string, reason: string) =>
    new ToolshellError("invalid_schema", `${name}: inputSchema: invalid schema: ${reason}`);
  const hugeReason =
    `pattern ${JSON.stringify(HUGE)} is too big for toolshell's linear-time regex engine: it compiles to 2007 ` +
    "instructions, at most 1000 are allowed (each character checked costs a step per instruction); use smaller " +
    "counted repeats such as {0,100}, or check the value in execute instead";

  it("refuse the tool at registration when the program passes the cap, naming the pattern", () => {
    const api = track(new ScriptedTool({ name: "rx" }));
    const register = () =>
      api.add({
        name: "huge",
        inputSchema: { type: "object", properties: { s: { type: "string", pattern: HUGE } } },
        execute: () => "never",
      });
    expect(register).toThrowError(refusal("huge", hugeReason));
    expect(api.tools()).toEqual([]);
  });

  it("refuse the tool at registration when the pattern's text is too long", () => {
    const api = track(new ScriptedTool({ name: "rx" }));
    const pattern = "[a-z]".repeat(300);
    expect(() =>
      api.add({
        name: "wordy",
        inputSchema: { type: "object", propertyNames: { pattern }, additionalProperties: true },
        execute: () => "never",
      }),
    ).toThrowError(
      refusal(
        "wordy",
        `pattern ${JSON.stringify(pattern).slice(0, 200)}..." (1500 characters) is longer than the 1024 characters ` +
          "toolshell's regex engine accepts; write a shorter pattern or check the value in execute instead",
      ),
    );
  });

  const open: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    await Promise.all(open.map((item) => item.close()));
  });

  it("skip an upstream's tool whose patternProperties pattern is too big, and import the rest", async () => {
    const listing = (patterns: Record<string, unknown>) => ({
      type: "object" as const,
      patternProperties: patterns,
    });
    const up: FixtureUpstream = await startUpstream(
      [
        { name: "ok", inputSchema: listing({ "^x-": { type: "string" } }), answer: () => text("fine") },
        { name: "bloat", inputSchema: listing({ [HUGE]: { type: "string" } }), answer: () => text("never") },
      ],
      { name: "up" },
    );
    open.push(up);
    const api = track(new ScriptedTool({ name: "proxy" }));
    const conn = await connectUpstream(api, { transport: up.transport });
    open.push(conn);
    expect(conn.tools).toEqual(["up.ok"]);
    // The start of the reason: how a skipped tool's reason is cleaned and cut is the client's business.
    expect(conn.skipped).toEqual([
      {
        name: "bloat",
        reason: expect.stringContaining(`inputSchema: invalid schema: ${hugeReason.slice(0, 150)}`),
      },
    ]);
  });
});
