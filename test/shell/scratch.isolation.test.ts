import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODES, shop } from "../helpers.js";

/** Names no other process uses, so the host's listings can be checked while other tests run beside these. */
const PROBE = `toolshell-scratch-probe-${randomUUID().slice(0, 8)}`;

/** Entries named after the probe in the folders a scratch run could reach on the host. */
function probeEntries(): string[] {
  const found: string[] = [];
  for (const folder of ["/tmp", "/", process.cwd(), "/etc"]) {
    for (const name of readdirSync(folder)) if (name.includes(PROBE)) found.push(`${folder}/${name}`);
  }
  return found;
}

const REFUSED =
  "refused: this shell has no filesystem outside its scratch space /tmp; work on files under /tmp, or pipe the " +
  "data in on stdin";

describe.each(MODES)("scratch isolation (%s)", (mode) => {
  it("keeps each of 20 concurrent runs' /tmp to itself", async () => {
    const api = shop(mode, { scratch: true });
    const secrets = Array.from({ length: 20 }, (_, index) => `secret-${index}-${randomUUID()}`);
    const results = await Promise.all(
      secrets.map((secret) =>
        api.execute('echo "$SECRET" > /tmp/x; sleep 0.05; cat /tmp/x; ls /tmp', { env: { SECRET: secret } }),
      ),
    );
    expect(results.map((result) => [result.stdout, result.stderr, result.exitCode])).toEqual(
      secrets.map((secret) => [`${secret}\nx\n`, "", 0]),
    );
  });

  it("starts the next run with an empty /tmp", async () => {
    const api = shop(mode, { scratch: true });
    await api.execute("echo kept > /tmp/x; mkdir -p /tmp/d; cat <(echo y) > /dev/null");
    const result = await api.execute("ls -A /tmp | wc -l; [ -e /tmp/x ] || echo gone; cat /tmp/x");
    expect([result.stdout, result.stderr, result.exitCode]).toEqual([
      "0\ngone\n",
      "cat: /tmp/x: No such file or directory\n",
      1,
    ]);
  });

  it("writes nothing to the host and reads nothing from it", async () => {
    const before = probeEntries();
    const passwd = statSync("/etc/passwd");
    const api = shop(mode, { scratch: true });
    const script = [
      `echo x > /tmp/${PROBE}`,
      `mkdir -p /tmp/${PROBE}-d/e`,
      `f=/tmp/../${PROBE}; echo x > "$f"`,
      `p=/tmp/../etc/passwd; cat "$p" | head -1`,
      `cd /tmp && echo x > ../../${PROBE}-up`,
      `ln -s /etc/passwd /tmp/${PROBE}-link; cat /tmp/${PROBE}-link`,
      `cp /etc/passwd /tmp/${PROBE}-copy`,
      `mv /tmp/${PROBE} /${PROBE}-moved`,
      `ls /tmp`,
    ].join("\n");
    const result = await api.execute(script);
    expect([result.stdout, result.stderr, result.exitCode]).toEqual([
      `${PROBE}\n${PROBE}-d\n`,
      [
        `bash: /${PROBE}: ${REFUSED}`,
        `cat: /etc/passwd: ${REFUSED}`,
        `bash: /${PROBE}-up: ${REFUSED}`,
        "ln: refused: the scratch space /tmp holds plain files and directories only; work on them with cat, cp, " +
          "mv, rm, mkdir, ls or tee",
        `cat: /tmp/${PROBE}-link: No such file or directory`,
        `cp: /etc/passwd: ${REFUSED}`,
        `mv: /${PROBE}-moved: ${REFUSED}`,
        "",
      ].join("\n"),
      0,
    ]);
    expect(probeEntries()).toEqual(before);
    expect(statSync("/etc/passwd").mtimeMs).toBe(passwd.mtimeMs);
    expect(readFileSync("/etc/passwd", "utf8")).not.toContain(PROBE);
  });

  it("refuses literal files outside /tmp before the run, pointing to /tmp", async () => {
    const result = await shop(mode, { scratch: true }).execute(
      "echo x > /tmp/../../x; cat < /etc/hosts; echo end",
    );
    const outside = "this shell has no filesystem outside its scratch space /tmp";
    expect([result.stdout, result.stderr, result.exitCode]).toEqual([
      "end\n",
      `bash: redirection to or from a file (> /tmp/../../x) refused: ${outside}; use a file under /tmp (> /tmp/x) or keep data in variables and pipes\n` +
        `bash: redirection to or from a file (< /etc/hosts) refused: ${outside}; use a file under /tmp (< /tmp/hosts) or keep data in variables and pipes\n`,
      0,
    ]);
  });
});
