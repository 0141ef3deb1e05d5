/**
 * Structured problems with a tool call's arguments, produced by flag parsing and schema validation: one member per
 * code, each with the raw facts (limits as numbers, values as values, paths as keys), never prose or shell syntax.
 * src/issues/wording.ts is the one place that words them for the model.
 */

export type IssueCode =
  /** A required property is absent. */
  | "missing_required"
  /**
   * A top-level flag the schema does not define, when it refuses others: it says so (`additionalProperties:
   * false`), or it defines flags and does not say others are welcome.
   */
  | "unknown_flag"
  /** A nested object key the schema does not allow (a `key=value` pair refused as an unknown flag is). */
  | "unknown_key"
  /** The value has the wrong JSON type. */
  | "invalid_type"
  /** The value is not one of the allowed enum/const values. */
  | "invalid_enum"
  /** Below a minimum (value, length, item count or key count). */
  | "too_small"
  /** Above a maximum (value, length, item count, key count, or the pattern-matching budget of one check). */
  | "too_big"
  /** A `pattern` or `format` mismatch. */
  | "invalid_format"
  /** Any other constraint (multipleOf, uniqueItems, not, ...). */
  | "invalid_value"
  /** No branch of a oneOf/anyOf matched and no single branch was a clear intent. */
  | "no_match"
  /** A flag that needs a value was given none. */
  | "missing_value"
  /** A single-valued flag or key was given more than once. */
  | "duplicate_flag"
  /** A positional argument where only flags are accepted. */
  | "unexpected_argument"
  /** A value starting with `[` or `{` that is not valid JSON. */
  | "invalid_json"
  /** The arguments exceed MAX_FLAG_BYTES. */
  | "too_large"
  /** An array exceeds MAX_ARRAY_ITEMS. */
  | "too_many_items"
  /** A value nests arrays and objects deeper than MAX_JSON_DEPTH levels. */
  | "too_deep";

/** A JSON Schema type name. */
export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/**
 * Where in the params: property names and array indices from the top, `[]` for the whole call; e.g.
 * `["filter", "status"]`, `["tags", 2]`.
 */
export type IssuePath = readonly (string | number)[];

/** What a size bound counts: the number itself, a string's length, an array's items or an object's keys. */
export type SizeKind = "number" | "string" | "array" | "object";

// The members of the public `Issue` union are tagged @public (for knip): a host narrows an issue by its `code`
// rather than importing a member by name, so src/index.ts exports only the union.

/**
 * A required property is absent; `path` ends with its name.
 *
 * @public
 */
export interface MissingRequiredIssue {
  code: "missing_required";
  path: IssuePath;
  /** The JSON types the property accepts, when the schema defines it (empty: any type). */
  expected?: JsonType[];
}

/** A top-level flag the schema does not define; `path` is `[key]`. */
export interface UnknownFlagIssue {
  code: "unknown_flag";
  path: IssuePath;
  /** The name as the script spelled it. */
  key: string;
  /** The property names the schema defines. */
  known: string[];
  /** The defined name closest to `key`, when one is a plausible typo. */
  suggestion?: string;
}

/** A nested object key the schema does not allow; `path` ends with it. */
export interface UnknownKeyIssue {
  code: "unknown_key";
  path: IssuePath;
  /** The key as the script spelled it. */
  key: string;
  /** The keys the object's schema defines. */
  known: string[];
  /** The defined key closest to `key`, when one is a plausible typo. */
  suggestion?: string;
}

/**
 * The value has the wrong JSON type.
 *
 * @public
 */
export interface InvalidTypeIssue {
  code: "invalid_type";
  path: IssuePath;
  /** The types accepted here (of every oneOf/anyOf branch, when none fits). */
  expected: JsonType[];
  /** Literal values some oneOf/anyOf branches accept instead of a type. */
  allowed?: unknown[];
  received: unknown;
}

/** The value is not one of the allowed enum/const values. */
export interface InvalidEnumIssue {
  code: "invalid_enum";
  path: IssuePath;
  allowed: unknown[];
  received: unknown;
  /** The allowed string closest to a received string, when one is a plausible typo. */
  suggestion?: string;
}

/**
 * Below a minimum: `minimum`, `exclusiveMinimum`, `minLength`, `minItems`, `minProperties`.
 *
 * @public
 */
export interface TooSmallIssue {
  code: "too_small";
  path: IssuePath;
  kind: SizeKind;
  minimum: number;
  /** Whether `minimum` itself is allowed (false for `exclusiveMinimum`). */
  inclusive: boolean;
  received: unknown;
}

/**
 * Above a maximum: `maximum`, `exclusiveMaximum`, `maxLength`, `maxItems`, `maxProperties`.
 *
 * @public
 */
export interface TooBigIssue {
  code: "too_big";
  path: IssuePath;
  kind: SizeKind;
  maximum: number;
  /** Whether `maximum` itself is allowed (false for `exclusiveMaximum`). */
  inclusive: boolean;
  received: unknown;
}

/**
 * One check would spend more than `maximum` steps of pattern matching (TM-DOS-003); `path` is `[]`.
 *
 * @public
 */
export interface PatternBudgetIssue {
  code: "too_big";
  path: IssuePath;
  kind: "pattern_steps";
  maximum: number;
  /** The pattern whose test was refused. */
  pattern: string;
  /** Its program size: the steps each character tested costs. */
  patternSize: number;
}

/**
 * A `pattern` or `format` mismatch.
 *
 * @public
 */
export interface InvalidFormatIssue {
  code: "invalid_format";
  path: IssuePath;
  /** The format the schema names here, if any (it says what a pattern means). */
  format?: string;
  /** The pattern the value fails, for a `pattern` mismatch. */
  pattern?: string;
  received: unknown;
}

/**
 * Any other constraint.
 *
 * @public
 */
export interface InvalidValueIssue {
  code: "invalid_value";
  path: IssuePath;
  /**
   * The schema keyword the value fails: `multipleOf`, `uniqueItems`, `oneOf` (more than one branch matched),
   * `false` (a `false` schema), `not`, ...; `parse` when the tool's own schema parse refused the value (a zod
   * refinement, a Standard Schema's issue: `detail` is its message); absent for a fault of the flag parser itself.
   */
  keyword?: string;
  /** The divisor, for `multipleOf`. */
  multipleOf?: number;
  /** The validator's or parser's own message, for keywords without a wording of their own. */
  detail?: string;
  received?: unknown;
}

/**
 * No branch of a oneOf/anyOf matched and no single branch was a clear intent.
 *
 * @public
 */
export interface NoMatchIssue {
  code: "no_match";
  path: IssuePath;
  /** The types the branches accept, when known. */
  expected?: JsonType[];
  received?: unknown;
}

/**
 * A flag that needs a value was given none.
 *
 * @public
 */
export interface MissingValueIssue {
  code: "missing_value";
  path: IssuePath;
  /** The flag's name as the script spelled it (`kebab-case` for a `kebab_case` property). */
  typed: string;
  /** The JSON types the property accepts (empty: any value). */
  expected: JsonType[];
}

/**
 * A single-valued flag or key was given more than once.
 *
 * @public
 */
export interface DuplicateFlagIssue {
  code: "duplicate_flag";
  path: IssuePath;
}

/**
 * A positional argument where only flags are accepted; `path` is `[]`.
 *
 * @public
 */
export interface UnexpectedArgumentIssue {
  code: "unexpected_argument";
  path: IssuePath;
  /** The argument. */
  received: string;
  /** The one required property, not given yet, the argument was plausibly meant for. */
  suggestion?: string;
}

/**
 * A value starting with `[` or `{` that is not valid JSON.
 *
 * @public
 */
export interface InvalidJsonIssue {
  code: "invalid_json";
  path: IssuePath;
  /** The text given. */
  received: string;
  /** The JSON parser's message. */
  detail: string;
}

/**
 * The arguments exceed MAX_FLAG_BYTES; `path` is `[]`.
 *
 * @public
 */
export interface TooLargeIssue {
  code: "too_large";
  path: IssuePath;
  /** The limit, in UTF-8 bytes. */
  maximum: number;
  /** The arguments' UTF-8 bytes. */
  received: number;
}

/**
 * An array exceeds MAX_ARRAY_ITEMS.
 *
 * @public
 */
export interface TooManyItemsIssue {
  code: "too_many_items";
  path: IssuePath;
  maximum: number;
  /** The items given. */
  received: number;
}

/**
 * A value nests arrays and objects deeper than MAX_JSON_DEPTH levels.
 *
 * @public
 */
export interface TooDeepIssue {
  code: "too_deep";
  path: IssuePath;
  /** The levels allowed. */
  maximum: number;
}

/** One problem with a tool call's arguments: its `code` says which fields it has. */
export type Issue =
  | MissingRequiredIssue
  | UnknownFlagIssue
  | UnknownKeyIssue
  | InvalidTypeIssue
  | InvalidEnumIssue
  | TooSmallIssue
  | TooBigIssue
  | PatternBudgetIssue
  | InvalidFormatIssue
  | InvalidValueIssue
  | NoMatchIssue
  | MissingValueIssue
  | DuplicateFlagIssue
  | UnexpectedArgumentIssue
  | InvalidJsonIssue
  | TooLargeIssue
  | TooManyItemsIssue
  | TooDeepIssue;

/** Whether `path` is `prefix` or lies under it. */
export function isWithinPath(path: IssuePath, prefix: IssuePath): boolean {
  return path.length >= prefix.length && prefix.every((segment, index) => path[index] === segment);
}

/**
 * Drops validation issues at (or under) a path the parser already complained about, so one mistake
 * produces one line: a broken JSON flag would otherwise also fail validation as a string.
 */
export function mergeIssues(parseIssues: readonly Issue[], validationIssues: readonly Issue[]): Issue[] {
  const covered = parseIssues.map((issue) => issue.path).filter((path) => path.length > 0);
  const isCovered = (path: IssuePath): boolean => covered.some((prefix) => isWithinPath(path, prefix));
  return [...parseIssues, ...validationIssues.filter((issue) => !isCovered(issue.path))];
}
