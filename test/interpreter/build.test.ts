/**
 * The interpreter toolshell ships (dist/interpreter/, built by scripts/interpreter/build.mjs; decision 0022):
 * built from the pinned just-bash with exactly the patches in patches/just-bash/, each traceable to its fix and
 * test, trimmed of what a logic-only shell never runs, with just-bash's license beside it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JS build module without types
import { applyPatches, listPatches } from "../../scripts/interpreter/shared.mjs";
import { SCRATCH_COMMANDS, TRANSFORM_COMMANDS } from "../../src/shell/commands.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT = join(ROOT, "dist", "interpreter");
const manifest = JSON.parse(readFileSync(join(OUT, "manifest.json"), "utf8")) as {
  justBash: string;
  patches: { name: string; sha256: string }[];
  droppedCommands: string[];
  keptCommands: string[];
  bundledPackages: string[];
};
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
interface Patch {
  name: string;
  sha256: string;
  text: string;
  fields: Record<string, string[]>;
}
const patches = listPatches() as Patch[];

describe("the shipped interpreter", () => {
  it("is built from the pinned just-bash, which is not a runtime dependency", () => {
    const installed = JSON.parse(
      readFileSync(join(ROOT, "node_modules", "just-bash", "package.json"), "utf8"),
    );
    expect(manifest.justBash).toBe(pkg.devDependencies["just-bash"]);
    expect(installed.version).toBe(pkg.devDependencies["just-bash"]);
    expect(pkg.dependencies["just-bash"]).toBeUndefined();
  });

  it("holds exactly the patches in patches/just-bash/, as they are now", () => {
    const files = readdirSync(join(ROOT, "patches", "just-bash"))
      .filter((name) => name.endsWith(".patch"))
      .sort();
    expect(manifest.patches.map((patch) => patch.name)).toEqual(files);
    expect(manifest.patches).toEqual(patches.map((patch) => ({ name: patch.name, sha256: patch.sha256 })));
  });

  it.each(patches.map((patch) => [patch.name, patch] as const))(
    "%s says what it fixes, where, and its test",
    (_, patch) => {
      expect(patch.fields.Fixes?.[0], "a Fixes: line").toMatch(/\w/);
      expect(patch.fields.Upstream?.[0], "an Upstream: line naming just-bash's source").toMatch(
        /packages\/just-bash\/src\//,
      );
      const tests = patch.fields.Test ?? [];
      expect(tests.length, "at least one Test: line").toBeGreaterThan(0);
      const files = tests.flatMap((line) => line.match(/\btest\/[\w./-]+\.(?:ts|sh)\b/g) ?? []);
      expect(
        files.length,
        "a Test: line names a test file (test/...ts or a differential case)",
      ).toBeGreaterThan(0);
      for (const file of files)
        expect(existsSync(join(ROOT, file)), `${patch.name}: its test ${file} exists`).toBe(true);
    },
  );

  it("keeps every command the shell enables and drops the ones it never runs", () => {
    for (const name of [...TRANSFORM_COMMANDS, ...SCRATCH_COMMANDS]) {
      if (name === "jq") continue; // toolshell's own jq (builtins/jq.ts) replaces just-bash's
      expect(manifest.droppedCommands, `${name} is enabled by the shell`).not.toContain(name);
    }
    expect(manifest.droppedCommands).toEqual(
      expect.arrayContaining(["sqlite3", "python3", "js-exec", "curl", "jq"]),
    );
    // and nothing it never enables ships
    const enabled = new Set<string>([...TRANSFORM_COMMANDS, ...SCRATCH_COMMANDS]);
    expect(manifest.keptCommands.filter((name) => !enabled.has(name))).toEqual([]);
  });

  it("bundles none of just-bash's heavy dependencies, and keeps the licenses", () => {
    for (const heavy of ["sql.js", "quickjs-emscripten", "undici", "turndown", "seek-bzip", "node-liblzma"]) {
      expect(manifest.bundledPackages).not.toContain(heavy);
    }
    expect(readFileSync(join(OUT, "LICENSE.just-bash"), "utf8")).toMatch(/^\s*Apache License/);
    const third = readFileSync(join(OUT, "THIRD-PARTY-LICENSES.md"), "utf8");
    for (const name of manifest.bundledPackages) expect(third, `${name}'s license`).toContain(`## ${name} `);
    expect(readFileSync(join(OUT, "just-bash.js"), "utf8").slice(0, 400)).toContain("LICENSE.just-bash");
  });

  it("stops the build naming a patch that no longer applies (as after a just-bash upgrade)", () => {
    const base = new Map([["chunks/x.js", "let a = 1;\nlet b = 2;\nlet c = 3;\n"]]);
    const stale = {
      name: "0999-stale.patch",
      text: "--- a/chunks/x.js\n+++ b/chunks/x.js\n@@ -1,3 +1,3 @@\n let a = 1;\n-let b = 5;\n+let b = 6;\n let c = 3;\n",
    };
    expect(() => applyPatches(base, [stale])).toThrow(/0999-stale\.patch no longer applies to chunks\/x\.js/);
    const fits = { ...stale, text: stale.text.replace("-let b = 5;", "-let b = 2;") };
    expect(applyPatches(base, [fits]).get("chunks/x.js")).toBe("let a = 1;\nlet b = 6;\nlet c = 3;\n");
    // a hunk whose lines occur twice could land in the wrong place: refused
    const twice = new Map([["chunks/x.js", "}\nreturn t;\n}\nlet b = 2;\n}\nreturn t;\n}\n"]]);
    const ambiguous = {
      name: "0998-ambiguous.patch",
      text: "--- a/chunks/x.js\n+++ b/chunks/x.js\n@@ -1,3 +1,3 @@\n }\n-return t;\n+return u;\n }\n",
    };
    expect(() => applyPatches(twice, [ambiguous])).toThrow(
      /0998-ambiguous\.patch hunk 1 \(@@ -1\) fits 2 places/,
    );
  });
});
