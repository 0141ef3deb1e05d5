import { describe, expect, it } from "vitest";
import { copySchema } from "../../src/schema/copy.js";

describe("copySchema", () => {
  it("copies plain schemas deeply, as structuredClone does: own __proto__ keys, -0, null prototypes", () => {
    const schemas: unknown[] = [
      { type: "object", properties: { id: { type: "integer", minimum: -0 } }, required: ["id"] },
      JSON.parse('{"properties":{"__proto__":{"type":"string"}},"enum":[null,true,1.5,"x",[],{}]}'),
      Object.assign(Object.create(null), { type: "string", examples: ["a"] }),
      [1, [2, [3]]],
      "text",
      null,
    ];
    for (const schema of schemas) {
      const copy = copySchema(schema);
      expect(copy).toStrictEqual(structuredClone(schema));
      if (typeof schema === "object" && schema !== null) expect(copy).not.toBe(schema);
    }
    const parsed = copySchema(JSON.parse('{"__proto__":{"a":1}}')) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.is((copySchema({ minimum: -0 }) as { minimum: number }).minimum, -0)).toBe(true);
  });

  it("shares nothing with the original: changing the copy leaves it as it was", () => {
    const schema = { properties: { tags: { type: "array", items: { enum: ["a"] } } } };
    const copy = copySchema(schema);
    copy.properties.tags.items.enum.push("b");
    expect(schema.properties.tags.items.enum).toEqual(["a"]);
  });

  it("leaves everything but plain data to structuredClone, with its result or its error", () => {
    const shared = { type: "string" };
    let dag: Record<string, unknown> = shared;
    for (let level = 0; level < 40; level++) dag = { a: dag, b: dag }; // 2^40 paths, 41 objects
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.self = cyclic;
    const sparse = [1, 2, 3];
    delete sparse[1]; // a hole, which structuredClone keeps
    const fallbacks: unknown[] = [
      { default: new Date(0) },
      { examples: [new Map([["a", 1]])] },
      { const: new Uint8Array([1, 2]) },
      sparse,
      cyclic,
    ];
    for (const value of fallbacks) {
      expect(copySchema(value)).toStrictEqual(structuredClone(value));
    }
    const copiedCycle = copySchema(cyclic);
    expect(copiedCycle.self).toBe(copiedCycle);
    const copiedDag = copySchema(dag);
    expect(copiedDag.a).toBe(copiedDag.b); // shared as structuredClone shares it, not copied per path
    expect(() => copySchema({ parse: () => 1 })).toThrow(/could not be cloned/);
    expect(() => copySchema({ properties: new Proxy({}, {}) })).toThrow(/could not be cloned/);
    expect(() => copySchema({ id: Symbol("x") })).toThrow(/could not be cloned/);
  });
});
