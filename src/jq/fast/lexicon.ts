/** The words, escapes and tokens of jq's lexer that the fast path's reader needs. */

export const IDENTIFIER: RegExp = /[A-Za-z_][A-Za-z0-9_]*/y;
/** Deeper nesting goes to jq (and keeps the reader's recursion bounded). */
const MAX_NESTING = 64;

/** The reader met something outside the fast path's subset. */
export class GiveUp extends Error {}

/** Words jq reads as keywords (jq 1.8 allows some after a dot or as object keys: those are left to jq). */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "if",
  "then",
  "elif",
  "else",
  "end",
  "as",
  "def",
  "reduce",
  "foreach",
  "try",
  "catch",
  "label",
  "import",
  "include",
  "module",
  "and",
  "or",
  "not",
  "__loc__",
]);
/** Words that name constants rather than keys in an object's shorthand. */
export const LITERAL_WORDS: ReadonlySet<string> = new Set(["true", "false", "null"]);

/** The one-letter escapes of a jq string literal. */
export const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

const HEX4 = /^[0-9A-Fa-f]{4}$/;

function hex(source: string, at: number): number | undefined {
  const digits = source.slice(at, at + 4);
  return HEX4.test(digits) ? Number.parseInt(digits, 16) : undefined;
}

/**
 * The text of a `\uXXXX` escape whose digits start at `at`, and where the escape ends: a surrogate pair is two
 * escapes; half of one is undefined (left to jq).
 */
export function unicodeEscape(source: string, at: number): { text: string; end: number } | undefined {
  const code = hex(source, at);
  if (code === undefined || (code >= 0xdc00 && code <= 0xdfff)) return undefined;
  if (code < 0xd800 || code > 0xdbff) return { text: String.fromCharCode(code), end: at + 4 };
  if (!source.startsWith("\\u", at + 4)) return undefined;
  const low = hex(source, at + 6);
  if (low === undefined || low < 0xdc00 || low > 0xdfff) return undefined;
  return { text: String.fromCharCode(code, low), end: at + 10 };
}

/** The reader's position in the program, and its tokens: whitespace, operators, words. */
export class Scanner {
  protected position = 0;
  private nesting = 0;
  constructor(protected readonly source: string) {}

  protected space(): void {
    while (this.position < this.source.length) {
      const char = this.source[this.position];
      if (char === " " || char === "\n" || char === "\t" || char === "\r") this.position++;
      else break;
    }
  }

  /** Consumes `token` when it comes next and is not the start of a longer operator in `unless`. */
  protected take(token: string, unless: readonly string[] = []): boolean {
    this.space();
    if (!this.source.startsWith(token, this.position)) return false;
    if (unless.some((longer) => this.source.startsWith(longer, this.position))) return false;
    this.position += token.length;
    return true;
  }

  protected expect(token: string): void {
    if (!this.take(token)) throw new GiveUp();
  }

  protected peekWord(): string | undefined {
    this.space();
    IDENTIFIER.lastIndex = this.position;
    return IDENTIFIER.exec(this.source)?.[0];
  }

  protected takeWord(word: string): boolean {
    this.space();
    if (!this.source.startsWith(word, this.position)) return false;
    if (/[A-Za-z0-9_]/.test(this.source[this.position + word.length] ?? "")) return false;
    this.position += word.length;
    return true;
  }

  /** The next character after whitespace. */
  protected peek(): string | undefined {
    this.space();
    return this.source[this.position];
  }

  protected nested<T>(read: () => T): T {
    if (++this.nesting > MAX_NESTING) throw new GiveUp();
    const node = read();
    this.nesting--;
    return node;
  }
}
