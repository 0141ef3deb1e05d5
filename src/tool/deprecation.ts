/** A deprecated tool (issue 17, part 3): what it says, checked once at registration and shown the same everywhere. */
import { ToolshellError } from "../errors.js";
import { cleanUntrustedText, hiddenCharacter } from "../text/untrusted.js";

/** Characters of a deprecation's message that are kept (it is shown on one line, in help and on every call). */
const MAX_DEPRECATION_MESSAGE_CHARS = 200;
/** Characters of a replacement's name (a tool name, or a short phrase such as `orders.search --status`). */
const MAX_REPLACEMENT_CHARS = 128;

/** A tool that still runs but should no longer be used: what to use instead, and why. */
export interface Deprecation {
  /** What to call instead, e.g. `search_users`. */
  replacement?: string;
  /** One line more, e.g. `removed in v3`. */
  message?: string;
}

function field(
  value: unknown,
  tool: string,
  name: string,
  max: number,
  thirdParty: boolean,
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") {
    throw new ToolshellError("invalid_tool", `${tool}: deprecated.${name} must be a non-empty string`);
  }
  if (thirdParty) return cleanUntrustedText(value, max).replace(/\s+/g, " ").trim() || undefined;
  if (/[\r\n]/.test(value) || hiddenCharacter(value) !== undefined || value.length > max) {
    throw new ToolshellError(
      "invalid_tool",
      `${tool}: deprecated.${name} must be one line of at most ${max} characters, without hidden characters`,
    );
  }
  return value.trim();
}

/**
 * The deprecation a definition declares, checked: an object with optional `replacement` and `message`, or `true`.
 * A third party's text (an upstream's, a tool process's) is cleaned and cut rather than refused.
 */
export function deprecationOf(given: unknown, tool: string, thirdParty = false): Deprecation | undefined {
  if (given === undefined || given === false) return undefined;
  if (given === true) return {};
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new ToolshellError(
      "invalid_tool",
      `${tool}: deprecated must be true or { replacement?, message? }`,
    );
  }
  const { replacement, message } = given as Record<string, unknown>;
  const deprecation: Deprecation = {};
  const use = field(replacement, tool, "replacement", MAX_REPLACEMENT_CHARS, thirdParty);
  if (use !== undefined) deprecation.replacement = use;
  const why = field(message, tool, "message", MAX_DEPRECATION_MESSAGE_CHARS, thirdParty);
  if (why !== undefined) deprecation.message = why;
  return deprecation;
}

/** `deprecated, use search_users (removed in v3)`: the words after `<tool>: ` on stderr, and in help's listings. */
export function deprecationNotice(deprecation: Deprecation): string {
  const use = deprecation.replacement === undefined ? "" : `, use ${deprecation.replacement}`;
  const why = deprecation.message === undefined ? "" : ` (${deprecation.message})`;
  return `deprecated${use}${why}`;
}

/** A description with its deprecation in front, as listings show it: `[deprecated, use x] Finds users.` */
export function withDeprecation(spec: { deprecated?: Deprecation }, description: string): string {
  if (spec.deprecated === undefined) return description;
  return description === ""
    ? `[${deprecationNotice(spec.deprecated)}]`
    : `[${deprecationNotice(spec.deprecated)}] ${description}`;
}
