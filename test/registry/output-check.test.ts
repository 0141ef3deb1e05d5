import { jsonSchema, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { userSchema } from "../fixtures/user-schema.js";
import { MODES, type Mode, track } from "../helpers.js";

const orderSchema = z.object({
  order_id: z.string(),
  status: z.enum(["processing", "shipped"]),
  total: z.number(),
  note: z.string().nullable(),
  // Input and output differ: a number in, a string out; the output side is what the tool returns.
  placed: z
    .number()
    .transform((ms) => new Date(ms).toISOString())
    .pipe(z.string()),
});

const tools: ToolDefinition[] = [
  {
    name: "get_user",
    description: "Fetch a user",
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer", description: "The user's id" } },
      required: ["id"],
    },
    outputSchema: userSchema,
    execute: ({ id }) => ({ id, name: "Ada", tags: ["admin"], address: { city: "Paris" } }),
  },
  {
    name: "bad_user",
    outputSchema: userSchema,
    execute: () => ({ id: "7", name: "Ada", tags: "admin" }),
  },
  {
    name: "get_order",
    description: "Fetch an order",
    inputSchema: z.object({ order_id: z.string(), broken: z.boolean().optional() }),
    outputSchema: orderSchema,
    execute: ({ order_id, broken }) =>
      broken
        ? { order_id, status: "lost", total: "12", note: null, placed: "2024-01-01T00:00:00.000Z" }
        : { order_id, status: "shipped", total: 12.5, note: null, placed: "2024-01-01T00:00:00.000Z" },
  },
  {
    name: "json_text",
    outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
    execute: ({ ok }) => (ok === "yes" ? '{"ok": true}\n' : '{"ok": "yes"}\n'),
  },
  {
    name: "not_json",
    outputSchema: { type: "array", items: { type: "string" } },
    execute: () => "first line\nsecond line\n",
  },
  {
    name: "many_wrong",
    outputSchema: { type: "array", items: { type: "integer" } },
    execute: () => ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"],
  },
  {
    name: "dated",
    outputSchema: { type: "object", properties: { at: { type: "string" } }, required: ["at"] },
    execute: () => ({ at: new Date(0) }),
  },
  {
    name: "nothing",
    outputSchema: { type: "object" },
    execute: () => undefined,
  },
  { name: "plain", execute: () => ({ id: "anything goes" }) },
];

function api(mode: Mode, strictOutput?: boolean): ScriptedTool {
  return track(new ScriptedTool({ name: "t", tools, isolation: mode, strictOutput }));
}

describe("output schemas in help and the prompt", () => {
  const shell = api("inline");

  it("help <tool> shows the output shape on one line", async () => {
    const expected = [
      "get_user - Fetch a user",
      "Usage: get_user --id <integer>",
      "Output: {id: integer, name: string, tags: [string], address: {city: string, zip?: string}}",
      "Flags:",
      "  --id <integer>  (required) The user's id",
      "Params may also come as JSON on stdin: echo '{...}' | get_user",
      "",
    ].join("\n");
    expect(await shell.execute("help get_user")).toMatchObject({ stdout: expected, stderr: "", exitCode: 0 });
    expect((await shell.execute("get_user --help")).stdout).toBe(expected);
  });

  it("renders zod output schemas from their output side", async () => {
    const result = await shell.execute("help get_order | grep Output");
    expect(result.stdout).toBe(
      'Output: {order_id: string, status: "processing"|"shipped", total: number, note: string|null, placed: string}\n',
    );
  });

  it("prints no Output line for a tool without an outputSchema", async () => {
    expect((await shell.execute("help plain")).stdout).toBe("plain\nUsage: plain\n");
  });

  it("help <tool> --json gives the output schema in full", async () => {
    const result = await shell.execute("help get_user --json");
    expect(JSON.parse(result.stdout)).toEqual({
      name: "get_user",
      description: "Fetch a user",
      input_schema: tools[0]?.inputSchema,
      output_schema: userSchema,
    });
    const plain = JSON.parse((await shell.execute("help plain --json")).stdout);
    expect(plain).not.toHaveProperty("output_schema");
  });

  it("ToolSpec carries the normalised output schema", () => {
    const spec = shell.tools().find((tool) => tool.name === "get_order");
    expect(spec?.outputSchema).toMatchObject({
      type: "object",
      properties: { placed: { type: "string" } },
      required: ["order_id", "status", "total", "note", "placed"],
    });
    expect(shell.tools().find((tool) => tool.name === "plain")).not.toHaveProperty("outputSchema");
  });

  it("the full system prompt has one output line per command that declares one; compact mode none", () => {
    const prompt = shell.systemPrompt({ level: "full" });
    expect(prompt).toContain(
      "- `get_user --id <integer>`: Fetch a user\n  - `--id`: The user's id\n" +
        "  - prints `{id: integer, name: string, tags: [string], address: {city: string, zip?: string}}`\n",
    );
    expect(prompt).toContain("- `nothing`\n  - prints `object`\n- `plain`\n\nFlags:");
    const compact = track(new ScriptedTool({ name: "t", tools, compactPrompt: true })).systemPrompt();
    expect(compact).not.toContain("prints");
    expect(compact).not.toContain("{id: integer");
  });

  it("takes an AI SDK tool's outputSchema (jsonSchema() wrapper)", async () => {
    const weather = tool({
      description: "Weather in a city",
      inputSchema: z.object({ city: z.string() }),
      outputSchema: jsonSchema<{ temp: number }>({
        type: "object",
        properties: { temp: { type: "number" } },
        required: ["temp"],
      }),
      execute: async () => ({ temp: "warm" }) as unknown as { temp: number },
    });
    const ai = track(new ScriptedTool({ name: "w", isolation: "inline" }).add("weather", weather));
    expect((await ai.execute("help weather | grep Output")).stdout).toBe("Output: {temp: number}\n");
    const result = await ai.execute("weather --city Oslo");
    expect(result.trace[0]?.outputIssues).toEqual(['.temp: expected number, got "warm"']);
  });

  it("rejects a bad output schema at registration, naming the tool", () => {
    expect(
      () =>
        new ScriptedTool({
          name: "t",
          isolation: "inline",
          tools: [{ name: "x", outputSchema: { $ref: "#/$defs/missing" }, execute: () => null }],
        }),
    ).toThrow('x: outputSchema: invalid schema: cannot resolve $ref "#/$defs/missing"');
    expect(
      () => new ScriptedTool({ name: "t", tools: [{ name: "y", outputSchema: 3, execute: () => null }] }),
    ).toThrow("y: outputSchema must be a JSON Schema object or a zod schema");
  });
});

describe.each(MODES)("output validation (%s)", (mode) => {
  const shell = api(mode);
  const strict = api(mode, true);

  it("a matching result has no outputIssues in its trace entry", async () => {
    const result = await shell.execute("get_user --id 7 | jq -r .address.city");
    expect(result).toMatchObject({ stdout: "Paris\n", stderr: "", exitCode: 0 });
    expect(result.trace[0]).not.toHaveProperty("outputIssues");
    expect(result.trace[0]).toMatchObject({ name: "get_user", exitCode: 0 });
  });

  it("a mismatch is reported in the trace and the output still flows", async () => {
    const result = await shell.execute("bad_user | jq -c .");
    expect(result).toMatchObject({
      stdout: '{"id":"7","name":"Ada","tags":"admin"}\n',
      stderr: "",
      exitCode: 0,
    });
    expect(result.trace).toMatchObject([
      {
        name: "bad_user",
        exitCode: 0,
        outputIssues: [
          "missing key .address (object)",
          '.id: expected integer, got "7"',
          '.tags: expected array, got "admin"',
        ],
      },
    ]);
  });

  it("strictOutput fails the call: empty stdout, the issues on stderr, exit 1", async () => {
    const result = await strict.execute("bad_user");
    expect(result).toMatchObject({
      stdout: "",
      stderr:
        "bad_user: returned output that does not match its outputSchema: missing key .address (object)\n" +
        'bad_user: .id: expected integer, got "7"\n' +
        'bad_user: .tags: expected array, got "admin"\n',
      exitCode: 1,
    });
    expect(result.trace).toMatchObject([{ name: "bad_user", exitCode: 1, outputIssues: expect.any(Array) }]);
    expect(await strict.execute("get_user --id 1 | jq .id")).toMatchObject({
      stdout: "1\n",
      stderr: "",
      exitCode: 0,
    });
  });

  it("strictOutput prints at most 5 issue lines, then a count", async () => {
    const result = await strict.execute("many_wrong || echo failed=$?");
    expect(result.stdout).toBe("failed=1\n");
    expect(result.stderr).toBe(
      [
        'many_wrong: returned output that does not match its outputSchema: .[0]: expected integer, got "a"',
        'many_wrong: .[1]: expected integer, got "b"',
        'many_wrong: .[2]: expected integer, got "c"',
        'many_wrong: .[3]: expected integer, got "d"',
        'many_wrong: .[4]: expected integer, got "e"',
        "many_wrong: ... and 7 more",
        "",
      ].join("\n"),
    );
    const lenient = await shell.execute("many_wrong >/dev/null");
    expect(lenient.trace[0]?.outputIssues).toHaveLength(11);
    expect(lenient.trace[0]?.outputIssues?.[10]).toBe("... and 2 more");
  });

  it("checks zod output schemas", async () => {
    const good = await strict.execute("get_order --order_id o-1 | jq -r .status");
    expect(good).toMatchObject({ stdout: "shipped\n", stderr: "", exitCode: 0 });
    const bad = await shell.execute("get_order --order_id o-1 --broken | jq -r .status");
    expect(bad).toMatchObject({ stdout: "lost\n", exitCode: 0 });
    expect(bad.trace[0]?.outputIssues).toEqual([
      '.status: expected one of "processing"|"shipped", got "lost"',
      '.total: expected number, got "12"',
    ]);
  });

  it("a string result is parsed as JSON and checked", async () => {
    const good = await strict.execute("json_text --ok yes");
    expect(good).toMatchObject({ stdout: '{"ok": true}\n', stderr: "", exitCode: 0 });
    expect(good.trace[0]).not.toHaveProperty("outputIssues");
    const bad = await strict.execute("json_text --ok no");
    expect(bad).toMatchObject({
      stdout: "",
      stderr:
        'json_text: returned output that does not match its outputSchema: .ok: expected boolean, got "yes"\n',
      exitCode: 1,
    });
  });

  it("a string result that is not JSON is an issue", async () => {
    const result = await shell.execute("not_json | head -1");
    expect(result).toMatchObject({ stdout: "first line\n", stderr: "", exitCode: 0 });
    expect(result.trace[0]?.outputIssues).toEqual(['output is not JSON: "first line\\nsecond line\\n"']);
    expect(await strict.execute("not_json")).toMatchObject({
      stdout: "",
      stderr:
        'not_json: returned output that does not match its outputSchema: output is not JSON: "first line\\nsecond line\\n"\n',
      exitCode: 1,
    });
  });

  it("judges a value as the shell sees it (a Date is a string) and nothing as null", async () => {
    const dated = await strict.execute("dated | jq -r .at");
    expect(dated).toMatchObject({ stdout: "1970-01-01T00:00:00.000Z\n", stderr: "", exitCode: 0 });
    const nothing = await shell.execute("nothing");
    expect(nothing).toMatchObject({ stdout: "", exitCode: 0 });
    expect(nothing.trace[0]?.outputIssues).toEqual(["expected object, got null"]);
  });

  it("tools without an outputSchema are never checked, even under strictOutput", async () => {
    const result = await strict.execute("plain");
    expect(result).toMatchObject({ stdout: '{"id":"anything goes"}\n', stderr: "", exitCode: 0 });
    expect(result.trace[0]).not.toHaveProperty("outputIssues");
  });
});
