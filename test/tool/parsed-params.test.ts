// Issue 16, item 2: the callback gets what the tool's own schema parse yields (zod's defaults, transforms and
// coercions; a Standard Schema's output; a JSON Schema's defaults), on every surface, and what that parse refuses
// never reaches it.
import { jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as z3 from "zod/v3";
import { addAiSdkTools } from "../../src/adapters/ai.js";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { track } from "../helpers.js";

type Isolation = "worker" | "inline";

/** A ScriptedTool with one tool that records what its callback received. */
function recording(definition: Omit<ToolDefinition, "execute">, isolation: Isolation = "inline") {
  const received: unknown[] = [];
  const api = track(
    new ScriptedTool({
      name: "t",
      isolation,
      tools: [
        {
          ...definition,
          execute: (params: unknown) => {
            received.push(params);
            return "ok";
          },
        },
      ],
    }),
  );
  return { api, received };
}

const weather = z.object({
  city: z.string().transform((city) => city.toUpperCase()),
  days: z.number().int().default(1),
});

describe("a zod input schema", () => {
  it.each(["inline", "worker"] as const)(
    "gives the callback zod's parse: transforms and defaults applied (%s)",
    async (isolation) => {
      const { api, received } = recording({ name: "weather", inputSchema: weather }, isolation);
      const result = await api.execute("weather --city paris");
      expect(result.exitCode).toBe(0);
      expect(received).toEqual([{ city: "PARIS", days: 1 }]);
      // A script that is more than one plain call takes the shell's own path in worker mode.
      await api.execute('for c in lyon; do weather --city "$c" --days 3; done');
      expect(received[1]).toEqual({ city: "LYON", days: 3 });
    },
  );

  it("gives api.call() the same parse", async () => {
    const { api, received } = recording({ name: "weather", inputSchema: weather });
    await api.call("weather", { city: "paris" });
    expect(received).toEqual([{ city: "PARIS", days: 1 }]);
  });

  it("applies z.coerce, which JSON Schema cannot say", async () => {
    const { api, received } = recording({
      name: "remind",
      inputSchema: z.object({ at: z.coerce.date() }),
    });
    expect((await api.execute("remind --at 2026-12-02T10:00:00Z")).exitCode).toBe(0);
    expect(received[0]).toEqual({ at: new Date("2026-12-02T10:00:00Z") });
  });

  it.each(["inline", "worker"] as const)(
    "refuses what a refinement refuses, with the schema's message, before the callback (%s)",
    async (isolation) => {
      const { api, received } = recording(
        {
          name: "greet",
          inputSchema: z.object({
            name: z.string().refine((name) => name.startsWith("A"), "must start with a capital A"),
          }),
        },
        isolation,
      );
      const result = await api.execute("greet --name bob");
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe("greet: --name: must start with a capital A\nTry: help greet\n");
      expect(result.trace[0]).toMatchObject({ name: "greet", outcome: "invalid_params", exitCode: 2 });
      expect(received).toEqual([]);
      expect(await api.call("greet", { name: "bob" })).toMatchObject({
        ok: false,
        error: {
          code: "invalid_params",
          message: "greet: --name: must start with a capital A\nTry: help greet",
          issues: [{ code: "invalid_value", path: ["name"], keyword: "parse" }],
        },
      });
      expect(received).toEqual([]);
    },
  );

  it("does not let a refinement's message run past one line", async () => {
    const { api } = recording({
      name: "greet",
      inputSchema: z.object({ name: z.string().refine(() => false, `bad\nname ${"x".repeat(400)}`) }),
    });
    const { stderr } = await api.execute("greet --name bob");
    const first = stderr.split("\n")[0] ?? "";
    expect(first.startsWith("greet: --name: bad name xxx")).toBe(true);
    expect(first.endsWith("...")).toBe(true);
    expect(first.length).toBeLessThan(260);
  });

  it("ends the call at the tool's own timeoutMs when an async refinement never settles, and the run goes on", async () => {
    const { api, received } = recording({
      name: "slow",
      timeoutMs: 100,
      inputSchema: z.object({ q: z.string().refine(() => new Promise<boolean>(() => {})) }),
    });
    const result = await api.execute("slow --q x; echo after $?", { timeoutMs: 5_000 });
    expect(result).toMatchObject({
      stdout: "after 124\n",
      stderr: "slow: timed out after 100 ms\n",
      exitCode: 0,
    });
    expect(received).toEqual([]);
  });

  it("ends the call at the run's deadline when an async refinement never settles", async () => {
    const { api, received } = recording({
      name: "slow",
      inputSchema: z.object({ q: z.string().refine(() => new Promise<boolean>(() => {})) }),
    });
    const result = await api.execute("slow --q x; echo after $?", { timeoutMs: 300 });
    expect(result.exitCode).toBe(124);
    expect(received).toEqual([]);
  });
});

describe("a JSON Schema input schema", () => {
  const schema = {
    type: "object",
    properties: {
      q: { type: "string" },
      limit: { type: "integer", default: 20 },
      page: { $ref: "#/$defs/page" },
      filter: {
        type: "object",
        properties: { status: { type: "string", default: "open" }, tags: { type: "array", default: [] } },
      },
    },
    $defs: { page: { type: "integer", default: 1 } },
  };

  it.each(["inline", "worker"] as const)(
    "gives the callback its defaults for what the call left out (%s)",
    async (isolation) => {
      const { api, received } = recording({ name: "search", inputSchema: schema }, isolation);
      await api.execute("search --q shoes");
      await api.execute('search --q boots --limit 5 --filter \'{"tags":["x"]}\'');
      expect(received).toEqual([
        { q: "shoes", limit: 20, page: 1 },
        { q: "boots", limit: 5, page: 1, filter: { status: "open", tags: ["x"] } },
      ]);
    },
  );

  it("leaves the host's own params object as it was", async () => {
    const { api, received } = recording({ name: "search", inputSchema: schema });
    const params = { q: "shoes", filter: {} };
    await api.call("search", params);
    expect(params).toEqual({ q: "shoes", filter: {} });
    expect(received).toEqual([{ q: "shoes", limit: 20, page: 1, filter: { status: "open", tags: [] } }]);
  });

  it("gives each call its own copy of a default", async () => {
    const received: unknown[] = [];
    const api = track(
      new ScriptedTool({
        name: "t",
        isolation: "inline",
        tools: [
          {
            name: "tag",
            inputSchema: { type: "object", properties: { tags: { type: "array", default: [] } } },
            execute: ({ tags }: { tags: string[] }) => {
              tags.push("mine");
              received.push([...tags]);
              return "ok";
            },
          },
        ],
      }),
    );
    await api.execute("tag; tag");
    expect(received).toEqual([["mine"], ["mine"]]);
  });

  it("is not tricked by a property named __proto__", async () => {
    const { api, received } = recording({
      name: "odd",
      inputSchema: {
        type: "object",
        // A computed key: an own property named __proto__, as JSON.parse makes one.
        properties: { ["__proto__"]: { type: "object", default: { polluted: true } } },
      },
    });
    await api.call("odd", {});
    const [params] = received as Record<string, unknown>[];
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.hasOwn(params ?? {}, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("ends on a schema that refers to itself", async () => {
    const { api, received } = recording({
      name: "tree",
      inputSchema: {
        $ref: "#/$defs/node",
        $defs: {
          node: {
            type: "object",
            properties: { kind: { type: "string", default: "leaf" }, child: { $ref: "#/$defs/node" } },
          },
        },
      },
    });
    await api.call("tree", { child: { child: {} } });
    expect(received).toEqual([{ kind: "leaf", child: { kind: "leaf", child: { kind: "leaf" } } }]);
  });
});

describe("other schemas with a parse of their own", () => {
  it("a Standard Schema's validate gives the callback its output value", async () => {
    const standard = {
      "~standard": {
        version: 1,
        vendor: "example",
        validate: (value: unknown) =>
          typeof (value as { n?: unknown }).n === "number"
            ? { value: { n: (value as { n: number }).n * 2 } }
            : { issues: [{ message: "n is required", path: [{ key: "n" }] }] },
        jsonSchema: {
          input: () => ({ type: "object", properties: { n: { type: "number" } } }),
        },
      },
    };
    const { api, received } = recording({ name: "double", inputSchema: standard });
    expect((await api.execute("double --n 4")).exitCode).toBe(0);
    expect(received).toEqual([{ n: 8 }]);
    const refused = await api.execute("double");
    expect(refused.stderr).toBe("double: --n: n is required\nTry: help double\n");
  });

  it("a validate that throws fails the call as a throwing callback does, its error kept for the host", async () => {
    const records: unknown[] = [];
    const api = track(
      new ScriptedTool({
        name: "t",
        isolation: "inline",
        onCall: (record) => records.push(record),
        tools: [
          {
            name: "broken",
            inputSchema: {
              "~standard": {
                version: 1,
                vendor: "example",
                validate: () => {
                  throw new Error("schema bug");
                },
                jsonSchema: { input: () => ({ type: "object" }) },
              },
            },
            execute: () => "never",
          },
        ],
      }),
    );
    const result = await api.execute("broken");
    expect(result).toMatchObject({ stdout: "", stderr: "broken: callback failed\n", exitCode: 1 });
    expect(records[0]).toMatchObject({ outcome: "handler_failed", error: { message: "schema bug" } });
  });

  it("a Standard Schema failure that names no issue still says it failed", async () => {
    const silent = {
      "~standard": {
        version: 1,
        vendor: "example",
        validate: () => ({ issues: [] }),
        jsonSchema: { input: () => ({ type: "object" }) },
      },
    };
    const { api, received } = recording({ name: "picky", inputSchema: silent });
    const result = await api.execute("picky; echo rc=$?");
    expect(result.stdout).toBe("rc=2\n");
    expect(result.stderr).toBe("picky: invalid params\nTry: help picky\n");
    expect(received).toEqual([]);
  });

  it("an AI SDK jsonSchema() with its own validate is honoured", async () => {
    const schema = jsonSchema<{ q: string }>(
      { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      {
        validate: (value) =>
          (value as { q: string }).q.length > 2
            ? { success: true, value: { q: (value as { q: string }).q.trim() } }
            : { success: false, error: new Error("q is too short") },
      },
    );
    const { api, received } = recording({ name: "find", inputSchema: schema });
    await api.execute("find --q ' shoes '");
    expect(received).toEqual([{ q: "shoes" }]);
    const refused = await api.execute("find --q ab");
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe("find: q is too short\nTry: help find\n");
  });

  it("addAiSdkTools gives a zod 3 tool what the AI SDK would: its parse", async () => {
    const received: unknown[] = [];
    const api = track(new ScriptedTool({ name: "t", isolation: "inline" }));
    addAiSdkTools(api, {
      weather: tool({
        description: "Weather",
        inputSchema: z3.object({
          city: z3.string().transform((city) => city.toUpperCase()),
          days: z3.number().default(1),
        }),
        execute: async (input) => {
          received.push(input);
          return "ok";
        },
      }),
      forecast: tool({
        inputSchema: weather,
        execute: async (input) => {
          received.push(input);
          return "ok";
        },
      }),
    });
    await api.execute("weather --city paris; forecast --city rome --days 2");
    expect(received).toEqual([
      { city: "PARIS", days: 1 },
      { city: "ROME", days: 2 },
    ]);
  });
});
