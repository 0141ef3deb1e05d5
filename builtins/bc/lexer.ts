// bc's tokens. `line` is the line count once the token is read (a newline token counts on the next line), which
// is the line GNU bc names in a syntax error.

export type TokenKind = "number" | "name" | "string" | "op" | "newline" | "illegal" | "eof";

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly line: number;
}

const KEYWORDS: ReadonlySet<string> = new Set([
  "auto",
  "break",
  "continue",
  "define",
  "else",
  "for",
  "halt",
  "ibase",
  "if",
  "last",
  "length",
  "limits",
  "obase",
  "print",
  "quit",
  "read",
  "return",
  "scale",
  "sqrt",
  "void",
  "warranty",
  "while",
]);

const OPERATORS = [
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "^=",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "+",
  "-",
  "*",
  "/",
  "%",
  "^",
  "=",
  "<",
  ">",
  "!",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ";",
];

export function isKeyword(text: string): boolean {
  return KEYWORDS.has(text);
}

const isDigit = (char: string | undefined): boolean => char !== undefined && /[0-9A-Z]/.test(char);

/** Reads bc's tokens one at a time. */
export class Lexer {
  private index = 0;
  private line = 1;

  constructor(private readonly source: string) {}

  /** A lexer at the same place, to look further ahead without moving this one. */
  copy(): Lexer {
    const copy = new Lexer(this.source);
    copy.index = this.index;
    copy.line = this.line;
    return copy;
  }

  next(): Token {
    this.skipBlanks();
    const source = this.source;
    const start = this.index;
    const char = source[start];
    if (char === undefined) return this.token("eof", "");
    if (char === "\n") {
      this.index++;
      this.line++;
      return this.token("newline", "\n");
    }
    if (isDigit(char) || (char === "." && isDigit(source[start + 1]))) return this.number();
    if (char === ".") {
      this.index++;
      return this.token("name", "last");
    }
    if (/[a-z]/.test(char)) {
      let end = start + 1;
      while (end < source.length && /[a-z0-9_]/.test(source[end] ?? "")) end++;
      this.index = end;
      return this.token("name", source.slice(start, end));
    }
    if (char === '"') return this.string();
    for (const operator of OPERATORS) {
      if (source.startsWith(operator, start)) {
        this.index += operator.length;
        return this.token("op", operator);
      }
    }
    this.index++;
    return this.token("illegal", char);
  }

  private token(kind: TokenKind, text: string): Token {
    return { kind, text, line: this.line };
  }

  private skipBlanks(): void {
    const source = this.source;
    for (;;) {
      const char = source[this.index];
      if (char === " " || char === "\t" || char === "\f" || char === "\v") this.index++;
      else if (char === "\\" && source[this.index + 1] === "\n") {
        this.index += 2;
        this.line++;
      } else if (char === "#") {
        while (this.index < source.length && source[this.index] !== "\n") this.index++;
      } else if (char === "/" && source[this.index + 1] === "*") {
        const end = source.indexOf("*/", this.index + 2);
        const stop = end < 0 ? source.length : end + 2;
        for (let at = this.index; at < stop; at++) if (source[at] === "\n") this.line++;
        this.index = stop;
      } else return;
    }
  }

  private number(): Token {
    const source = this.source;
    let text = "";
    let seenPoint = false;
    for (;;) {
      const char = source[this.index];
      if (isDigit(char)) text += char;
      else if (char === "." && !seenPoint) {
        seenPoint = true;
        text += char;
      } else if (char === "\\" && source[this.index + 1] === "\n") {
        this.index++;
        this.line++;
      } else break;
      this.index++;
    }
    return this.token("number", text);
  }

  private string(): Token {
    const source = this.source;
    const end = source.indexOf('"', this.index + 1);
    const stop = end < 0 ? source.length : end;
    const text = source.slice(this.index + 1, stop);
    for (const char of text) if (char === "\n") this.line++;
    this.index = end < 0 ? source.length : stop + 1;
    return end < 0 ? this.token("illegal", '"') : this.token("string", text);
  }
}
