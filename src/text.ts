/**
 * `text` without its trailing newlines, in linear time. (`text.replace(/\n+$/, "")` is quadratic on a long run of
 * newlines followed by anything else: a regex tries the run again from every newline in it.)
 */
export function trimNewlinesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}
