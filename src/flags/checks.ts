/**
 * Checks on parsed param values, whichever way they came (flags or JSON piped in), and the issue for a key or flag
 * the schema does not allow.
 */

import type { Issue, IssuePath, UnknownFlagIssue, UnknownKeyIssue } from "../issues/issue.js";
import { closest } from "../issues/suggest.js";
import { MAX_JSON_DEPTH } from "../limits.js";
import { valueDeeperThan } from "../schema/json-depth.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { isRecord } from "../schema/resolve.js";
import { FieldInfo, UNSAFE_KEYS } from "./fields.js";
import type { ParseResult } from "./parse.js";

/** The issue for a flag or key the schema does not allow, with a did-you-mean among the `known` names. */
export function unknownIssue(
  code: "unknown_flag" | "unknown_key",
  path: IssuePath,
  typed: string,
  known: readonly string[],
): Issue {
  const issue: UnknownFlagIssue | UnknownKeyIssue = { code, path, key: typed, known: [...known] };
  const suggestion = closest(typed, known);
  if (suggestion !== undefined) issue.suggestion = suggestion;
  return issue;
}

/**
 * Params piped in as one JSON object (already parsed, every key a property): the same checks as values given by
 * flags. Never throws.
 */
export function checkJsonParams(params: Record<string, unknown>, schema: JsonSchema): ParseResult {
  let top = topInfoCache.get(schema);
  if (top === undefined) {
    top = new FieldInfo(isRecord(schema) ? schema : {}, isRecord(schema) ? schema : {});
    if (isRecord(schema)) topInfoCache.set(schema, top);
  }
  return checkValues(params, [], top);
}

const topInfoCache = new WeakMap<JsonSchema, FieldInfo>();

/**
 * A value that fails a check is an issue and is dropped from `params` (in place), before anything recursive (the
 * worker's call message, JSON.stringify, validation) or a callback's merge walks it.
 * TM-DOS-001: nested deeper than MAX_JSON_DEPTH. TM-INJ-002: a key JSON may not create (see unsafeKey).
 */
export function checkValues(params: Record<string, unknown>, issues: Issue[], top: FieldInfo): ParseResult {
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== "object" || value === null) continue;
    if (valueDeeperThan(value, MAX_JSON_DEPTH)) {
      issues.push({ code: "too_deep", path: [name], maximum: MAX_JSON_DEPTH });
      delete params[name];
      continue;
    }
    const info = top.defines(name) ? () => top.property(name) : () => undefined;
    const refused = unsafeKey(value, info, [name]);
    if (refused === undefined) continue;
    issues.push(refused);
    delete params[name];
  }
  return { params, issues };
}

/**
 * TM-INJ-002: the first key in parsed JSON that key=value refuses too (`__proto__`, `constructor`, `prototype`
 * where the schema does not define it), as the same issue. `infoAt` resolves the schema at `path` only when such a
 * key turns up. Recursive, but only over values already checked against MAX_JSON_DEPTH.
 */
function unsafeKey(value: object, infoAt: () => FieldInfo | undefined, path: IssuePath): Issue | undefined {
  if (Array.isArray(value)) {
    const itemsAt = once(() => infoAt()?.items);
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item !== "object" || item === null) continue;
      const found = unsafeKey(item, itemsAt, [...path, index]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    const unsafe = UNSAFE_KEYS.has(key);
    if (unsafe && infoAt()?.defines(key) !== true) {
      return unknownIssue("unknown_key", [...path, key], key, infoAt()?.names ?? []);
    }
    if (typeof child !== "object" || child === null) continue;
    const childAt = once(() => {
      const info = infoAt();
      return info?.defines(key) ? info.peek(key) : undefined;
    });
    const found = unsafeKey(child, childAt, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T | undefined;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}
