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

/** The TypeScript type a JSON Schema literal describes, as far as its keywords say; `unknown` past that. */
export type FromJsonSchema<S> = S extends { readonly const: infer Value }
  ? Value
  : S extends { readonly enum: readonly (infer Value)[] }
    ? Value
    : S extends { readonly anyOf: readonly (infer Branch)[] }
      ? FromJsonSchema<Branch>
      : S extends { readonly oneOf: readonly (infer Branch)[] }
        ? FromJsonSchema<Branch>
        : S extends { readonly type: infer Type }
          ? Type extends readonly (infer Each)[]
            ? OfType<S, Each>
            : OfType<S, Type>
          : S extends { readonly properties: object }
            ? ObjectOf<S>
            : unknown;

type OfType<S, Type> = Type extends "string"
  ? string
  : Type extends "number" | "integer"
    ? number
    : Type extends "boolean"
      ? boolean
      : Type extends "null"
        ? null
        : Type extends "array"
          ? S extends { readonly items: infer Item }
            ? FromJsonSchema<Item>[]
            : unknown[]
          : Type extends "object"
            ? ObjectOf<S>
            : unknown;

/** Names in `required`, and those whose schema has a `default` (filled in before the callback runs). */
type PresentKeys<S, Properties> =
  | (S extends { readonly required: readonly (infer Name)[] } ? Name & keyof Properties : never)
  | {
      [K in keyof Properties]: Properties[K] extends { readonly default: unknown } ? K : never;
    }[keyof Properties];

type ObjectOf<S> = S extends { readonly properties: infer Properties }
  ? Flatten<
      { -readonly [K in PresentKeys<S, Properties>]: FromJsonSchema<Properties[K]> } & {
        -readonly [K in Exclude<keyof Properties, PresentKeys<S, Properties>>]?: FromJsonSchema<
          Properties[K]
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
