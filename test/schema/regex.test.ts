// TM-DOS-003: a schema's `pattern` and `patternProperties` run on a linear-time engine (RE2), on every path: the
// shell's flag validation (in a worker or on the caller's thread), the host's `call()`, and output checks. With
// V8's backtracking engine `^(a+)+$` against 40 a's and a "!" takes hours; here every call below answers at once,
// so each test finishing inside vitest's 20 s timeout is the bound (a backtracking run would also block that timer).
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition, ToolshellError } from "../../src/index.js";
import { connectUpstream } from "../../src/mcp/client.js";
import { type FixtureUpstream, startUpstream, text } from "../fixtures/mcp-client-upstream.js";
import { MODES, track } from "../helpers.js";

const CATASTROPHIC = "^(a+)+$";
const evil = `${"a".repeat(40)}!`;
const evilKey = `${"a".repeat(40)}b`;

const tools: ToolDefinition[] = [
  {
    name: "find",
    inputSchema: {
      type: "object",
      properties: { name: { type: "string", pattern: CATASTROPHIC } },
      required: ["name"],
    },
    execute: ({ name }) => ({ name }),
  },
  {
    name: "tag",
    inputSchema: { type: "object", patternProperties: { [CATASTROPHIC]: { type: "integer" } } },
    execute: (params) => params,
  },
  {
    name: "strict_tag",
    inputSchema: {
      type: "object",
      patternProperties: { [CATASTROPHIC]: { type: "integer" } },
      additionalProperties: false,
    },
    execute: (params) => params,
  },
];

describe.each(MODES)("schema patterns on the shell's path (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "rx", isolation: mode, tools }));

  it("rejects a value a catastrophic pattern does not match, at once", async () => {
    const result = await api.execute(`find --name ${evil}`);
    expect(result).toMatchObject({
      stdout: "",
      stderr: `find: --name: expected pattern ${CATASTROPHIC}, got "${evil}"\nTry: help find\n`,
      exitCode: 2,
    });
  });

  it("accepts a value the pattern matches", async () => {
    const result = await api.execute(`find --name ${"a".repeat(40)}`);
    expect(result).toMatchObject({ stdout: `{"name":"${"a".repeat(40)}"}\n`, stderr: "", exitCode: 0 });
  });

  it("tests patternProperties against a hostile key at once", async () => {
    const free = await api.execute(`tag --${evilKey} x`);
    expect(free).toMatchObject({ stdout: `{"${evilKey}":"x"}\n`, stderr: "", exitCode: 0 });
    const typed = await api.execute("tag --aaaa x");
    expect(typed).toMatchObject({
      stdout: "",
      stderr: 'tag: --aaaa: expected integer, got "x"\nTry: help tag\n',
      exitCode: 2,
    });
  });
});

describe("schema patterns on the host's call()", () => {
  // timeoutMs far below what a backtracking match would take: the check runs before the callback, on this thread.
  const api = track(new ScriptedTool({ name: "rx", timeoutMs: 100, tools }));

  it("answers invalid_params for a value the pattern does not match", async () => {
    const result = await api.call("find", { name: evil });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "invalid_params",
        message: `find: --name: expected pattern ${CATASTROPHIC}, got "${evil}"\nTry: help find`,
      },
    });
  });

  it("refuses a key no pattern matches when additionalProperties is false, and keeps one that matches", async () => {
    const refused = await api.call("strict_tag", { [evil]: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: "invalid_params" } });
    expect(refused.ok ? [] : refused.error.issues).toEqual([
      { code: "unknown_flag", path: [evil], key: evil, known: [] },
    ]);
    expect(await api.call("strict_tag", { aaaa: 1 })).toMatchObject({ ok: true, value: { aaaa: 1 } });
  });
});

describe("the text one check tests against patterns", () => {
  const budget =
    "at most 500000 steps of pattern matching in one check (a character tested costs the pattern's size; " +
    "pattern ^[a-z]+$ has size 6: at most 83333 characters)";
  const api = track(
    new ScriptedTool({
      name: "rx",
      tools: [
        {
          name: "word",
          inputSchema: { type: "object", properties: { w: { type: "string", pattern: "^[a-z]+$" } } },
          execute: ({ w }) => String(w).length,
        },
        {
          name: "words",
          outputSchema: { type: "array", items: { type: "string", pattern: "^[a-z]+$" } },
          execute: () => Array.from({ length: 200 }, () => "a".repeat(1000)),
        },
      ],
    }),
  );

  it("is bounded: past it the check fails saying so, instead of holding the caller's thread", async () => {
    // 6 instructions a character: 83,333 characters in one check.
    const long = await api.call("word", { w: "a".repeat(200_000) });
    expect(long.ok ? [] : long.error.issues).toEqual([
      {
        code: "too_big",
        path: [],
        kind: "pattern_steps",
        maximum: 500_000,
        pattern: "^[a-z]+$",
        patternSize: 6,
      },
    ]);
    expect(await api.call("word", { w: "a".repeat(80_000) })).toMatchObject({ ok: true, value: 80_000 });
    const many = await api.execute("words | jq length");
    expect(many).toMatchObject({ stdout: "200\n", stderr: "", exitCode: 0 });
    expect(many.trace[0]?.outputIssues?.[0]).toBe(`expected ${budget}`);
  });
});

describe("schema patterns in output checks", () => {
  const page: ToolDefinition = {
    name: "page",
    outputSchema: {
      type: "object",
      properties: { text: { type: "string", pattern: CATASTROPHIC } },
      patternProperties: { "^x-": { type: "string" } },
      additionalProperties: false,
    },
    execute: ({ text, key }) => ({ text, [String(key ?? "x-source")]: "web" }),
  };

  it.each(MODES)("are enforced under strictOutput (%s)", async (mode) => {
    const api = track(new ScriptedTool({ name: "rx", isolation: mode, strictOutput: true, tools: [page] }));
    const bad = await api.execute(`page --text ${evil}`);
    expect(bad).toMatchObject({
      stdout: "",
      stderr:
        "page: returned output that does not match its outputSchema: " +
        `.text: expected pattern ${CATASTROPHIC}, got "${evil}"\n`,
      exitCode: 1,
    });
    const unnamed = await api.execute("page --text aaaa --key y-source");
    expect(unnamed).toMatchObject({
      stdout: "",
      stderr: "page: returned output that does not match its outputSchema: unexpected key .y-source\n",
      exitCode: 1,
    });
    const good = await api.execute("page --text aaaa");
    expect(good).toMatchObject({ stdout: '{"text":"aaaa","x-source":"web"}\n', stderr: "", exitCode: 0 });
  });

  it("are listed in the trace and in call()'s outputIssues without strictOutput", async () => {
    const api = track(new ScriptedTool({ name: "rx", isolation: "inline", tools: [page] }));
    const result = await api.execute(`page --text ${evil} | jq -r '."x-source"'`);
    expect(result).toMatchObject({ stdout: "web\n", stderr: "", exitCode: 0 });
    expect(result.trace[0]?.outputIssues).toEqual([`.text: expected pattern ${CATASTROPHIC}, got "${evil}"`]);
    expect(await api.call("page", { text: evil })).toMatchObject({
      ok: true,
      outputIssues: [`.text: expected pattern ${CATASTROPHIC}, got "${evil}"`],
    });
  });
});

describe("patterns the linear-time engine cannot run", () => {
  it.each([
    ["a lookahead", "(?=a)b", "invalid or unsupported Perl syntax: `(?=`"],
    ["a backreference", "(a)\\1", "invalid escape sequence: `\\1`"],
  ])("refuse the tool at registration: %s", (_, pattern, reason) => {
    const api = track(new ScriptedTool({ name: "rx" }));
    const register = () =>
      api.add({
        name: "lookahead",
        inputSchema: { type: "object", properties: { q: { type: "string", pattern } } },
        execute: () => "never",
      });
    expect(register).toThrowError(
      new ToolshellError(
        "invalid_schema",
        `lookahead: inputSchema: invalid schema: pattern ${JSON.stringify(pattern)} cannot run on toolshell's ` +
          `linear-time regex engine (RE2: ${reason}); rewrite it in RE2's syntax (no lookaround, no backreferences) ` +
          "or check the value in execute instead",
      ),
    );
    expect(register).toThrow(expect.objectContaining({ code: "invalid_schema" }));
    expect(api.tools()).toEqual([]);
  });

  it("refuse the tool when the pattern is in its outputSchema", () => {
    const api = track(new ScriptedTool({ name: "rx" }));
    expect(() =>
      api.add({
        name: "report",
        outputSchema: { type: "object", patternProperties: { "^(?!x-)": { type: "string" } } },
        execute: () => ({}),
      }),
    ).toThrowError(
      'report: outputSchema: invalid schema: pattern "^(?!x-)" cannot run on toolshell\'s linear-time regex engine ' +
        "(RE2: invalid or unsupported Perl syntax: `(?!`); rewrite it in RE2's syntax (no lookaround, no " +
        "backreferences) or check the value in execute instead",
    );
  });
});

describe("an upstream MCP server's patterns", () => {
  const open: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    await Promise.all(open.map((item) => item.close()));
  });
  const listing = (pattern: string) => ({
    type: "object" as const,
    properties: { q: { type: "string", pattern } },
    required: ["q"],
  });

  it("run in linear time on its schema and data; a pattern RE2 cannot run skips that tool only", async () => {
    const up: FixtureUpstream = await startUpstream(
      [
        { name: "search", inputSchema: listing(CATASTROPHIC), answer: ({ q }) => text(`found ${q}`) },
        { name: "peek", inputSchema: listing("^(?=x)"), answer: () => text("never") },
      ],
      { name: "up" },
    );
    open.push(up);
    const api = track(new ScriptedTool({ name: "proxy" }));
    const conn = await connectUpstream(api, { transport: up.transport });
    open.push(conn);
    expect(conn.tools).toEqual(["up.search"]);
    // From the schema side on: the tool-name prefix and the cut of a reason are the client's business.
    expect(conn.skipped).toEqual([
      {
        name: "peek",
        reason: expect.stringContaining(
          'inputSchema: invalid schema: pattern "^(?=x)" cannot run on toolshell\'s linear-time ' +
            "regex engine (RE2: invalid or unsupported Perl syntax: `(?=`); rewrite it in RE2's syntax (no lookaround, " +
            "no backreferences) or check the value in execute instead",
        ),
      },
    ]);
    const refused = await api.execute(`up.search --q ${evil}`);
    expect(refused).toMatchObject({
      stdout: "",
      stderr: `up.search: --q: expected pattern ${CATASTROPHIC}, got "${evil}"\nTry: help up.search\n`,
      exitCode: 2,
    });
    expect(await api.execute("up.search --q aaa")).toMatchObject({ stdout: "found aaa\n", exitCode: 0 });
    expect(up.called).toEqual(["search"]);
  });
});
