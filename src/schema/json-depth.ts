/**
 * How deep JSON nests, measured without recursion: the values measured are the ones too deep for recursive code
 * (structured clone, JSON.stringify, validators) to walk. TM-DOS-001.
 */

/** Whether a parsed JSON `value` nests arrays and objects deeper than `limit` levels (an array or object is level 1). */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  const pending: { node: object; depth: number }[] = [];
  if (typeof value === "object" && value !== null) pending.push({ node: value, depth: 1 });
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > limit) return true;
    for (const child of Array.isArray(next.node) ? next.node : Object.values(next.node)) {
      if (typeof child === "object" && child !== null) pending.push({ node: child, depth: next.depth + 1 });
    }
  }
  return false;
}

/** Whether JSON text nests arrays and objects deeper than `limit` levels; brackets inside strings do not count. */
export function jsonTextDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
