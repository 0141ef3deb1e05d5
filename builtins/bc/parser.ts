// bc's statements and program units: each line of statements (or a definition) is handed to the evaluator as
// it is read, as GNU bc runs each line; a syntax error skips to the end of its line.

import type { Expr, FunctionDefinition, Parameter, PrintItem, Stmt, Unit } from "./ast.js";
import { BcSyntaxError, ExpressionParser, SPECIALS } from "./expression-parser.js";
import { isKeyword, type Token } from "./lexer.js";

/** Parses a bc program one unit at a time. */
export class Parser extends ExpressionParser {
  private loops = 0;
  private inFunction = false;

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
    const isVoid = this.isWord("void");
    if (isVoid) this.advance();
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
      return { name, void: isVoid, params, autos, body };
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
}

class QuitSignal extends Error {}
