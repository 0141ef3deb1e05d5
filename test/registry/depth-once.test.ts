// TM-DOS-001: every surface's params are checked for depth exactly once. A script's were checked by the flag
// parser (or the stdin params check) before the call left the shell, so the registry scans only host calls' JSON.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MAX_JSON_DEPTH } from "../../src/limits.js";
import { jsonTextDeeperThan } from "../../src/schema/json-depth.js";
import { MODES, track } from "../helpers.js";

vi.mock("../../src/schema/json-depth.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/schema/json-depth.js")>();
  return { ...actual, jsonTextDeeperThan: vi.fn(actual.jsonTextDeeperThan) };
});
const registryScans = vi.mocked(jsonTextDeeperThan);
afterEach(() => registryScans.mockClear());

/** `levels` arrays, one inside the other: `[[[]]]` is 3 levels. */
const nested = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe.each(MODES)("params depth is checked once per call (%s)", (mode) => {
  const calls: unknown[] = [];
  const api = track(
    new ScriptedTool({
      name: "depth_once",
      isolation: mode,
      tools: [
        {
          name: "get_user",
          inputSchema: { type: "object", properties: { filter: { type: "object" } } },
          execute: ({ filter }) => {
            calls.push(filter);
            return { got: Object.keys(filter as object) };
          },
        },
      ],
    }),
  );

  it("passes a script's params at the limit to the tool without scanning their JSON again", async () => {
    const flag = await api.execute(`get_user --filter '{"a":${nested(63)}}'`);
    const piped = await api.execute(`echo '{"filter":{"a":${nested(63)}}}' | get_user`);
    expect([flag, piped].map(({ stdout, stderr, exitCode }) => ({ stdout, stderr, exitCode }))).toEqual([
      { stdout: '{"got":["a"]}\n', stderr: "", exitCode: 0 },
      { stdout: '{"got":["a"]}\n', stderr: "", exitCode: 0 },
    ]);
    expect(registryScans).not.toHaveBeenCalled();
  });

  it("refuses a script's call past the limit once, with the parser's message, and the tool never runs", async () => {
    calls.length = 0;
    const result = await api.execute(`get_user --filter '{"a":${nested(65)}}'; echo "after $?"`);
    expect([result.stdout, result.stderr, result.exitCode]).toEqual([
      "after 2\n",
      `get_user: --filter: JSON nested deeper than ${MAX_JSON_DEPTH} levels\nTry: help get_user\n`,
      0,
    ]);
    expect(calls).toEqual([]);
    expect(registryScans).not.toHaveBeenCalled();
  });

  it("still refuses a host call past the limit, scanning its JSON once", async () => {
    calls.length = 0;
    const deep = await api.call("get_user", { filter: JSON.parse(`{"a":${nested(65)}}`) });
    expect(deep).toMatchObject({
      ok: false,
      error: {
        code: "invalid_params",
        message: `get_user: params nested deeper than ${MAX_JSON_DEPTH} levels`,
      },
    });
    expect(calls).toEqual([]);
    expect(registryScans).toHaveBeenCalledTimes(1);
  });
});
