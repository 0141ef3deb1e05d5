import { expect, it } from "vitest";
import { resultText } from "../../src/index.js";

it.each([
  [{ stdout: "Jane\n", stderr: "", exitCode: 0 }, "Jane\n"],
  [{ stdout: "Jane", stderr: "", exitCode: 0 }, "Jane\n"],
  [{ stdout: "", stderr: "", exitCode: 0 }, "(no output)\n"],
  [{ stdout: "", stderr: "", exitCode: 3 }, "[exit code 3]\n"],
  [
    { stdout: "a\n", stderr: "x: not found\n", exitCode: 127 },
    "a\n[stderr]\nx: not found\n[exit code 127]\n",
  ],
  [{ stdout: "", stderr: "warn", exitCode: 0 }, "[stderr]\nwarn\n"],
])("renders %j for the model", (result, text) => {
  expect(resultText(result)).toBe(text);
});
