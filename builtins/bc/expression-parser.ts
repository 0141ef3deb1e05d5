// bc's expressions with GNU's operator precedence (lowest first): || && ! relational assignment + - * / % ^
// unary-minus ++ --. `!` binds looser than comparisons (`!a > b` is `!(a > b)`), an assignment tighter (`x = 1 < 2`
// compares the assigned 1), and unary minus tighter than `^` (`-2^2` is 4). The statement parser builds on it.

import type { Argument, BinaryOperator, Expr, Special, Target } from "./ast.js";
import { isKeyword, Lexer, type Token } from "./lexer.js";

const OR = 1;
const AND = 2;
const NOT = 3;
const RELATION = 4;
const ASSIGN = 5;
const UNARY = 9;

const BINARY: ReadonlyMap<string, number> = new Map([
  ["<", RELATION],
  ["<=", RELATION],
  [">", RELATION],
  [">=", RELATION],
  ["==", RELATION],
  ["!=", RELATION],
  ["+", 6],
  ["-", 6],
  ["*", 7],
  ["/", 7],
  ["%", 7],
  ["^", 8],
]);

const ASSIGNMENTS: ReadonlySet<string> = new Set(["=", "+=", "-=", "*=", "/=", "%=", "^="]);
export const SPECIALS: ReadonlySet<string> = new Set(["scale", "ibase", "obase", "last"]);

export class BcSyntaxError extends Error {
  constructor(
    message: string,
    readonly token: Token,
    readonly line: number,
  ) {
    super(message);
  }
}

/** The token stream and the expression grammar. */
export class ExpressionParser {
  protected readonly lexer: Lexer;
  protected current: Token;

  constructor(source: string) {
    this.lexer = new Lexer(source);
    this.current = this.lexer.next();
  }

  // --- tokens -------------------------------------------------------------------------------------------------

  protected advance(): Token {
    const token = this.current;
    this.current = this.lexer.next();
    if (this.current.kind === "illegal") {
      const illegal = this.current;
      const where = `(standard_in) ${illegal.line}: `;
      const code = illegal.text.charCodeAt(0);
      const shown = code < 32 ? `^${String.fromCharCode(code + 64)}` : illegal.text;
      throw new BcSyntaxError(`illegal character: ${shown}\n${where}syntax error`, illegal, illegal.line);
    }
    return token;
  }

  protected error(message = "syntax error"): BcSyntaxError {
    return new BcSyntaxError(message, this.current, this.current.line);
  }

  protected isOp(text: string): boolean {
    return this.current.kind === "op" && this.current.text === text;
  }

  protected isWord(text: string): boolean {
    return this.current.kind === "name" && this.current.text === text;
  }

  protected expectOp(text: string): void {
    if (!this.isOp(text)) throw this.error();
    this.advance();
  }

  protected skipNewlines(): void {
    while (this.current.kind === "newline") this.advance();
  }

  protected plainName(): string {
    if (this.current.kind !== "name" || isKeyword(this.current.text)) throw this.error();
    return this.advance().text;
  }

  protected startsExpression(): boolean {
    const token = this.current;
    if (token.kind === "number") return true;
    if (token.kind === "name")
      return !isKeyword(token.text) || /^(scale|ibase|obase|last|length|sqrt|read)$/.test(token.text);
    return token.kind === "op" && ["(", "-", "!", "++", "--"].includes(token.text);
  }

  // --- expressions --------------------------------------------------------------------------------------------

  protected expression(minimum = 0): Expr {
    return this.continueExpression(this.prefix(), minimum);
  }

  protected continueExpression(start: Expr, minimum: number): Expr {
    let left = start;
    for (;;) {
      const token = this.current;
      if (token.kind !== "op") return left;
      const text = token.text;
      if (text === "||" || text === "&&") {
        const power = text === "||" ? OR : AND;
        if (power < minimum) return left;
        this.advance();
        const right = this.expression(power + 1);
        left = { kind: text === "||" ? "or" : "and", left, right };
        continue;
      }
      if (ASSIGNMENTS.has(text)) {
        if (ASSIGN < minimum) return left;
        if (!isTarget(left)) throw this.error();
        this.advance();
        const value = this.expression(ASSIGN);
        const op = text === "=" ? "=" : (text.slice(0, 1) as BinaryOperator);
        left = { kind: "assign", op, target: left, value };
        continue;
      }
      const power = BINARY.get(text);
      if (power === undefined || power < minimum) return left;
      this.advance();
      const right = this.expression(text === "^" ? power : power + 1);
      left = { kind: "bin", op: text as BinaryOperator, left, right };
    }
  }

  protected prefix(): Expr {
    const token = this.current;
    if (token.kind === "number") {
      this.advance();
      return { kind: "num", text: token.text };
    }
    if (token.kind === "op") {
      switch (token.text) {
        case "(": {
          this.advance();
          const inner = this.expression();
          this.expectOp(")");
          return { kind: "paren", inner };
        }
        case "-":
          this.advance();
          return { kind: "neg", operand: this.expression(UNARY) };
        case "!":
          this.advance();
          return { kind: "not", operand: this.expression(NOT + 1) };
        case "++":
        case "--": {
          this.advance();
          const target = this.target();
          return { kind: "step", prefix: true, delta: token.text === "++" ? 1 : -1, target };
        }
      }
      throw this.error();
    }
    if (token.kind !== "name") throw this.error();
    return this.named();
  }

  protected named(): Expr {
    const name = this.current.text;
    if (name === "length" || name === "sqrt" || (name === "scale" && this.peekParen())) {
      this.advance();
      this.expectOp("(");
      const arg = this.expression();
      this.expectOp(")");
      return { kind: "builtin", name, arg };
    }
    if (name === "read") {
      this.advance();
      this.expectOp("(");
      this.expectOp(")");
      return { kind: "read" };
    }
    if (!isKeyword(name) && this.peekParen()) return this.call();
    return this.postfix(this.target());
  }

  protected peekParen(): boolean {
    const next = this.lexer.copy().next();
    return next.kind === "op" && next.text === "(";
  }

  protected call(): Expr {
    const name = this.advance().text;
    this.expectOp("(");
    const args: Argument[] = [];
    if (!this.isOp(")")) {
      for (;;) {
        args.push(this.argument());
        if (!this.isOp(",")) break;
        this.advance();
      }
    }
    this.expectOp(")");
    return { kind: "call", name, args };
  }

  protected argument(): Argument {
    if (this.current.kind === "name" && !isKeyword(this.current.text)) {
      const saved = this.lexer.copy();
      const open = saved.next();
      const close = saved.next();
      if (open.text === "[" && close.text === "]") {
        const name = this.advance().text;
        this.advance();
        this.advance();
        return { kind: "array", name };
      }
    }
    return this.expression();
  }

  protected target(): Target {
    const token = this.current;
    if (token.kind !== "name") throw this.error();
    if (SPECIALS.has(token.text)) {
      this.advance();
      return { kind: "special", name: token.text as Special };
    }
    const name = this.plainName();
    if (!this.isOp("[")) return { kind: "var", name };
    this.advance();
    const index = this.expression();
    this.expectOp("]");
    return { kind: "elem", name, index };
  }

  protected postfix(target: Target): Expr {
    if (this.isOp("++") || this.isOp("--")) {
      const delta = this.advance().text === "++" ? 1 : -1;
      return { kind: "step", prefix: false, delta, target };
    }
    return target;
  }
}

function isTarget(expr: Expr): expr is Target {
  return expr.kind === "var" || expr.kind === "elem" || expr.kind === "special";
}
