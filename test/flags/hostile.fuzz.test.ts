import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFlags } from "../../src/flags/parse.js";
import { ScriptedTool } from "../../src/index.js";
import { MAX_JSON_DEPTH } from "../../src/limits.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { MODES, track } from "../helpers.js";

// TM-FUZZ-001: hostile argv and JSON (deep, prototype keys, huge, odd Unicode, shell expansions) through the flag
// parser, JSON params on stdin and whole runs: nothing throws out, nothing hangs, no rejection goes unhandled, no
// secret of the host's environment reaches any output, and memory stays bounded.

const schema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    filter: { type: "object", properties: { status: { type: "string" } } },
    items: { type: "array", items: { type: "object", properties: { id: { type: "integer" } } } },
    tags: { type: "array", items: { type: "string" } },
    node: { $ref: "#/$defs/node" },
  },
  $defs: {
    node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
  },
};
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

/** JSON text an attacker would write: deep nesting, prototype keys, plain JSON values. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 6000 }).map((levels) => `${"[".repeat(levels)}${"]".repeat(levels)}`),
  fc.integer({ min: 60, max: 70 }).map((levels) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`),
  fc
    .tuple(fc.constantFrom(...UNSAFE), fc.json())
    .map(([key, json]) => `{"status":"x","${key}":${json},"deep":[{"${key}":{"polluted":true}}]}`),
  fc.json(),
  fc.string().map((text) => `{${text}`),
);
const flagName = fc.constantFrom("--id", "--filter", "--items", "--tags", "--node", "--other", "--__proto__");
const token: fc.Arbitrary<string> = fc.oneof(
  flagName,
  hostileJson,
  hostileJson.map((json) => `--filter=${json}`),
  fc.constantFrom("__proto__=1", "constructor=x", "status=open", "a=b=c", "--", "--no-id", "=", "--="),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.string({ maxLength: 20 }).map((text) => `--${text}`),
);

/** Every own key at every level (values are at most MAX_JSON_DEPTH + 1 deep, so recursion is fine). */
function ownKeys(value: unknown, keys: string[] = []): string[] {
  if (typeof value !== "object" || value === null) return keys;
  for (const [key, child] of Object.entries(value)) {
    keys.push(key);
    ownKeys(child, keys);
  }
  return keys;
}

function depth(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depth));
}

describe("the flag parser under hostile argv", () => {
  it("never throws; params stay shallow, cloneable and free of prototype keys", () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (argv) => {
        const { params, issues } = parseFlags(argv, schema);
        expect(Array.isArray(issues)).toBe(true);
        expect(depth(params)).toBeLessThanOrEqual(MAX_JSON_DEPTH + 1);
        expect(ownKeys(params).filter((key) => UNSAFE.has(key))).toEqual([]);
        expect(() => structuredClone(params)).not.toThrow();
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: 1500 },
    );
  });
});

/** Single-quoted for the shell, so the tool gets the token as is. */
const quoted = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;
/** Ways a script might try to read the host's environment. */
const probe = fc.constantFrom(
  '"$TOOLSHELL_CANARY"',
  '"$(printenv TOOLSHELL_CANARY)"',
  '"$(env)"',
  '"$(cat /proc/self/environ)"',
  '"${!TOOLSHELL*}"',
);
const command: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.array(fc.oneof(token.map(quoted), probe), { maxLength: 6 }))
    .map(([argv]) => `get_user ${argv.join(" ")}`),
  hostileJson.map((json) => `printf '%s' ${quoted(json)} | get_user`),
  fc
    .tuple(fc.constantFrom(...UNSAFE), hostileJson)
    .map(([key, json]) => `echo '{"filter":{"${key}":${json}}}' | get_user`),
  probe.map((text) => `echo ${text} | get_user`),
);

describe.each(MODES)("runs driven by fuzzed argv (%s)", (mode) => {
  const canary = `canary-${randomBytes(12).toString("hex")}`;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeAll(() => {
    process.env.TOOLSHELL_CANARY = canary;
    process.on("unhandledRejection", onRejection);
  });
  afterAll(() => {
    delete process.env.TOOLSHELL_CANARY;
    process.off("unhandledRejection", onRejection);
  });
  const api = track(
    new ScriptedTool({
      name: "t",
      isolation: mode,
      timeoutMs: 10_000,
      tools: [
        {
          name: "get_user",
          inputSchema: schema,
          // Echoes what it got, so anything that leaked into params or stdin would show in stdout.
          execute: (params, context) => ({ params, stdin: context.stdin ?? null }),
        },
      ],
    }),
  );

  it("never throws, leaks the canary or grows memory without bound", async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 4 }), async (commands) => {
        const r = await api.execute(commands.join("\n"));
        expect(Number.isInteger(r.exitCode)).toBe(true);
        const everything = `${r.stdout}\n${r.stderr}\n${JSON.stringify(r.trace)}`;
        expect(everything.includes(canary)).toBe(false);
        expect(r.stdout.length + r.stderr.length).toBeLessThan(4 * 1024 * 1024);
      }),
      { numRuns: 40 },
    );
    expect(rejections).toEqual([]);
    // Generous: 40 runs of at most 64 KiB of flags each must not retain anything near this.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024);
  }, 60_000);
});
