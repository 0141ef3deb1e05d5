import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition, ToolError } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

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
    // The words a script would see are sanitized; what was thrown is the host's own, in error.cause (issue 16).
    const [thrown] = results;
    expect(thrown.ok ? undefined : thrown.error.cause?.message).toBe("password=hunter2 at db.internal:5432");
    const words = JSON.stringify(
      results.map((result) =>
        result.ok ? result : { ...result, error: { ...result.error, cause: undefined } },
      ),
    );
    expect(words).not.toContain("hunter2");
    expect(words).not.toContain("db.internal");
  });
});

describe("host calls with values that are not a name or params", () => {
  const api = track(new ScriptedTool({ name: "errors", isolation: "inline", tools }));

  it("answers a name that is not a string as not_found, and does not echo a huge name whole", async () => {
    for (const name of [123, null, {}]) {
      expect(await api.call(name as never, {})).toMatchObject({
        ok: false,
        error: { code: "not_found", message: "the tool name must be a string" },
      });
    }
    const long = await api.call("x".repeat(100_000), {});
    expect(long).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(long.ok ? "" : long.error.message).toBe(`no tool named ${"x".repeat(128)}...`);
  });

  it("fails (never rejects) when the params change under it: a getter that throws on its second read", async () => {
    let reads = 0;
    const params = {
      get n(): number {
        if (reads++ > 0) throw new Error("second read");
        return 1;
      },
    };
    expect(await api.call("get_n", params)).toMatchObject({
      ok: false,
      error: { code: "handler_failed", message: "get_n: the call failed inside toolshell" },
    });
  });

  it("refuses params that are not a JSON object, even for a tool whose schema would take them", async () => {
    const loose = track(
      new ScriptedTool({
        name: "loose",
        isolation: "inline",
        tools: [{ name: "any", execute: (p) => ({ p }) }],
      }),
    );
    for (const params of ["str", [], 42, null]) {
      expect(await loose.call("any", params)).toMatchObject({
        ok: false,
        error: { code: "invalid_params", message: "any: params must be a JSON object" },
      });
    }
    expect(await loose.call("any", { a: 1 })).toMatchObject({ ok: true, value: { p: { a: 1 } } });
  });
});

describe("a ToolError's message of any size", () => {
  it("is cut to 64 KiB (head and tail) before each line gets the tool's name, bounding the prefixing", async () => {
    const api = track(
      new ScriptedTool({
        name: "errors",
        isolation: "inline",
        tools: [
          {
            name: "upstream_error",
            execute: () => {
              throw new ToolError(`first\n${"x\n".repeat(2_000_000)}last`);
            },
          },
        ],
      }),
    );
    const result = await api.call("upstream_error", {});
    const message = result.ok ? "" : result.error.message;
    expect(message.length).toBeLessThan(1024 * 1024); // uncut: 36 MB
    expect(message.startsWith("upstream_error: first\nupstream_error: x\n")).toBe(true);
    expect(message.endsWith("upstream_error: last")).toBe(true);
    expect(message).toMatch(
      /upstream_error: \[toolshell: \d+ bytes of the error message cut: at most 65536 are shown\]/,
    );
  });

  // A run of newlines followed by anything once went through /\n+$/, quadratic in the run (seconds for 64 KiB).
  it("trims trailing newlines in linear time, whatever the message holds", async () => {
    const api = track(
      new ScriptedTool({
        name: "errors",
        isolation: "inline",
        tools: [
          {
            name: "newlines",
            execute: () => {
              throw new ToolError(`${"\n".repeat(60_000)}x\n\n`);
            },
          },
        ],
      }),
    );
    const result = await api.call("newlines", {});
    expect(result.ok ? "" : result.error.message.endsWith("newlines: x")).toBe(true);
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

/** A value whose every trap throws: reading it in any way fails. */
function hostile(): object {
  const boom = () => {
    throw new Error("trap: host secret");
  };
  return new Proxy({}, { get: boom, getPrototypeOf: boom, ownKeys: boom, has: boom });
}

describe.each(MODES)("hostile values thrown or returned by callbacks and policies (%s)", (mode) => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  it("fails the call cleanly, with no unhandled rejection and no hang", async () => {
    process.on("unhandledRejection", onRejection);
    try {
      const api = track(
        new ScriptedTool({
          name: "hostile",
          isolation: mode,
          sanitizeErrors: false,
          tools: [
            { name: "no_proto", execute: () => Promise.reject(Object.create(null)) },
            { name: "proxy", execute: () => Promise.reject(hostile()) },
            { name: "proxy_value", execute: () => hostile() },
            {
              name: "getter",
              execute: () => ({
                get x() {
                  throw new Error("getter: host secret");
                },
              }),
            },
            {
              name: "late_no_proto",
              timeoutMs: 20,
              execute: () => new Promise((_, reject) => setTimeout(() => reject(Object.create(null)), 40)),
            },
          ],
        }),
      );
      const started = Date.now();
      const result = await api.execute(
        'for t in no_proto proxy proxy_value getter late_no_proto; do $t; echo "$t=$?"; done',
        { timeoutMs: 5_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(result.stdout).toBe("no_proto=1\nproxy=1\nproxy_value=1\ngetter=1\nlate_no_proto=124\n");
      expect(result.stderr).toBe(
        [
          "no_proto: callback failed",
          "proxy: callback failed",
          "proxy_value: callback failed: trap: host secret",
          "getter: callback returned a value that is not JSON",
          "late_no_proto: timed out after 20 ms",
          "",
        ].join("\n"),
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(rejections).toEqual([]);
      const host = await api.call("proxy", {});
      expect(host).toMatchObject({
        ok: false,
        error: { code: "handler_failed", message: "proxy: callback failed" },
      });
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("denies (fails closed) when a policy's answer throws as it is read, with no unhandled rejection", async () => {
    process.on("unhandledRejection", onRejection);
    try {
      let ran = 0;
      const api = track(
        new ScriptedTool({
          name: "hostile",
          isolation: mode,
          policy: (call) =>
            (call.params.how === "proxy"
              ? hostile()
              : {
                  get deny(): string {
                    throw new Error("policy getter");
                  },
                }) as never,
          tools: [{ name: "t", execute: () => void ran++ }],
        }),
      );
      const result = await api.execute('t --how getter; echo "rc=$?"; t --how proxy; echo "rc=$?"', {
        timeoutMs: 5_000,
      });
      expect(result.stdout).toBe("rc=126\nrc=126\n");
      expect(result.stderr).toBe("t: denied: the policy failed\nt: denied: the policy failed\n");
      expect(ran).toBe(0);
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
