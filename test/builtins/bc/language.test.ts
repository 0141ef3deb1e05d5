// bc's statements, functions, strings and error recovery, against GNU bc 1.07.1 (stdout bytes and exit code), in
// worker and inline mode.
import { describe, expect, it } from "vitest";
import { inToolshell } from "../../bash-reference.js";
import { againstGnuBc, inGnuBc } from "../../bc-reference.js";
import { MODES } from "../../helpers.js";

const PROGRAMS: readonly [string, string][] = [
  ["while with break", "while (1) { i++; if (i>3) break; i }"],
  ["for with all parts empty", "for (;;) { if (++j>2) break; j }"],
  ["for with continue", 'for (i = 0; i < 6; i++) { if (i % 2) continue; print i, " " }\nprint "\\n"'],
  ["if / else chains", "if (1) 5 else 6\nif (0) 5 else 6\nif (0) { 7 } else if (1) { 8 } else { 9 }"],
  ["blocks over lines", 'if (2 > 1) {\n  print "big\\n"\n} else {\n  print "small\\n"\n}\n{ 1; 2 }'],
  [
    "functions, autos and return forms",
    "define f(x) { auto a; a = x * 2; return a }\nf(3)\ndefine g() { return }\ng()\ndefine h(x) { return (x + 1) }\nh(1)",
  ],
  ["a function without return prints its lines and returns 0", "define f(x) {\nx\n}\nf(3)\nx = f(4)\nx"],
  [
    "recursion",
    "define fact(n) { if (n <= 1) return 1; return n * fact(n-1) }\nfact(30)\ndefine fib(n) { if (n < 2) return n; return fib(n-1) + fib(n-2) }\nfib(15)",
  ],
  [
    "autos shadow globals dynamically",
    "x = 10\ndefine show() { return x }\ndefine f() { auto x; x = 5; return show() }\nf()\nx",
  ],
  ["a function's scale is the caller's", "define half(x) { return x / 2 }\nhalf(5)\nscale = 3\nhalf(5)"],
  [
    "arrays and array parameters",
    "a[0] = 1; a[5] = 7; a[5] + a[0] + a[3]\ndefine s(v[], n) { auto i, t; for (i = 0; i < n; i++) t += v[i]; return t }\nfor (i = 0; i < 4; i++) b[i] = i * i\ns(b[], 4)\nx[0] = 1; x",
  ],
  [
    "strings and print",
    '"abc\\n"\n"multi\nline"\nprint "a\\tb\\n", 5, "\\n"\nprint "\\q\\a\\\\", "\\n"\nprint "x=", 1/4, " y=", 2^10, "\\n"',
  ],
  [
    "a long string wraps like a number",
    '"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"\nprint "abc", 2^300, "\\n"',
  ],
  ["comments and continuation", "#c\n/* x \n y */ 7\n1 + \\\n2\nx = 3 # trailing\nx"],
  ["semicolons and empty statements", ";;5;;\n\n6;"],
  ["quit stops reading at once", "1+1\nquit\n3"],
  ["quit on the line of other statements", "5; quit"],
  ["halt stops when run", "5; halt; 6\n7"],
  ["a runtime error ends its line only", "1/0; 2\n3\n5 % 0\n4\nsqrt(-1)\n0^-1\n6"],
  ["a runtime error inside a function", "define f(x) {\nreturn 1/x\n}\nf(0); 5\n6"],
  ["an undefined function and a wrong count", "f(1)\n2\ndefine g(x) { return x }\ng(1, 2)\n3"],
  ["syntax errors skip their line", "1+; 3\n4\nx = 1 +\n 2\nx\n2 +* 3\n5"],
  ["break and return outside their place", "break\n7\nreturn 5\n8"],
  ["an illegal character", "x=@; 5\n7\n5 & 3\n8"],
  ["a CRLF line ends in an illegal character", "1+1\r\n2+2"],
  ["else on the next line is an error", "if (1) 5\nelse 6\n7"],
  ["a program without its last newline", "5"],
  ["the last line without its newline", "1\n2"],
  [
    "void functions print nothing when called",
    'define void f(x) { print x, "\\n" }\nf(3)\nx = f(3)\nx\ndefine void(x) { }\n5',
  ],
  ["&& and || stop early", "0 && (x=5); x; 1 || (y=5); y; 2 && 3; 0 || 0"],
  ["uppercase names are digits, long names are variables", "abc_1 = 5; abc_1 * 2\nA + B"],
];

describe.each(MODES)("bc's language against GNU bc (%s)", (mode) => {
  it.each(PROGRAMS)("%s", async (_name, program) => {
    const text = program.endsWith("\n") || /without/.test(_name) ? program : `${program}\n`;
    const gnu = await inGnuBc(text);
    const toolshell = await inToolshell(`printf '%s' '${text.replaceAll("'", `'\\''`)}' | bc`, mode);
    expect({ stdout: toolshell.stdout, exitCode: toolshell.exitCode }).toEqual(gnu);
  });

  it("words a runtime error as GNU does, on stderr, and goes on", async () => {
    const result = await inToolshell('printf "1/0\\n2\\n" | bc; echo "status $?"', mode);
    expect(result).toEqual({
      stdout: "2\nstatus 0\n",
      stderr: "Runtime error (func=(main), adr=0): Divide by zero\n",
      exitCode: 0,
    });
  });

  it("words a syntax error as GNU does", async () => {
    const { gnu } = await againstGnuBc("2 +* 3", [], mode);
    const result = await inToolshell('echo "2 +* 3" | bc', mode);
    expect(result).toEqual({ stdout: gnu.stdout, stderr: "(standard_in) 1: syntax error\n", exitCode: 0 });
  });
});
