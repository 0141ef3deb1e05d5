/**
 * `text` without its trailing newlines, in linear time. (`text.replace(/\n+$/, "")` is quadratic on a long run of
 * newlines followed by anything else: a regex tries the run again from every newline in it.)
 */
export function trimNewlinesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `16 MiB`, `512 KiB`, `1,000 bytes`: a size as messages and the prompt say it. */
export function shownBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString("en-US")} bytes`;
}
