// TM-MCP-001: what the MCP server answers for a run stays small: the trace's names, exit codes and durations by
// default, whole entries (within the trace's byte budget) only with fullTrace. Through the SDK's real Client.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MODES, type Mode, shop, track } from "../helpers.js";
import { linked } from "../mcp-helpers.js";

async function run(client: Client, commands: string): Promise<CallToolResult> {
  return (await client.callTool({ name: "script", arguments: { commands } })) as CallToolResult;
}

/** A tool taking a text flag, and a 32 KiB string in $BIG. */
function noter(mode: Mode): ScriptedTool {
  return track(
    new ScriptedTool({
      name: "notes",
      isolation: mode,
      env: { BIG: "x".repeat(32 * 1024) },
      timeoutMs: 120_000,
      tools: [
        {
          name: "note",
          inputSchema: { type: "object", properties: { text: { type: "string" } } },
          execute: () => "ok\n",
        },
      ],
    }),
  );
}

const THOUSAND_BIG_CALLS = 'for i in $(seq 1 1000); do r=$(note --text "$BIG"); done; echo "$r"';

describe.each(MODES)("the script tool's answer (%s)", (mode) => {
  it("carries each trace entry as name, exit code and duration by default", async () => {
    const client = await linked(shop(mode));
    const result = await run(client, "get_user --id 42 | jq -r .name; get_user --id 1 || true");
    expect(result.structuredContent).toEqual({
      stdout: "Jane Doe\n",
      stderr: "get_user: callback failed\n",
      exitCode: 0,
      trace: [
        { name: "get_user", exitCode: 0, durationMs: expect.any(Number) },
        { name: "get_user", exitCode: 1, durationMs: expect.any(Number) },
      ],
      truncated: false,
      traceDropped: 0,
    });
    const [script] = (await client.listTools()).tools;
    expect(script?.outputSchema?.properties?.trace).toMatchObject({
      items: { required: ["name", "exitCode", "durationMs"] },
    });
  });

  it("carries whole entries with fullTrace", async () => {
    const client = await linked(shop(mode), { fullTrace: true });
    const result = await run(client, "get_user --id 42 | jq -r .name");
    const trace = (result.structuredContent as { trace: Record<string, unknown>[] }).trace;
    expect(trace).toEqual([
      expect.objectContaining({ name: "get_user", kind: "tool", argv: ["--id", "42"], params: { id: 42 } }),
    ]);
  });

  it("answers 1,000 calls with 32 KiB flags in well under 100 KB by default (62.7 MB before)", async () => {
    const client = await linked(noter(mode));
    const result = await run(client, THOUSAND_BIG_CALLS);
    expect(result.content).toEqual([{ type: "text", text: "ok\n" }]);
    const content = result.structuredContent as { trace: unknown[] };
    expect(content.trace).toHaveLength(1_000);
    expect(content.trace[999]).toEqual({ name: "note", exitCode: 0, durationMs: expect.any(Number) });
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(100_000);
  }, 120_000);

  it("answers the same run with fullTrace within the trace's byte budget, saying what was cut", async () => {
    const client = await linked(noter(mode), { fullTrace: true });
    const result = await run(client, THOUSAND_BIG_CALLS);
    const content = result.structuredContent as {
      trace: { truncated?: unknown }[];
      traceTruncated?: number;
    };
    expect(content.traceTruncated).toBe(1_000);
    expect(content.trace[0]?.truncated).toEqual({ argvBytes: 6 + 32 * 1024, paramsBytes: 11 + 32 * 1024 });
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(1.6 * 1024 * 1024);
  }, 120_000);
});
