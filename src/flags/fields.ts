/**
 * What the flag parser knows of a schema: each property's effective types, kind of flag, names (exact and loosely
 * spelled) and nested levels, derived once and lazily (see src/flags/parse.ts).
 */
import type { JsonSchema } from "../schema/json-schema.js";
import { effectiveType, type JsonType } from "../schema/resolve.js";

/** Keys that must never be created from model input unless the schema explicitly defines them. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export type FlagKind = "boolean" | "value" | "list" | "object" | "objectList";

/** Property information derived from the schema once, lazily for nested levels. */
export class FieldInfo {
  readonly types: ReadonlySet<JsonType>;
  /**
   * Whether a flag or key the schema does not define is refused: the schema rejects other properties, or it
   * defines some and does not say others are welcome (`additionalProperties`, `patternProperties`), so an unknown
   * one is most likely a typo (`--limti 10`) the callback would never see. A schema that defines none takes any.
   */
  readonly refusesUnknown: boolean;
  readonly required: ReadonlySet<string>;
  readonly names: readonly string[];
  private readonly schemas: Map<string, JsonSchema>;
  private readonly itemSchema: JsonSchema | undefined;
  private readonly exact = new Map<string, string>();
  private readonly normalized = new Map<string, string | null>();
  private readonly children = new Map<string, FieldInfo>();
  private itemInfo: FieldInfo | undefined;
  private flagKind: FlagKind | undefined;

  constructor(
    schema: unknown,
    private readonly root: JsonSchema,
  ) {
    const effective = effectiveType(schema, root);
    this.types = effective.types;
    this.required = effective.required;
    this.schemas = effective.properties;
    this.itemSchema = effective.items;
    this.names = [...effective.properties.keys()];
    this.refusesUnknown = effective.closed || (!effective.open && this.names.length > 0);
    for (const name of this.names) {
      this.exact.set(name, name);
      const key = normalizeName(name);
      // Two properties that normalise alike make the loose spelling ambiguous: exact names only.
      this.normalized.set(key, this.normalized.has(key) ? null : name);
    }
  }

  /** Lazy: computing it eagerly would recurse forever through self-referencing item schemas. */
  get kind(): FlagKind {
    this.flagKind ??= kindOf(this.types, () => this.items.types);
    return this.flagKind;
  }

  get items(): FieldInfo {
    this.itemInfo ??= new FieldInfo(this.itemSchema ?? {}, this.root);
    return this.itemInfo;
  }

  /** Whether the schema defines exactly this property name (JSON keys are taken as written). */
  defines(name: string): boolean {
    return this.exact.has(name);
  }

  /** A property's information, not kept: walking a model's JSON must not grow the cache (recursive schemas). */
  peek(name: string): FieldInfo {
    return this.children.get(name) ?? new FieldInfo(this.schemas.get(name) ?? {}, this.root);
  }

  /** The property name a typed flag or key refers to, if any. */
  lookup(typed: string): string | undefined {
    return this.exact.get(typed) ?? this.normalized.get(normalizeName(typed)) ?? undefined;
  }

  property(name: string): FieldInfo {
    let info = this.children.get(name);
    if (info === undefined) {
      info = new FieldInfo(this.schemas.get(name) ?? {}, this.root);
      this.children.set(name, info);
    }
    return info;
  }
}

function kindOf(types: ReadonlySet<JsonType>, itemTypes: () => ReadonlySet<JsonType>): FlagKind {
  const only = (allowed: JsonType): boolean =>
    types.has(allowed) && [...types].every((type) => type === allowed || type === "null");
  if (only("boolean")) return "boolean";
  if (only("object")) return "object";
  if (!only("array")) return "value";
  const items = itemTypes();
  return items.has("object") && [...items].every((type) => type === "object" || type === "null")
    ? "objectList"
    : "list";
}

function normalizeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/_/g, "-");
}
