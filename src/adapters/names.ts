import { ToolshellError } from "../errors.js";
import { MAX_PROVIDER_TOOL_NAME_CHARS } from "../limits.js";

/** The function-name rule of the OpenAI and Anthropic APIs (and so of AI SDK tool keys sent to them). */
const PROVIDER_TOOL_NAME: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable fingerprint that keeps cut names apart. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * Makes any tool name fit the providers' rule `^[a-zA-Z0-9_-]{1,64}$`: every other character (a namespace dot,
 * a space, a non-ASCII letter) becomes `_`, and a name longer than 64 keeps its first 55 characters plus `_` and
 * a fingerprint of the whole name, so two long names that share a prefix stay distinct. A name that already fits
 * is returned unchanged. Mapping is not one-to-one (`orders.list` and `orders_list` both give `orders_list`):
 * check for collisions when you map many names. Throws a `ToolshellError` (`invalid_tool_name`) for an empty or
 * non-string name.
 * @example
 * providerToolName("orders.list") // "orders_list"
 * providerToolName("shop") // "shop"
 */
export function providerToolName(name: string): string {
  if (typeof name !== "string" || name === "") {
    throw new ToolshellError("invalid_tool_name", "a provider tool name must be a non-empty string");
  }
  const safe = name.replace(/[^a-zA-Z0-9_-]/gu, "_");
  return safe.length <= MAX_PROVIDER_TOOL_NAME_CHARS
    ? safe
    : `${safe.slice(0, MAX_PROVIDER_TOOL_NAME_CHARS - 9)}_${fingerprint(name)}`;
}

/**
 * The name a provider sees for the script tool: `override` when given (it must already fit the rule, so a
 * request never fails on it later), else the ScriptedTool's own name (which always fits).
 */
export function exportedToolName(apiName: string, override: string | undefined): string {
  if (override === undefined) return apiName;
  if (typeof override !== "string" || !PROVIDER_TOOL_NAME.test(override)) {
    const hint =
      typeof override === "string" && override !== ""
        ? ` (providerToolName gives "${providerToolName(override)}")`
        : "";
    throw new ToolshellError(
      "invalid_tool_name",
      `tool name ${JSON.stringify(override)} does not fit the providers' rule ^[a-zA-Z0-9_-]{1,64}$${hint}`,
    );
  }
  return override;
}
