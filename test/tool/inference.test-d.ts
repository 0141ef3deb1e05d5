// Issue 16, item 1: a callback's params are typed from its input schema (zod, Standard Schema, the AI SDK's
// jsonSchema<T>(), a JSON Schema literal), in the tools array, in defineTool() and in add(); its result from the
// output schema in defineTool() and add(); ctx is a ToolContext. Checked by vitest's typecheck (tsc).
import { jsonSchema } from "ai";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import * as z3 from "zod/v3";
import {
  defineTool,
  type FromJsonSchema,
  type InferParams,
  ScriptedTool,
  type ToolContext,
} from "../../src/index.js";

describe("params inferred in the tools array", () => {
  it("from zod: the parse's output type, defaults filled in", () => {
    new ScriptedTool({
      name: "t",
      tools: [
        {
          name: "weather",
          inputSchema: z.object({
            city: z.string(),
            days: z.number().default(1),
            units: z.enum(["c", "f"]).optional(),
          }),
          execute: (params, ctx) => {
            expectTypeOf(params).toEqualTypeOf<{
              city: string;
              days: number;
              units?: "c" | "f" | undefined;
            }>();
            expectTypeOf(ctx).toEqualTypeOf<ToolContext<unknown>>();
            return params.city.toUpperCase();
          },
        },
        {
          name: "shout",
          inputSchema: z.object({ q: z.string().transform((q) => q.length) }),
          execute: ({ q }) => {
            expectTypeOf(q).toEqualTypeOf<number>();
            return q.toFixed();
          },
        },
      ],
    });
  });

  it("from a JSON Schema literal, with no `as const`", () => {
    new ScriptedTool({
      name: "t",
      tools: [
        {
          name: "search",
          inputSchema: {
            type: "object",
            properties: {
              q: { type: "string" },
              limit: { type: "integer", default: 20 },
              status: { enum: ["open", "closed"] },
              tags: { type: "array", items: { type: "string" } },
              note: { type: ["string", "null"] },
            },
            required: ["q"],
          },
          execute: (params) => {
            expectTypeOf(params).toEqualTypeOf<{
              q: string;
              limit: number;
              status?: "open" | "closed";
              tags?: string[];
              note?: string | null;
            }>();
            return params.q;
          },
        },
      ],
    });
  });

  it("from a Standard Schema and an AI SDK jsonSchema<T>()", () => {
    new ScriptedTool({
      name: "t",
      tools: [
        { name: "old", inputSchema: z3.object({ id: z3.number() }), execute: ({ id }) => id.toFixed() },
        {
          name: "sdk",
          inputSchema: jsonSchema<{ url: string }>({ type: "object" }),
          execute: ({ url }) => url.toUpperCase(),
        },
        { name: "lazy", inputSchema: () => z.object({ n: z.number() }), execute: ({ n }) => n + 1 },
      ],
    });
  });

  it("as any JSON object when there is no schema to read", () => {
    new ScriptedTool({
      name: "t",
      tools: [
        {
          name: "free",
          execute: (params) => expectTypeOf(params).toEqualTypeOf<Record<string, unknown>>(),
        },
        {
          name: "wide",
          inputSchema: { type: "object" } as Record<string, unknown>,
          execute: (params) => expectTypeOf(params).toEqualTypeOf<Record<string, unknown>>(),
        },
      ],
    });
  });

  it("refuses a callback that misreads its params", () => {
    new ScriptedTool({
      name: "t",
      tools: [
        {
          name: "weather",
          inputSchema: z.object({ city: z.string() }),
          // @ts-expect-error city is a string
          execute: ({ city }) => city.toFixed(),
        },
      ],
    });
  });

  it("still takes a plain ToolDefinition[] and the object form", () => {
    const tools = [{ name: "a", execute: () => "a" }];
    new ScriptedTool({ name: "t", tools });
    new ScriptedTool({ name: "t", tools: { get_user: { execute: () => "u" } } });
  });
});

describe("defineTool() and add()", () => {
  const schema = z.object({ q: z.string(), limit: z.number().default(10) });
  const out = z.object({ hits: z.array(z.string()) });

  it("type the params, the result and ctx.context", () => {
    const tool = defineTool<typeof schema, typeof out, { user: string }>({
      name: "search",
      inputSchema: schema,
      outputSchema: out,
      execute: async ({ q, limit }, ctx) => {
        expectTypeOf(ctx.context).toEqualTypeOf<{ user: string }>();
        return { hits: [q.repeat(limit)] };
      },
    });
    new ScriptedTool({ name: "t", tools: [tool] });
    new ScriptedTool({ name: "t" }).add(tool);
  });

  it("infers both schemas without type arguments", () => {
    defineTool({
      name: "search",
      inputSchema: schema,
      outputSchema: out,
      execute: ({ q }) => ({ hits: [q] }),
    });
    defineTool({
      name: "search",
      inputSchema: schema,
      outputSchema: out,
      // @ts-expect-error hits must be strings
      execute: ({ limit }) => ({ hits: [limit] }),
    });
    new ScriptedTool({ name: "t" }).add({
      name: "count",
      inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      outputSchema: { type: "object", properties: { double: { type: "integer" } }, required: ["double"] },
      execute: ({ n }) => ({ double: n * 2 }),
    });
    new ScriptedTool({ name: "t" }).add({
      name: "count",
      inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      outputSchema: { type: "object", properties: { double: { type: "integer" } }, required: ["double"] },
      // @ts-expect-error double must be a number
      execute: ({ n }) => ({ double: String(n) }),
    });
  });

  it("lets a result without an output schema be anything", () => {
    defineTool({ name: "any", execute: () => new Uint8Array(2) });
  });
});

describe("the inference types", () => {
  it("read JSON Schema as written", () => {
    type Order = FromJsonSchema<{
      type: "object";
      properties: {
        id: { type: "integer" };
        lines: {
          type: "array";
          items: { type: "object"; properties: { sku: { type: "string" } }; required: ["sku"] };
        };
        kind: { const: "order" };
        meta: { type: "object"; additionalProperties: true };
      };
      required: ["id", "lines"];
      additionalProperties: false;
    }>;
    expectTypeOf<Order>().toEqualTypeOf<{
      id: number;
      lines: { sku: string }[];
      kind?: "order";
      meta?: Record<string, unknown>;
    }>();
    // A default inside anyOf/oneOf is not filled in (which branch is meant is not known): the key stays optional.
    type Either = FromJsonSchema<{
      anyOf: [{ type: "object"; properties: { n: { type: "integer"; default: 1 } } }];
    }>;
    expectTypeOf<Either>().toEqualTypeOf<{ n?: number }>();
    expectTypeOf<InferParams<undefined>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<InferParams<{ type: "object" }>>().toEqualTypeOf<Record<string, unknown>>();
  });
});
