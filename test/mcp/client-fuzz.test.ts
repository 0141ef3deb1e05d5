// TM-FUZZ-002: arbitrary `tools/call` results through the MCP client's result mapping (src/mcp/client-content.ts),
// then through a real SDK client and server into a script. Oracles: the mapping never throws anything but a
// ToolError, what it prints is bounded by what came, no canary secret of the host's environment ever shows, and
// a run over any result ends with an ordinary exit code and no unhandled rejection.
import { randomBytes } from "node:crypto";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type JSONRPCMessage, LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "../../src/errors.js";
import { ScriptedTool } from "../../src/index.js";
import { connectUpstream } from "../../src/mcp/client.js";
import { resultValue, type ToolCallResult } from "../../src/mcp/client-content.js";
import { type FixtureUpstream, startUpstream } from "../fixtures/mcp-client-upstream.js";
import { track } from "../helpers.js";

const CANARY = `canary-${randomBytes(12).toString("hex")}`;
const CANARY_VARIABLE = "TOOLSHELL_FUZZ_CANARY_SECRET";
beforeAll(() => {
  process.env[CANARY_VARIABLE] = CANARY;
});
afterAll(() => {
  delete process.env[CANARY_VARIABLE];
});

const base64 = fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("base64"));
const odd = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 3 }),
);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary" }),
);
const block = fc.oneof(
  fc.record({ type: fc.constant("text"), text: fc.oneof(text, odd) }),
  fc.record(
    {
      type: fc.constantFrom("image", "audio"),
      data: fc.oneof(base64, odd),
      mimeType: fc.oneof(fc.string(), odd),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("resource"),
    resource: fc.oneof(
      fc.record(
        {
          uri: fc.oneof(fc.webUrl(), odd),
          mimeType: odd,
          text: fc.oneof(text, odd),
          blob: fc.oneof(base64, odd),
        },
        { requiredKeys: [] },
      ),
      odd,
    ),
  }),
  fc.record(
    {
      type: fc.constant("resource_link"),
      uri: fc.oneof(fc.webUrl(), odd),
      name: fc.oneof(text, odd),
      mimeType: odd,
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.oneof(fc.string(), odd), text: odd }),
  odd,
);

/** An object nested `depth` levels (past JSON.stringify's stack at the top of the range). */
const deep = fc.integer({ min: 1, max: 20_000 }).map((depth) => {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
});
const structured = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  deep,
  fc.integer({ min: 0, max: 200_000 }).map((size) => ({ big: "x".repeat(size) })),
  odd,
);
const result: fc.Arbitrary<ToolCallResult> = fc.record(
  {
    content: fc.oneof(fc.array(block, { maxLength: 12 }), odd),
    structuredContent: structured,
    isError: fc.oneof(fc.constant(true), odd),
    toolResult: fc.oneof(fc.jsonValue({ maxDepth: 3 }), odd),
  },
  { requiredKeys: [] },
);

/** Characters the input could ever account for: its JSON size, or a stand-in for one too deep to serialise. */
function inputSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 20_000 * 8;
  }
}

/** What the mapping prints: the text the script sees (a value is printed as JSON, as the registry does). */
function printed(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return ""; // the registry reports an unprintable value itself; the mapping handed back what came
  }
}

describe("the MCP client's result mapping under arbitrary results", () => {
  it("returns or throws a ToolError only, bounded by its input, never showing the host's canary", () => {
    fc.assert(
      fc.property(result, (input) => {
        const blocks = Array.isArray(input.content) ? input.content.length : 0;
        const bound = inputSize(input) + 80 * blocks + 200;
        let shown: string;
        try {
          shown = printed(resultValue(input));
        } catch (error) {
          expect(error).toBeInstanceOf(ToolError);
          shown = (error as ToolError).message;
        }
        expect(shown.length).toBeLessThanOrEqual(bound);
        expect(shown).not.toContain(CANARY);
      }),
      { numRuns: 600 },
    );
  });
});

/**
 * A hand-written MCP server over a real in-memory transport: unlike the SDK's Server, it sends any result as it
 * is, so what reaches the client's own parsing is arbitrary (a hostile peer need not use the SDK).
 */
async function startRawUpstream(answer: () => unknown): Promise<InMemoryTransport> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  serverEnd.onmessage = (message) => {
    if (!("id" in message) || !("method" in message)) return;
    const results: Record<string, () => unknown> = {
      initialize: () => ({
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: { tools: {} },
        serverInfo: { name: "raw", version: "1.0.0" },
      }),
      "tools/list": () => ({ tools: [{ name: "any", inputSchema: { type: "object" } }] }),
      "tools/call": answer,
    };
    const result = results[message.method]?.() ?? {};
    void serverEnd.send({ jsonrpc: "2.0", id: message.id, result } as JSONRPCMessage);
  };
  await serverEnd.start();
  return clientEnd;
}

describe("arbitrary results through a real client and server into a script", () => {
  let upstream: FixtureUpstream;
  let api: ScriptedTool;
  let next: unknown = {};
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on("unhandledRejection", onRejection);
    upstream = await startUpstream([
      { name: "any", inputSchema: { type: "object" }, answer: () => next as never },
    ]);
    api = track(new ScriptedTool({ name: "fuzz", isolation: "inline" }));
    await connectUpstream(api, { transport: upstream.transport });
    // A response whose result is not an object is no response to the SDK: it drops it, and the call ends at its
    // timeout (exit 124), kept short here.
    await connectUpstream(api, { transport: await startRawUpstream(() => next) }, { timeoutMs: 300 });
  });
  afterAll(async () => {
    process.off("unhandledRejection", onRejection);
    await upstream.close();
  });

  it("says a result that is not valid MCP is the upstream's fault (exit 1), not bad arguments (exit 2)", async () => {
    next = { isError: 0, content: "x" };
    const run = await api.execute("fixture.any; raw.any");
    expect(run).toMatchObject({ exitCode: 1, stdout: "" });
    expect(run.stderr).toBe(
      'fixture.any: upstream "fixture" sent a tools/call result that is not valid MCP (content: Invalid input: ' +
        "expected array, received string)\n" +
        'raw.any: upstream "raw" sent a tools/call result that is not valid MCP (content: Invalid input: expected ' +
        "array, received string)\n",
    );
  });

  it("ends each run with exit 0, 1 or 124, bounded output and no canary, behind the SDK's server or none", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(result, odd), async (input) => {
        next = input;
        const run = await api.execute(`fixture.any; echo "sdk $?"; raw.any; echo "raw $?"`);
        const shown = run.stdout + run.stderr;
        expect(run.exitCode).toBe(0);
        expect(run.stdout).toMatch(/sdk [01]\n(.|\n)*raw (0|1|124)\n$/);
        expect(shown.length).toBeLessThanOrEqual(2 * (inputSize(input) + 80 * 12 + 400));
        expect(shown).not.toContain(CANARY);
      }),
      { numRuns: 60 },
    );
    expect(rejections).toEqual([]);
  }, 120_000);
});
