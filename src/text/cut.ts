/**
 * Cutting text: over a byte budget, text keeps its head and its tail, with one line in between saying how many
 * bytes were cut and how to get them (cuts fall on UTF-8 character boundaries); and text without its trailing
 * newlines.
 */

/** How a string holds its bytes: UTF-8 text, or one character per byte (bytes a callback returned). */
export type TextEncoding = "utf8" | "latin1";

/** The head and tail of `text` within `limit` bytes, or undefined when it fits. */
export function headAndTail(
  text: string,
  limit: number,
  encoding: TextEncoding = "utf8",
): { head: string; tail: string; cut: number } | undefined {
  const bytes = Buffer.from(text, encoding);
  if (bytes.byteLength <= limit) return undefined;
  const headBytes = Math.ceil(limit / 2);
  let head = bytes.subarray(0, headBytes).toString(encoding);
  let tail = bytes.subarray(bytes.byteLength - (limit - headBytes)).toString(encoding);
  if (encoding === "utf8") {
    head = head.replace(/\uFFFD$/, "");
    tail = tail.replace(/^\uFFFD/, "");
  }
  const kept = Buffer.byteLength(head, encoding) + Buffer.byteLength(tail, encoding);
  return { head, tail, cut: bytes.byteLength - kept };
}

/** Cuts `text` to `limit` bytes around a marker line built from the number of bytes cut. */
export function cutMiddle(
  text: string,
  limit: number,
  marker: (cut: number) => string,
  encoding: TextEncoding = "utf8",
): { text: string; cut: number } {
  const parts = headAndTail(text, limit, encoding);
  if (!parts) return { text, cut: 0 };
  const head = parts.head.endsWith("\n") || parts.head === "" ? parts.head : `${parts.head}\n`;
  return { text: `${head}${marker(parts.cut)}\n${parts.tail}`, cut: parts.cut };
}

/**
 * What leaves a run on `stream` (stdout or stderr), cut to the run's byte budget around a marker that says what to
 * do instead; pipes inside the run are never cut. Both the shell's end of a run and the host's account of a
 * terminated worker's output use it, so the cut and its words are the same.
 */
export function truncateOutput(text: string, limit: number, stream: string): { text: string; cut: boolean } {
  const { text: kept, cut } = cutMiddle(
    text,
    limit,
    (bytes) =>
      `[toolshell: ${bytes} bytes cut from the middle of ${stream} (budget ${limit} bytes); ` +
      "print less: filter with jq, head or grep, or page a tool's output with `out`]",
  );
  return { text: kept, cut: cut > 0 };
}

/**
 * `text` without its trailing newlines, in linear time. (`text.replace(/\n+$/, "")` is quadratic on a long run of
 * newlines followed by anything else: a regex tries the run again from every newline in it.)
 */
export function trimNewlinesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}
