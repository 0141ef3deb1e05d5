// bc's grammar with GNU's operator precedence (lowest first): || && ! relational assignment + - * / % ^ unary-minus
// ++ --. `!` binds looser than comparisons (`!a > b` is `!(a > b)`), an assignment tighter (`x = 1 < 2` compares
// the assigned 1), and unary minus tighter than `^` (`-2^2` is 4).

import type {
  Argument,
  BinaryOperator,
  Expr,
  FunctionDefinition,
  Parameter,
  PrintItem,
  Special,
  Stmt,
  Target,
  Unit,
} from "./ast.js";
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
const SPECIALS: ReadonlySet<string> = new Set(["scale", "ibase", "obase", "last"]);

class BcSyntaxError extends Error {
  constructor(
    message: string,
    readonly token: Token,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Parses a bc program one unit at a time; a syntax error skips to the end of its line. */
export class Parser {
  private readonly lexer: Lexer;
  private current: Token;
  private loops = 0;
  private inFunction = false;

  constructor(source: string) {
    this.lexer = new Lexer(source);
    this.current = this.lexer.next();
  }

  nextUnit(): Unit {
    try {
      return this.unit();
    } catch (error) {
      if (!(error instanceof BcSyntaxError) && !(error instanceof QuitSignal)) throw error;
      if (error instanceof QuitSignal) return { kind: "quit" };
      this.recover(error.token);
      this.loops = 0;
      this.inFunction = false;
      return { kind: "error", message: `(standard_in) ${error.line}: ${error.message}` };
    }
  }

  private recover(failed: Token): void {
    const step = () => {
      this.current = this.lexer.next();
    };
    if (failed.kind === "newline" && this.current === failed) {
      step();
      return;
    }
    while (this.current.kind !== "eof" && this.current.kind !== "newline") step();
    if (this.current.kind === "newline") step();
  }

  private unit(): Unit {
    if (this.current.kind === "eof") return { kind: "eof" };
    if (this.isWord("define")) return { kind: "define", definition: this.definition() };
    const body: Stmt[] = [];
    for (;;) {
      const statement = this.statement();
      if (statement) body.push(statement);
      if (this.isOp(";")) {
        this.advance();
        continue;
      }
      if (this.current.kind === "newline") {
        this.advance();
        return { kind: "run", body };
      }
      throw this.error();
    }
  }

  // --- tokens -------------------------------------------------------------------------------------------------

  private advance(): Token {
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

  private error(message = "syntax error"): BcSyntaxError {
    return new BcSyntaxError(message, this.current, this.current.line);
  }

  private isOp(text: string): boolean {
    return this.current.kind === "op" && this.current.text === text;
  }

  private isWord(text: string): boolean {
    return this.current.kind === "name" && this.current.text === text;
  }

  private expectOp(text: string): void {
    if (!this.isOp(text)) throw this.error();
    this.advance();
  }

  private skipNewlines(): void {
    while (this.current.kind === "newline") this.advance();
  }

  private plainName(): string {
    if (this.current.kind !== "name" || isKeyword(this.current.text)) throw this.error();
    return this.advance().text;
  }

  // --- statements ---------------------------------------------------------------------------------------------

  private statement(): Stmt | undefined {
    const token = this.current;
    if (token.kind === "string") {
      this.advance();
      return { kind: "string", text: token.text };
    }
    if (token.kind === "op" && token.text === "{") return this.block();
    if (token.kind !== "name" || !isKeyword(token.text) || SPECIALS.has(token.text))
      return this.expressionStatement();
    switch (token.text) {
      case "quit":
        throw new QuitSignal();
      case "halt":
        this.advance();
        return { kind: "halt" };
      case "break":
      case "continue":
        if (this.loops === 0) {
          const word = token.text === "break" ? "Break outside a for/while" : "Continue outside a for";
          throw new BcSyntaxError(word, token, token.line);
        }
        this.advance();
        return { kind: token.text };
      case "return":
        return this.returnStatement();
      case "if":
        return this.ifStatement();
      case "while":
        return this.whileStatement();
      case "for":
        return this.forStatement();
      case "print":
        return this.printStatement();
      case "length":
      case "sqrt":
      case "read":
        return this.expressionStatement();
      default:
        throw this.error();
    }
  }

  private expressionStatement(): Stmt | undefined {
    if (!this.startsExpression()) return undefined;
    return { kind: "expr", expr: this.expression() };
  }

  private startsExpression(): boolean {
    const token = this.current;
    if (token.kind === "number") return true;
    if (token.kind === "name")
      return !isKeyword(token.text) || /^(scale|ibase|obase|last|length|sqrt|read)$/.test(token.text);
    return token.kind === "op" && ["(", "-", "!", "++", "--"].includes(token.text);
  }

  private block(): Stmt {
    this.expectOp("{");
    const body = this.statementList();
    this.expectOp("}");
    return { kind: "block", body };
  }

  /** Statements separated by `;` or newlines, up to a `}`. */
  private statementList(): Stmt[] {
    const body: Stmt[] = [];
    for (;;) {
      const statement = this.statement();
      if (statement) body.push(statement);
      if (this.isOp(";") || this.current.kind === "newline") {
        this.advance();
        continue;
      }
      if (this.isOp("}")) return body;
      throw this.error();
    }
  }

  private returnStatement(): Stmt {
    const token = this.advance();
    if (!this.inFunction) {
      return this.outsideFunction(token);
    }
    if (this.isOp("(")) {
      this.advance();
      if (this.isOp(")")) {
        this.advance();
        return { kind: "return", value: undefined };
      }
      const inner = this.expression();
      this.expectOp(")");
      return { kind: "return", value: this.continueExpression({ kind: "paren", inner }, 0) };
    }
    return { kind: "return", value: this.startsExpression() ? this.expression() : undefined };
  }

  /** GNU reads the rest of the statement, then names the line its lookahead reached. */
  private outsideFunction(token: Token): never {
    while (this.current.kind !== "newline" && this.current.kind !== "eof" && !this.isOp(";")) {
      this.current = this.lexer.next();
    }
    const line = this.current.line;
    throw new BcSyntaxError("Return outside of a function.", token, line);
  }

  private condition(): Expr {
    this.advance();
    this.expectOp("(");
    const test = this.expression();
    this.expectOp(")");
    this.skipNewlines();
    return test;
  }

  private ifStatement(): Stmt {
    const test = this.condition();
    const then = this.statement() ?? { kind: "block", body: [] };
    if (!this.isWord("else")) return { kind: "if", test, then, otherwise: undefined };
    this.advance();
    this.skipNewlines();
    return { kind: "if", test, then, otherwise: this.statement() ?? { kind: "block", body: [] } };
  }

  private loopBody(): Stmt {
    this.loops++;
    try {
      return this.statement() ?? { kind: "block", body: [] };
    } finally {
      this.loops--;
    }
  }

  private whileStatement(): Stmt {
    const test = this.condition();
    return { kind: "while", test, body: this.loopBody() };
  }

  private forStatement(): Stmt {
    this.advance();
    this.expectOp("(");
    const init = this.isOp(";") ? undefined : this.expression();
    this.expectOp(";");
    const test = this.isOp(";") ? undefined : this.expression();
    this.expectOp(";");
    const update = this.isOp(")") ? undefined : this.expression();
    this.expectOp(")");
    this.skipNewlines();
    return { kind: "for", init, test, update, body: this.loopBody() };
  }

  private printStatement(): Stmt {
    this.advance();
    const items: PrintItem[] = [];
    for (;;) {
      const token = this.current;
      if (token.kind === "string") {
        this.advance();
        items.push({ kind: "text", text: token.text });
      } else items.push(this.expression());
      if (!this.isOp(",")) return { kind: "print", items };
      this.advance();
    }
  }

  private definition(): FunctionDefinition {
    this.advance();
    const name = this.plainName();
    this.expectOp("(");
    const params = this.isOp(")") ? [] : this.parameters();
    this.expectOp(")");
    this.skipNewlines();
    this.expectOp("{");
    this.skipNewlines();
    let autos: Parameter[] = [];
    if (this.isWord("auto")) {
      this.advance();
      autos = this.parameters();
      if (!this.isOp(";") && this.current.kind !== "newline") throw this.error();
      this.advance();
    }
    this.inFunction = true;
    try {
      const body = this.statementList();
      this.expectOp("}");
      return { name, params, autos, body };
    } finally {
      this.inFunction = false;
    }
  }

  private parameters(): Parameter[] {
    const list: Parameter[] = [];
    for (;;) {
      const name = this.plainName();
      let array = false;
      if (this.isOp("[")) {
        this.advance();
        this.expectOp("]");
        array = true;
      }
      list.push({ name, array });
      if (!this.isOp(",")) return list;
      this.advance();
    }
  }

  // --- expressions --------------------------------------------------------------------------------------------

  private expression(minimum = 0): Expr {
    return this.continueExpression(this.prefix(), minimum);
  }

  private continueExpression(start: Expr, minimum: number): Expr {
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

  private prefix(): Expr {
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

  private named(): Expr {
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

  private peekParen(): boolean {
    const next = this.lexer.copy().next();
    return next.kind === "op" && next.text === "(";
  }

  private call(): Expr {
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

  private argument(): Argument {
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

  private target(): Target {
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

  private postfix(target: Target): Expr {
    if (this.isOp("++") || this.isOp("--")) {
      const delta = this.advance().text === "++" ? 1 : -1;
      return { kind: "step", prefix: false, delta, target };
    }
    return target;
  }
}

class QuitSignal extends Error {}

function isTarget(expr: Expr): expr is Target {
  return expr.kind === "var" || expr.kind === "elem" || expr.kind === "special";
}
