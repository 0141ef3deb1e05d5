import { describe, expect, it } from "vitest";
import { forEachSubschema } from "../../src/schema/walk.js";

/** The `$id`s of the subschemas a walk visits, in order. */
function visited(schema: unknown): string[] {
  const seen: string[] = [];
  forEachSubschema(schema, (node) => {
    seen.push(String(node.$id));
  });
  return seen;
}

describe("forEachSubschema", () => {
  it("visits each parent before its children, and children in keyword order whatever the order of the node's keys", () => {
    const schema = {
      $id: "root",
      $defs: { d: { $id: "defs.d" } },
      properties: { enum: { $id: "properties.enum" }, b: { $id: "properties.b" } },
      anyOf: [{ $id: "anyOf.0", not: { $id: "anyOf.0.not" } }, { $id: "anyOf.1" }],
      items: [{ $id: "items.0" }, { $id: "items.1" }],
      prefixItems: [{ $id: "prefixItems.0" }],
      not: { $id: "not" },
      additionalProperties: { $id: "additionalProperties" },
    };
    expect(visited(schema)).toEqual([
      "root",
      "additionalProperties",
      "not",
      "anyOf.0",
      "anyOf.0.not",
      "anyOf.1",
      "prefixItems.0",
      "items.0",
      "items.1",
      "properties.enum",
      "properties.b",
      "defs.d",
    ]);
  });

  it("enters only keywords that hold subschemas: data keywords, inherited and non-schema values are not entered", () => {
    const inherited = Object.create({ not: { $id: "inherited" } });
    inherited.$id = "root";
    inherited.enum = [{ $id: "enum data" }];
    inherited.const = { $id: "const data" };
    inherited.default = { not: { $id: "default data" } };
    inherited.items = { $id: "items" };
    inherited.allOf = { $id: "allOf not a list" };
    inherited.properties = [{ $id: "properties not a map" }];
    inherited.dependencies = { a: ["b"], c: { $id: "dependencies.c" } };
    expect(visited(inherited)).toEqual(["root", "items", "dependencies.c"]);
  });
});
