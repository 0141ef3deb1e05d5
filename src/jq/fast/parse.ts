/**
 * A recursive-descent reader for the subset of jq's grammar the fast path evaluates, with jq 1.8.2's precedence
 * (loosest first): `|` (right), `,`, `//` (right), `or`, `and`, comparisons (non-associative), `+ -`, `* / %`,
 * then postfix terms (`.a`, `."a"`, `[e]`, `[e:e]`, `[]`, `?`). Terms: `.`, literals, `$name`, `(e)`, `[e]`, objects,
 * strings with `\(e)`, `@csv @tsv @json @text`, `if ... end`, `reduce`, `T as $x | e` and the builtins of
 * builtins.ts. Anything else (assignment, `def`, `try`, `..`, comments, keywords after a dot, formats
 * with a string, unknown functions) makes it give up: undefined, and jq reads the program.
 */
import type { BinaryOperator, Node } from "./ast.js";
import { bound } from "./bindings.js";
import { isBuiltin } from "./builtins.js";
import { canonicalNumber } from "./input.js";
import { ESCAPES, GiveUp, IDENTIFIER, KEYWORDS, LITERAL_WORDS, Scanner, unicodeEscape } from "./lexicon.js";

/** Longer programs go to jq. */
export const MAX_PROGRAM_CHARS = 1000;
const NUMBER = /\d+(\.\d+)?([eE][+-]?\d+)?/y;
const COMPARISONS = ["==", "!=", "<=", ">=", "<", ">"] as const;
const ADDITIVE: ReadonlyArray<[BinaryOperator, string[]]> = [
  ["+", ["+="]],
  ["-", ["-="]],
];
const MULTIPLICATIVE: typeof ADDITIVE = [
  ["*", ["*="]],
  ["/", ["//", "/="]],
  ["%", ["%="]],
];

class Reader extends Scanner {
  program(): Node {
    const node = this.pipe();
    this.space();
    if (this.position !== this.source.length) throw new GiveUp();
    return node;
  }

  /** Whether the program has the word `as` at all: only then is a pipe tried as `Term as $x | e` first. */
  private readonly binds = /\bas\b/.test(this.source);

  private pipe(): Node {
    return this.nested(() => {
      const start = this.position;
      if (this.binds) {
        const term = this.postfix();
        if (this.takeWord("as")) {
          const name = this.variableName();
          this.expect("|");
          return { kind: "bind", source: term, name, body: this.pipe() };
        }
        this.position = start;
      }
      const left = this.comma();
      if (this.take("|", ["|="])) return { kind: "pipe", left, right: this.pipe() };
      return left;
    });
  }

  private comma(): Node {
    let left = this.alternative();
    while (this.take(",")) left = { kind: "comma", left, right: this.alternative() };
    return left;
  }

  private alternative(): Node {
    const left = this.or();
    if (this.take("//", ["//="]))
      return { kind: "alternative", left, right: this.nested(() => this.alternative()) };
    return left;
  }

  private or(): Node {
    let left = this.and();
    while (this.takeWord("or")) left = { kind: "or", left, right: this.and() };
    return left;
  }

  private and(): Node {
    let left = this.comparison();
    while (this.takeWord("and")) left = { kind: "and", left, right: this.comparison() };
    return left;
  }

  private comparison(): Node {
    const left = this.additive();
    const operator = this.comparisonOperator();
    if (!operator) return left;
    const node: Node = { kind: "binary", operator, left, right: this.additive() };
    if (this.comparisonOperator()) throw new GiveUp(); // jq's comparisons do not chain
    return node;
  }

  private comparisonOperator(): BinaryOperator | undefined {
    const next = this.peek();
    if (next !== "=" && next !== "!" && next !== "<" && next !== ">") return undefined;
    if (this.source.startsWith("=", this.position) && !this.source.startsWith("==", this.position))
      throw new GiveUp(); // assignment
    return COMPARISONS.find((operator) => this.take(operator));
  }

  private additive(): Node {
    return this.level(ADDITIVE, () => this.multiplicative());
  }

  private multiplicative(): Node {
    return this.level(MULTIPLICATIVE, () => this.postfix());
  }

  /** One left-associative level of arithmetic operators (never their assignment forms, nor `//`). */
  private level(operators: typeof ADDITIVE, operand: () => Node): Node {
    let left = operand();
    for (;;) {
      const next = this.peek();
      const found = operators.find(([operator, unless]) => next === operator && this.take(operator, unless));
      if (!found) return left;
      left = { kind: "binary", operator: found[0], left, right: operand() };
    }
  }

  private postfix(): Node {
    let node = this.primary();
    // Whether the term so far ends with a lookup written here (not one inside parentheses).
    let lookup =
      this.source[this.position - 1] !== ")" &&
      (node.kind === "index" || node.kind === "each" || node.kind === "slice");
    for (;;) {
      this.space();
      const char = this.source[this.position];
      if (char === "." && this.source[this.position + 1] !== ".") {
        this.position++;
        node = this.afterDot(node, true);
        lookup = true;
      } else if (char === "[") {
        node = this.bracket(node);
        lookup = true;
      } else if (char === "?") {
        // `?//` is one token, jq's destructuring alternative (`? //` is `?` then `//`).
        if (this.source.startsWith("?//", this.position)) throw new GiveUp();
        this.position++;
        // After a lookup `?` makes only that lookup optional (jq's INDEX_OPT, EACH_OPT); elsewhere it is `try`.
        if (lookup && (node.kind === "index" || node.kind === "each" || node.kind === "slice"))
          node = { ...node, optional: true };
        else node = { kind: "try", body: node };
        lookup = false;
      } else return node;
    }
  }

  /** What follows a dot: a field name, a quoted key, or brackets (`.a`, `."a"`, `.[0]`); a bare `.` otherwise. */
  private afterDot(target: Node, required: boolean): Node {
    const char = this.source[this.position];
    IDENTIFIER.lastIndex = this.position;
    const field = IDENTIFIER.exec(this.source)?.[0];
    if (field !== undefined) {
      if (KEYWORDS.has(field)) throw new GiveUp();
      this.position += field.length;
      return { kind: "index", target, key: { kind: "literal", value: field } };
    }
    if (char === '"') return { kind: "index", target, key: this.string() };
    if (char === "[") return this.bracket(target);
    if (required || char === ".") throw new GiveUp();
    return target;
  }

  private bracket(target: Node): Node {
    this.expect("[");
    if (this.take("]")) return { kind: "each", target };
    const from = this.take(":") ? undefined : this.pipe();
    if (from !== undefined && !this.take(":")) {
      this.expect("]");
      return { kind: "index", target, key: from };
    }
    // `.[a:b]`, `.[a:]`, `.[:b]` (jq's grammar has no `.[:]`).
    if (from === undefined && this.take("]")) throw new GiveUp();
    const to = this.take("]") ? undefined : this.pipe();
    if (to !== undefined) this.expect("]");
    return { kind: "slice", target, from, to };
  }

  private variableName(): string {
    this.space();
    if (this.source[this.position] !== "$") throw new GiveUp();
    this.position++;
    IDENTIFIER.lastIndex = this.position;
    const name = IDENTIFIER.exec(this.source)?.[0];
    if (name === undefined || name === "__loc__") throw new GiveUp();
    this.position += name.length;
    if (this.source.startsWith("::", this.position)) throw new GiveUp();
    return name;
  }

  private primary(): Node {
    this.space();
    const char = this.source[this.position];
    if (char === ".") {
      this.position++;
      return this.afterDot({ kind: "identity" }, false);
    }
    if (char === "$") return { kind: "variable", name: this.variableName() };
    if (char === '"') return this.string();
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return this.number();
    if (char === "(") {
      this.position++;
      const node = this.pipe();
      this.expect(")");
      return node;
    }
    if (char === "[") {
      this.position++;
      if (this.take("]")) return { kind: "array", body: undefined };
      const body = this.pipe();
      this.expect("]");
      return { kind: "array", body };
    }
    if (char === "{") return this.nested(() => this.object());
    if (char === "@") {
      this.position++;
      const name = this.peekWord();
      if (name !== "csv" && name !== "tsv" && name !== "json" && name !== "text") throw new GiveUp();
      this.position += name.length;
      this.space();
      if (this.source[this.position] === '"') throw new GiveUp(); // a format applied to a string
      return { kind: "format", name };
    }
    return this.word();
  }

  private number(): Node {
    const negative = this.take("-");
    this.space();
    NUMBER.lastIndex = this.position;
    const token = NUMBER.exec(this.source)?.[0];
    if (token === undefined || (token === "0" && negative) || !canonicalNumber(token)) throw new GiveUp();
    this.position += token.length;
    if (/[A-Za-z_.]/.test(this.source[this.position] ?? "")) throw new GiveUp();
    return { kind: "literal", value: negative ? -Number(token) : Number(token) };
  }

  private word(): Node {
    const name = this.peekWord();
    if (name === undefined) throw new GiveUp();
    this.position += name.length;
    if (name === "true" || name === "false") return { kind: "literal", value: name === "true" };
    if (name === "null") return { kind: "literal", value: null };
    if (name === "if") return this.nested(() => this.conditional());
    if (name === "reduce") return this.nested(() => this.reduce());
    if (name !== "not" && KEYWORDS.has(name)) throw new GiveUp();
    if (this.source.startsWith("::", this.position)) throw new GiveUp();
    const args: Node[] = [];
    if (this.take("(")) {
      do args.push(this.pipe());
      while (this.take(";"));
      this.expect(")");
    }
    if (!isBuiltin(name, args.length)) throw new GiveUp();
    return { kind: "call", name, args };
  }

  /** `if c then a (elif c then a)* (else b)? end`; without else, jq 1.8 yields the input. */
  private conditional(): Node {
    const condition = this.pipe();
    if (!this.takeWord("then")) throw new GiveUp();
    const consequent = this.pipe();
    let otherwise: Node = { kind: "identity" };
    if (this.takeWord("elif")) otherwise = this.conditional();
    else {
      if (this.takeWord("else")) otherwise = this.pipe();
      if (!this.takeWord("end")) throw new GiveUp();
    }
    return { kind: "if", condition, consequent, otherwise };
  }

  /** `reduce SOURCE as $x (INIT; UPDATE)`. */
  private reduce(): Node {
    const source = this.postfix();
    if (!this.takeWord("as")) throw new GiveUp();
    const name = this.variableName();
    this.expect("(");
    const init = this.pipe();
    this.expect(";");
    const update = this.pipe();
    this.expect(")");
    return { kind: "reduce", source, name, init, update };
  }

  private object(): Node {
    this.expect("{");
    const entries: Array<{ key: Node; value: Node }> = [];
    if (this.take("}")) return { kind: "object", entries };
    do {
      this.space();
      const char = this.source[this.position];
      let key: Node;
      let shorthand: Node | undefined;
      if (char === "$") {
        const name = this.variableName();
        key = { kind: "literal", value: name };
        shorthand = { kind: "variable", name };
      } else if (char === '"') {
        key = this.string();
        if (key.kind === "literal") shorthand = { kind: "index", target: { kind: "identity" }, key };
      } else if (char === "(") {
        this.position++;
        key = this.pipe();
        this.expect(")");
      } else {
        const name = this.peekWord();
        if (name === undefined || KEYWORDS.has(name) || LITERAL_WORDS.has(name)) throw new GiveUp();
        this.position += name.length;
        key = { kind: "literal", value: name };
        shorthand = { kind: "index", target: { kind: "identity" }, key };
      }
      if (this.take(":")) {
        if (char === "$") throw new GiveUp(); // `{$x: v}`
        entries.push({ key, value: this.objectValue() });
      } else if (shorthand) entries.push({ key, value: shorthand });
      else throw new GiveUp();
    } while (this.take(","));
    this.expect("}");
    return { kind: "object", entries };
  }

  /** An object's value is a pipe of terms (jq's ExpD): `{a: .x | .y}`, never `{a: .x + 1}` or `{a: 1, 2}`. */
  private objectValue(): Node {
    const left = this.postfix();
    if (this.take("|", ["|="])) return { kind: "pipe", left, right: this.nested(() => this.objectValue()) };
    return left;
  }

  /** A string literal, its escapes as jq reads them; interpolations `\(e)` make it a string node. */
  private string(): Node {
    this.expect('"');
    const parts: Array<string | Node> = [];
    let text = "";
    for (;;) {
      const char = this.source[this.position++];
      if (char === undefined || char < " ") throw new GiveUp();
      if (char === '"') break;
      if (char !== "\\") {
        text += char;
        continue;
      }
      const escaped = this.source[this.position++] ?? "";
      if (escaped === "(") {
        parts.push(text);
        text = "";
        parts.push(this.pipe());
        this.expect(")");
      } else if (escaped === "u") {
        const decoded = unicodeEscape(this.source, this.position);
        if (decoded === undefined) throw new GiveUp();
        text += decoded.text;
        this.position = decoded.end;
      } else if (Object.hasOwn(ESCAPES, escaped)) text += ESCAPES[escaped];
      else throw new GiveUp();
    }
    if (parts.length === 0) return { kind: "literal", value: text };
    parts.push(text);
    return { kind: "string", parts };
  }
}

/**
 * The filter's syntax tree, or undefined when it is not in the fast path's subset. `variables` are the names
 * --arg/--argjson define (never ENV or ARGS: argv.ts leaves those calls to jq): a filter reading any other name
 * (jq's compile error, or jq's own $ENV, $ARGS and $__loc__) is left to jq.
 */
export function parseFilter(source: string, variables: ReadonlySet<string>): Node | undefined {
  if (source.length > MAX_PROGRAM_CHARS) return undefined;
  let node: Node;
  try {
    node = new Reader(source).program();
  } catch (error) {
    if (error instanceof GiveUp) return undefined;
    throw error;
  }
  return bound(node, variables) ? node : undefined;
}
