/** Shell quoting: a string as a word bash reads back as exactly that string, nothing expanded. */

/** Characters that never need quotes in a bash word (no glob, expansion, operator or space among them). */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A word as one single-quoted shell word, whatever it holds (`it's` becomes `'it'\''s'`). */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A word as a person would write it: as is when it is plain, else single-quoted (`''` for the empty word). */
export function shellWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : shellQuote(word);
}
