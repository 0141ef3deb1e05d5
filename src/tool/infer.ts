/**
 * Types only: what a callback's params and result are, read from the tool's schemas (issue 16, item 1), so
 * `execute: ({ q }) => q.toUpperCase()` type-checks with a zod, Standard Schema, AI SDK or JSON Schema input schema
 * as it does with the AI SDK's `tool()`. Params are what the schema's parse yields (zod's output type: defaults
 * filled in, transforms applied), since that is what the callback gets (decision 0044).
 */

/** Params of a tool whose input schema is not known to the type system: any JSON object. */
type AnyParams = Record<string, unknown>;

/**
 * The params a callback gets for an input schema of type `S`: a Standard Schema's output (zod 3 and 4, valibot,
 * arktype...), an AI SDK `Schema<T>`'s `T` (`jsonSchema<T>()`), a lazy schema's result, or what a JSON Schema
 * literal describes (properties, `required`, `type`, `enum`, `const`, `items`, `anyOf`/`oneOf`; a property with a
 * `default` is always there). Anything else: `Record<string, unknown>`.
 * @example
 * type P = InferParams<typeof schema>; // { q: string; limit: number }
 */
export type InferParams<S> = unknown extends S
  ? AnyParams
  : [S] extends [undefined]
    ? AnyParams
    : SchemaValue<S, AnyParams>;

/** What a callback returns for an output schema of type `S` (as InferParams reads it); `unknown` when there is none. */
export type InferOutput<S> = unknown extends S
  ? unknown
  : [S] extends [undefined]
    ? unknown
    : SchemaValue<S, unknown>;

/** The value a schema stands for, or `Otherwise` when its type says nothing the type system can read. */
type SchemaValue<S, Otherwise> = string extends keyof S
  ? Otherwise // a schema typed as a record (Record<string, unknown>, JsonSchema) says nothing of its fields
  : S extends { readonly "~standard": { readonly types?: infer Types } }
    ? NonNullable<Types> extends { readonly output: infer Output }
      ? Output
      : Otherwise
    : S extends { readonly _type: infer T }
      ? T
      : S extends () => infer Resolved
        ? SchemaValue<Resolved, Otherwise>
        : S extends boolean
          ? Otherwise
          : S extends object
            ? FromJsonSchema<S>
            : Otherwise;

/**
 * The TypeScript type a JSON Schema literal describes, as far as its keywords say; `unknown` past that. `Filled`:
 * whether a property's `default` is filled in here (it is, except inside `anyOf`/`oneOf`, as src/schema/defaults.ts
 * fills them).
 */
export type FromJsonSchema<S, Filled extends boolean = true> = S extends { readonly const: infer Value }
  ? Value
  : S extends { readonly enum: readonly (infer Value)[] }
    ? Value
    : S extends { readonly anyOf: readonly (infer Branch)[] }
      ? FromJsonSchema<Branch, false>
      : S extends { readonly oneOf: readonly (infer Branch)[] }
        ? FromJsonSchema<Branch, false>
        : S extends { readonly type: infer Type }
          ? Type extends readonly (infer Each)[]
            ? OfType<S, Each, Filled>
            : OfType<S, Type, Filled>
          : S extends { readonly properties: object }
            ? ObjectOf<S, Filled>
            : unknown;

type OfType<S, Type, Filled extends boolean> = Type extends "string"
  ? string
  : Type extends "number" | "integer"
    ? number
    : Type extends "boolean"
      ? boolean
      : Type extends "null"
        ? null
        : Type extends "array"
          ? S extends { readonly items: infer Item }
            ? FromJsonSchema<Item, Filled>[]
            : unknown[]
          : Type extends "object"
            ? ObjectOf<S, Filled>
            : unknown;

/** Names in `required`, and (where defaults are filled in) those whose schema has a `default`. */
type PresentKeys<S, Properties, Filled extends boolean> =
  | (S extends { readonly required: readonly (infer Name)[] } ? Name & keyof Properties : never)
  | (Filled extends true
      ? {
          [K in keyof Properties]: Properties[K] extends { readonly default: unknown } ? K : never;
        }[keyof Properties]
      : never);

type ObjectOf<S, Filled extends boolean> = S extends { readonly properties: infer Properties }
  ? Flatten<
      { -readonly [K in PresentKeys<S, Properties, Filled>]: FromJsonSchema<Properties[K], Filled> } & {
        -readonly [K in Exclude<keyof Properties, PresentKeys<S, Properties, Filled>>]?: FromJsonSchema<
          Properties[K],
          Filled
        >;
      } & (S extends { readonly additionalProperties: false } ? unknown : OtherKeys<S>)
    >
  : Record<string, unknown>;

/** An index signature when the schema says other properties are welcome. */
type OtherKeys<S> = S extends { readonly additionalProperties: true | object }
  ? Record<string, unknown>
  : S extends { readonly patternProperties: object }
    ? Record<string, unknown>
    : unknown;

type Flatten<T> = { [K in keyof T]: T[K] } & {};
