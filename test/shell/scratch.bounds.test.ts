import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolshellError } from "../../src/index.js";
import { MODES, shop } from "../helpers.js";

const FULL = (cap: string) =>
  `no space left: the scratch space /tmp holds at most ${cap} for the whole run (all files together); remove ` +
  "files you no longer need (rm) or keep less data there";

function seen(result: { stdout: string; stderr: string; exitCode: number }) {
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
}

describe.each(MODES)("scratch bounds (%s)", (mode) => {
  const small = () => shop(mode, { scratch: { maxBytes: 1000 } });

  it("fails the write that passes maxBytes, counting every file, and the script goes on", async () => {
    const result = await small().execute(
      "printf '%0600d' 0 > /tmp/a; printf '%0600d' 0 > /tmp/b; echo \"rc=$?\"; wc -c < /tmp/a; ls /tmp",
    );
    expect(seen(result)).toEqual({
      stdout: "rc=1\n600\na\nb\n",
      stderr: `bash: printf: write error: ${FULL("1,000 bytes")}\n`,
      exitCode: 0,
    });
  });

  it("counts appends, tee and cp against the same total", async () => {
    const result = await small().execute(
      [
        "printf '%0600d' 0 > /tmp/a",
        "printf '%0600d' 0 >> /tmp/a; echo \"append=$?\"",
        "printf '%0600d' 0 | tee /tmp/t > /dev/null; echo \"tee=$?\"",
        'cp /tmp/a /tmp/copy; echo "cp=$?"',
        "wc -c < /tmp/a",
      ].join("\n"),
    );
    expect(seen(result)).toEqual({
      stdout: "append=1\ntee=1\ncp=1\n600\n",
      stderr:
        `bash: printf: write error: ${FULL("1,000 bytes")}\n` +
        `tee: /tmp/t: ${FULL("1,000 bytes")}\n` +
        `cp: /tmp/copy: ${FULL("1,000 bytes")}\n`,
      exitCode: 0,
    });
  });

  it("frees the bytes of a removed file", async () => {
    const result = await small().execute(
      "printf '%0900d' 0 > /tmp/a; rm /tmp/a; printf '%0900d' 0 > /tmp/b && echo ok; wc -c < /tmp/b",
    );
    expect(seen(result)).toEqual({ stdout: "ok\n900\n", stderr: "", exitCode: 0 });
  });

  it("refuses one huge write at the default 16 MiB and keeps nothing of it", async () => {
    const result = await shop(mode, { scratch: true }).execute(
      'x=$(printf "%01000000d" 0); for i in $(seq 17); do echo "$x"; done > /tmp/big; echo "rc=$?"; wc -c < /tmp/big',
    );
    expect(seen(result)).toEqual({
      stdout: "rc=1\n0\n",
      stderr: `bash: write error: ${FULL("16 MiB")}\n`,
      exitCode: 0,
    });
  });

  it("holds at most 10,000 files and directories", async () => {
    const result = await small().execute(
      'touch /tmp/f{1..10000}; echo "rc=$?"; touch /tmp/one-more; echo "rc=$?"; ls /tmp | wc -l',
    );
    expect(seen(result)).toEqual({
      stdout: "rc=0\nrc=1\n10000\n",
      stderr:
        "touch: /tmp/one-more: no space left: the scratch space /tmp holds at most 10,000 files and directories; " +
        "remove some (rm) or keep the data in fewer files\n",
      exitCode: 0,
    });
  });

  it("fails only the command whose redirection is outside /tmp", async () => {
    const result = await small().execute(
      'echo x > out.txt; echo "after $?"; f=/etc/x; echo y > "$f"; echo "$?"',
    );
    const refused =
      "refused: this shell has no filesystem outside its scratch space /tmp; work on files under /tmp, or pipe " +
      "the data in on stdin";
    expect(seen(result)).toEqual({
      stdout: "after 1\n1\n",
      stderr: `bash: /out.txt: ${refused}\nbash: /etc/x: ${refused}\n`,
      exitCode: 0,
    });
  });

  it("takes maxBytes per run", async () => {
    const result = await shop(mode, { scratch: true }).execute("printf '%0200d' 0 > /tmp/a; echo \"rc=$?\"", {
      scratch: { maxBytes: 100 },
    });
    expect(seen(result)).toEqual({
      stdout: "rc=1\n",
      stderr: `bash: printf: write error: ${FULL("100 bytes")}\n`,
      exitCode: 0,
    });
  });
});

describe("scratch option", () => {
  it.each([[{ maxBytes: 0 }], [{ maxBytes: 1.5 }], ["yes" as unknown as boolean]])(
    "rejects %j at construction",
    (scratch) => {
      expect(() => new ScriptedTool({ name: "t", scratch })).toThrow(ToolshellError);
    },
  );
});
