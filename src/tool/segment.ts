/** Names made from a peer's words: an MCP upstream's tools, a tool process's, a tool folder's. */

/**
 * Makes any string a valid command-name segment: characters other than letters, digits, `_`, `-` and `.` become
 * `_`, runs of dots one dot, and a segment never starts or ends with a dot (nor starts with a digit or `-`, when
 * it leads a command name).
 */
export function sanitizeSegment(raw: string, leading = false): string {
  let segment = raw
    .replace(/[^A-Za-z0-9_.-]/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^\./, "_")
    .replace(/\.$/, "_");
  if (segment === "") segment = "_";
  if (leading && !/^[A-Za-z_]/.test(segment)) segment = `_${segment}`;
  return segment;
}
