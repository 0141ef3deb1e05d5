// TM-BC-001: a hostile bc program neither hangs the run nor exhausts memory: digits, scale, steps, recursion,
// output, the math library's precision and the program's size are capped, each refusal worded for the model.
import { describe, expect, it } from "vitest";
import { MAX_BC_PROGRAM_BYTES } from "../../../src/limits.js";
import { inBash } from "../../bash-reference.js";
import { MODES, shop } from "../../helpers.js";

const REFUSALS: readonly [string, string, string][] = [
  [
    "a power past the digit cap",
    'echo "2^10000000" | bc',
    "bc: stopped: a number would have more than 100000 digits (toolshell's cap for bc); use a smaller scale, exponent or operands\n",
  ],
  [
    "a product past the digit cap",
    'echo "x = 2^300000; x * x" | bc',
    "bc: stopped: a number would have more than 100000 digits (toolshell's cap for bc); use a smaller scale, exponent or operands\n",
  ],
  [
    "a literal past the digit cap",
    "printf '%0100002d\\n' 1 | bc",
    "bc: stopped: a number would have more than 100000 digits (toolshell's cap for bc); use a smaller scale, exponent or operands\n",
  ],
  [
    "a scale past its cap",
    'echo "scale=100000; 1/3" | bc',
    "bc: stopped: scale=100000 is above 10000 (toolshell's cap for bc); use a smaller scale\n",
  ],
  [
    "an endless loop",
    'echo "while (1) { }" | bc',
    "bc: stopped: the program ran more than 5000000 statements (toolshell's cap for bc); check the loop's condition, or do fewer turns per bc call\n",
  ],
  [
    "endless recursion",
    'printf "define f(x) { return f(x+1) }\\nf(1)\\n" | bc',
    "bc: stopped: functions nested more than 1000 calls deep (toolshell's cap for bc); check the recursion's base case\n",
  ],
  [
    "the math library past its precision",
    'echo "scale=5000; e(1)" | bc -l',
    "bc: stopped: the math library computes at most 3000 digits (toolshell's cap for bc -l); use a smaller scale or argument\n",
  ],
  [
    "a Bessel function of a large argument",
    'echo "j(0, 10000)" | bc -l',
    "bc: stopped: j(n, x) takes |x| up to 2302 (toolshell's cap for bc -l); use a smaller argument\n",
  ],
  [
    "a file operand",
    "bc prices.txt",
    "bc: prices.txt: refused: this shell has no files; pipe the program in instead: echo 'scale=2; 10/3' | bc\n",
  ],
];

describe.each(MODES)("bc's bounds (%s)", (mode) => {
  it.each(REFUSALS)("stops %s with exit 1 and says what to do", async (_name, script, stderr) => {
    const result = await shop(mode).execute(script);
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "",
      stderr,
      exitCode: 1,
    });
  });

  it("keeps what was printed before a cap stopped the program", async () => {
    const result = await shop(mode).execute('printf "1+1\\n2^10000000\\n3\\n" | bc; echo "status $?"');
    expect(result.stdout).toBe("2\nstatus 1\n");
  });

  it("stops printing at the output cap", async () => {
    const result = await shop(mode).execute(
      'echo "while (1) print \\"xxxxxxxxxx\\"" | bc | wc -c; echo done',
    );
    expect(result.stdout).toBe("16777216\ndone\n");
  });

  it("refuses a program over the size cap", async () => {
    // seq 1 200000 is 1,288,895 bytes of program.
    const result = await shop(mode).execute("seq 1 200000 | bc");
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "",
      stderr: `bc: the program on stdin is over ${MAX_BC_PROGRAM_BYTES} bytes (toolshell's cap for bc); send a shorter program, one calculation per bc call\n`,
      exitCode: 1,
    });
  });

  it("ends at the run's deadline, well before the test's timeout", async () => {
    const api = shop(mode, { timeoutMs: 1_000 });
    const started = Date.now();
    const result = await api.execute('echo "for (;;) x = 7^20000 % 1000" | bc; echo after');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.exitCode).toBe(124);
    expect(result.stdout).toBe("");
  });

  it("answers an unknown option as GNU bc does (usage, exit 1)", async () => {
    const gnu = await inBash("bc -e 1 </dev/null");
    const result = await shop(mode).execute("bc -e 1 </dev/null");
    expect({ stdout: result.stdout, exitCode: result.exitCode }).toEqual({
      stdout: gnu.stdout,
      exitCode: gnu.exitCode,
    });
    expect(result.stderr).toBe(gnu.stderr);
  });
});
