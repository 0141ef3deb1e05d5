import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../src/index.js";
import { MODES, track } from "./helpers.js";

const big = "x".repeat(1024 * 1024);
let echoed = 0;
const tools: ToolDefinition[] = [
  {
    name: "echo_text",
    risk: { readOnly: true },
    inputSchema: { type: "object", properties: { text: { type: "string" } } },
    execute: ({ text }) => {
      echoed++;
      return `${String(text).length}\n`;
    },
  },
  {
    name: "get_n",
    risk: { readOnly: true },
    inputSchema: { type: "object", properties: { n: { type: "integer" } }, additionalProperties: false },
    execute: ({ n }) => ({ n }),
  },
  {
    name: "throws",
    execute: () => {
      throw new Error("password=hunter2 at db.internal:5432");
    },
  },
  { name: "not_json", execute: () => ({ n: 1n }) },
  {
    name: "strict_out",
    outputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    execute: () => ({ id: "secret-token" }),
  },
];

describe("the error taxonomy of host calls", () => {
  const api = track(new ScriptedTool({ name: "errors", tools, strictOutput: true }));

  it("refuses params over 1 MiB of JSON before validating or running them: payload_too_large", async () => {
    echoed = 0;
    const result = await api.call("echo_text", { text: big });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "payload_too_large",
        message: "echo_text: params too large: 1048587 bytes of JSON (at most 1048576)",
      },
    });
    expect(echoed).toBe(0);
    expect((await api.call("echo_text", { text: "x".repeat(1000) })).ok).toBe(true);
  });

  it("refuses params that are not JSON (a cycle, a BigInt) as invalid_params, without running", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const params of [cyclic, { n: 1n }]) {
      expect(await api.call("echo_text", params)).toMatchObject({
        ok: false,
        error: {
          code: "invalid_params",
          message: "echo_text: params must be JSON (no cycles, BigInts or functions)",
        },
      });
    }
  });

  it("types every callback failure, sanitized: a throw, a non-JSON value, a strict output mismatch", async () => {
    const results = await Promise.all([
      api.call("throws", {}),
      api.call("not_json", {}),
      api.call("strict_out", {}),
    ]);
    expect(results.map((result) => (result.ok ? "ok" : result.error.code))).toEqual([
      "handler_failed",
      "handler_failed",
      "invalid_output",
    ]);
    const words = JSON.stringify(results);
    expect(words).not.toContain("hunter2");
    expect(words).not.toContain("db.internal");
  });
});

describe.each(MODES)("the error taxonomy in a script's trace (%s)", (mode) => {
  it("says how each command ended in `outcome`, set by the registry rather than guessed", async () => {
    const api = track(new ScriptedTool({ name: "errors", isolation: mode, tools, strictOutput: true }));
    const result = await api.execute(
      [
        "echo_text --text hi",
        "throws",
        "strict_out",
        "get_n --n one",
        // 2^16 copies of 16 characters: 1 MiB of text, piped in as JSON params
        "x=0123456789abcdef; for i in $(seq 1 16); do x=$x$x; done",
        `printf '{"text":"%s"}' "$x" | echo_text`,
        "true",
      ].join("; "),
    );
    expect(result.trace.map((entry) => [entry.name, entry.exitCode, entry.outcome])).toEqual([
      ["echo_text", 0, "ok"],
      ["throws", 1, "handler_failed"],
      ["strict_out", 1, "invalid_output"],
      ["get_n", 2, "invalid_params"],
      ["echo_text", 2, "payload_too_large"],
    ]);
    expect(result.stderr).toContain("echo_text: params too large: 1048587 bytes of JSON (at most 1048576)\n");
    expect(result.stderr).toContain("throws: callback failed\n");
    expect(result.stderr).not.toContain("hunter2");
  });
});
