/** A JSON Schema object (2020-12 dialect). Booleans are normalised to `{}` / `{ not: {} }` before use. */
export type JsonSchema = { [keyword: string]: unknown };
