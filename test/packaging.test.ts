/**
 * The package as a user gets it: build, `npm pack`, install the tarball into a fresh project with no network, then
 * import every subpath export from ESM, run a script in worker mode, run the installed `toolshell` bin and
 * typecheck a TypeScript consumer against the shipped .d.ts. One process imports every subpath and one tsc run
 * checks one consumer file using them all; the tests read each subpath's part of their output (its report entry,
 * tsc's errors on its lines), so a failure names the subpath.
 *
 * Offline install: the project gets the package's dependencies (and the optional peers the subpaths need) as
 * hard links of this repo's node_modules (copies across filesystems), with their .bin links, so that
 * `npm install --offline <tarball>` finds every dependency satisfied and adds only the tarball. The registry is set
 * to an unreachable address on top, so any attempt to reach the network fails the test instead of passing slowly.
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROOT_MODULES = join(ROOT, "node_modules");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  exports: Record<string, string | { types: string; import: string }>;
};

/** The subpath exports, as a consumer imports them: "toolshell", "toolshell/mcp", ... */
const SUBPATHS = Object.keys(manifest.exports)
  .filter((key) => key !== "./package.json")
  .map((key) => (key === "." ? "toolshell" : `toolshell/${key.slice(2)}`));

/** What the consumer project declares besides toolshell: the optional peers, and Node's types for tsc. */
const CONSUMER_DEPENDENCIES = [...Object.keys(manifest.peerDependencies), "@types/node"];

const STEP_MS = 90_000;
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
/** Node 22.18+ runs .ts files itself (type stripping); Node 20 and most of 22 refuse them. */
const NODE_STRIPS_TYPES = Boolean((process.features as { typescript?: unknown }).typescript);

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, maxBuffer: 16 * 1024 * 1024, timeout: STEP_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function npm(args: string[], cwd: string): Promise<Ran> {
  const result = await run(NPM, args, cwd);
  if (result.code !== 0) throw new Error(`npm ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  return result;
}

/** Where `name` resolves from `dir` inside this repo, walking up node_modules folders as Node does. */
function resolvePackage(dir: string, name: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const candidate = join(current, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (current === ROOT || dirname(current) === current) return undefined;
  }
}

/** The top-level folders of ROOT/node_modules that `names` need, with everything they need in turn. */
function dependencyClosure(names: string[]): string[] {
  const seen = new Set<string>();
  const queue = names.map((name) => {
    const found = resolvePackage(ROOT, name);
    if (!found) throw new Error(`${name} is not installed in this repo: run npm ci`);
    return found;
  });
  for (let dir = queue.pop(); dir !== undefined; dir = queue.pop()) {
    if (seen.has(dir)) continue;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const wanted = { ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies };
    for (const dependency of Object.keys(wanted)) {
      const found = resolvePackage(dir, dependency);
      if (found) queue.push(found);
    }
  }
  // Nested packages (a/node_modules/b) come along with their top-level folder.
  return [...seen]
    .map((dir) => relative(ROOT_MODULES, dir))
    .filter((path) => !path.includes(`${sep}node_modules${sep}`) && !path.startsWith(".."));
}

/** Mirrors a folder with hard links (copies when linking is impossible, e.g. across filesystems). */
function mirror(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    const target = join(to, entry);
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (stat.isDirectory()) mirror(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** The consumer project's node_modules: the closure of `names`, and the .bin links pointing into it. */
function seedNodeModules(app: string, names: string[]): void {
  const modules = join(app, "node_modules");
  const packages = dependencyClosure(names);
  for (const path of packages) mirror(join(ROOT_MODULES, path), join(modules, path));
  mkdirSync(join(modules, ".bin"), { recursive: true });
  for (const bin of readdirSync(join(ROOT_MODULES, ".bin"))) {
    const link = readlinkSync(join(ROOT_MODULES, ".bin", bin));
    const owner = /^\.\.\/((?:@[^/]+\/)?[^/]+)\//.exec(link)?.[1];
    if (owner && packages.includes(owner)) symlinkSync(link, join(modules, ".bin", bin));
  }
}

const ESM_IMPORTS = `const report = {};
for (const subpath of ${JSON.stringify(SUBPATHS)}) {
  try {
    const module = await import(subpath);
    report[subpath] = { ok: true, exports: Object.keys(module).sort(), url: import.meta.resolve(subpath) };
  } catch (error) {
    report[subpath] = { ok: false, error: String(error?.stack ?? error) };
  }
}
console.log(JSON.stringify(report));
`;

/**
 * Issue 16, item 6: each entry from CommonJS (Node 20.19+ can require() an ES module), the same exports as its
 * import, and a run from the required ScriptedTool.
 */
const CJS_REQUIRES = `const report = {};
for (const subpath of ${JSON.stringify(SUBPATHS)}) {
  try {
    const module = require(subpath);
    report[subpath] = { ok: true, exports: Object.keys(module).filter((key) => key !== "__esModule").sort(), path: require.resolve(subpath) };
  } catch (error) {
    report[subpath] = { ok: false, error: String(error?.stack ?? error) };
  }
}
const { ScriptedTool } = require("toolshell");
const api = new ScriptedTool({ name: "cjs", tools: [{ name: "hello", execute: () => "hi from cjs\\n" }] });
api.execute("hello | tr a-z A-Z").then(async (result) => {
  await api.close();
  console.log(JSON.stringify({ report, stdout: result.stdout }));
});
`;

const WORKER_RUN = `import { ScriptedTool } from "toolshell";
const api = new ScriptedTool({
  name: "consumer",
  tools: [{
    name: "get_user",
    inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    execute: ({ id }) => ({ id, name: "Jane" }),
  }],
});
const result = await api.execute("get_user --id 42 | jq -c '{n: .name, id}'");
await api.close();
console.log(JSON.stringify({ result, url: import.meta.resolve("toolshell") }));
`;

/**
 * Issue 16, item 5: an application bundled with toolshell inside. Plain JS a bundler takes as it is (no top-level
 * await: esbuild's default CommonJS output has none), run in both isolation modes: a tool call, jq's fast path and
 * real jq (its wasm), a schema pattern (re2js, loaded on first use) and a refused flag.
 */
const BUNDLED_APP = `import { ScriptedTool } from "toolshell";
const tools = [{
  name: "get_user",
  inputSchema: {
    type: "object",
    properties: { id: { type: "integer" }, tag: { type: "string", pattern: "^[a-z]+$" } },
    required: ["id"],
  },
  execute: ({ id }) => ({ id, name: "Jane", roles: ["admin", "dev"] }),
}];
const SCRIPT = "get_user --id 42 | jq -r .name; get_user --id 7 | jq -c '.roles | map(ascii_upcase)'; " +
  "get_user --id 1 --tag BAD; echo exit $?; get_user --id 2 --tga x";
async function main() {
  const report = {};
  for (const isolation of ["worker", "inline"]) {
    const api = new ScriptedTool({ name: "bundled", tools, isolation });
    const { stdout, stderr, exitCode } = await api.execute(SCRIPT);
    await api.close();
    report[isolation] = { stdout, stderr, exitCode };
  }
  console.log(JSON.stringify(report));
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/** Vite's SSR build of the bundled app with every package inside (ssr.noExternal), as Rollup-style bundlers do. */
const VITE_CONFIG = `export default {
  logLevel: "warn",
  build: { ssr: "app.mjs", outDir: "out/vite", emptyOutDir: true, target: "node20" },
  ssr: { noExternal: true },
};
`;

/** webpack's build of the bundled app for Node (its CommonJS output), by its Node API: webpack-cli is not needed. */
const WEBPACK_BUILD = `import webpack from ${JSON.stringify(join(ROOT_MODULES, "webpack", "lib", "index.js"))};
webpack({
  mode: "production",
  target: "node",
  entry: "./app.mjs",
  output: { path: new URL("./out/webpack", import.meta.url).pathname, filename: "app.cjs" },
}, (error, stats) => {
  if (error) throw error;
  console.log(stats.toString({ all: false, errors: true, warnings: true }));
  process.exitCode = stats.hasErrors() ? 1 : 0;
});
`;

/** The bundles made of the app: each command, and the file it writes under out/. */
const BUNDLERS = {
  "esbuild (CommonJS, its default)": {
    command: [
      join(ROOT_MODULES, "esbuild", "bin", "esbuild"),
      "app.mjs",
      "--bundle",
      "--platform=node",
      "--outfile=out/esbuild-cjs/app.js",
    ],
    output: "esbuild-cjs/app.js",
  },
  "esbuild (ESM)": {
    command: [
      join(ROOT_MODULES, "esbuild", "bin", "esbuild"),
      "app.mjs",
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--outfile=out/esbuild-esm/app.mjs",
    ],
    output: "esbuild-esm/app.mjs",
  },
  "Vite (SSR build, no package external)": {
    command: [
      process.execPath,
      join(ROOT_MODULES, "vite", "bin", "vite.js"),
      "build",
      "--config",
      "vite.config.mjs",
    ],
    output: "vite/app.js",
  },
  "webpack (target node)": {
    command: [process.execPath, "webpack.build.mjs"],
    output: "webpack/app.cjs",
  },
} as const;

type BundlerName = keyof typeof BUNDLERS;

/** What the consumer does with one subpath; `alias` names its namespace import (unused by "toolshell"). */
function consumerSection(subpath: string, alias: string): string {
  if (subpath === "toolshell") {
    return `import { defineTool, type ExecuteResult, ScriptedTool, ToolError, type ToolDefinition } from "toolshell";
const tools: ToolDefinition[] = [
  {
    name: "get_user",
    inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    execute: ({ id }) => {
      if (id === 0) throw new ToolError("no user 0", { exitCode: 3 });
      return { id };
    },
  },
];
const api = new ScriptedTool({ name: "consumer", tools, timeoutMs: 5_000, isolation: "worker" });
export const run: Promise<ExecuteResult> = api.execute("get_user --id 42", { timeoutMs: 1_000 });
export const code: Promise<number> = run.then((result) => result.exitCode);
export const prompt: string = api.systemPrompt();
export const definition: string = api.definition().name;
// Issue 16, item 1: params and results typed from the schemas, through the shipped .d.ts.
const typed = new ScriptedTool({
  name: "typed",
  tools: [{
    name: "add",
    inputSchema: { type: "object", properties: { a: { type: "integer" } }, required: ["a"] },
    execute: ({ a }) => a.toFixed(),
  }],
});
typed.add(defineTool({
  name: "twice",
  inputSchema: { type: "object", properties: { n: { type: "number", default: 1 } } },
  outputSchema: { type: "object", properties: { twice: { type: "number" } }, required: ["twice"] },
  execute: ({ n }) => ({ twice: n * 2 }),
}));
`;
  }
  return `import * as ${alias} from "${subpath}";
export const ${alias}Names: (keyof typeof ${alias})[] = Object.keys(${alias}) as (keyof typeof ${alias})[];
`;
}

const CONSUMER = "consumer.ts";

/**
 * One consumer file using every subpath, typechecked by one tsc run, with the lines each subpath's section spans:
 * tsc names the file and line of each error (`consumer.ts(12,5): error TS...`), which tells the subpath it is about.
 */
function consumer(): { source: string; lines: Record<string, [number, number]> } {
  let source = "";
  const lines: Record<string, [number, number]> = {};
  SUBPATHS.forEach((subpath, index) => {
    const section = `// ${subpath}\n${consumerSection(subpath, `subpath${index}`)}`;
    const first = source.split("\n").length;
    source += section;
    lines[subpath] = [first, source.split("\n").length - 1];
  });
  return { source, lines };
}

const CONSUMER_FILE = consumer();

/** The tsconfig of a consumer project: strict, NodeNext, the shipped .d.ts checked (skipLibCheck off). */
const CONSUMER_TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023"],
    types: ["node"],
    strict: true,
    skipLibCheck: false,
    // TypeScript's own lib files are not what this checks: toolshell's .d.ts and what they import are
    skipDefaultLibCheck: true,
    noEmit: true,
  },
  files: [CONSUMER],
});

/** The install targets of issue 13, for `toolshell` alone (its optional peers aside). */
const MAX_INSTALLED_PACKAGES = 12;
const MAX_INSTALLED_BYTES = 15 * 1000 * 1000;

interface Installed {
  /** Folders with a package.json under node_modules (nested ones included), toolshell itself among them. */
  packages: string[];
  bytes: number;
  /** What would compile or run code at install: binding.gyp, *.node, install scripts. */
  native: string[];
}

/** Measures a project's node_modules the way `du` and `npm ls --all` would see it. */
function measure(modules: string): Installed {
  const installed: Installed = { packages: [], bytes: 0, native: [] };
  const walk = (dir: string, inModules: boolean): void => {
    for (const entry of readdirSync(dir)) {
      if (entry === ".bin" || entry === ".package-lock.json") continue;
      const path = join(dir, entry);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) continue;
      if (stat.isDirectory()) {
        const isPackage = inModules && !entry.startsWith("@") && existsSync(join(path, "package.json"));
        if (isPackage) {
          const name = relative(modules, path);
          installed.packages.push(name);
          const scripts = JSON.parse(readFileSync(join(path, "package.json"), "utf8")).scripts ?? {};
          for (const hook of ["preinstall", "install", "postinstall"]) {
            if (scripts[hook]) installed.native.push(`${name}: ${hook} script`);
          }
        }
        walk(path, entry === "node_modules" || (inModules && entry.startsWith("@")));
        continue;
      }
      installed.bytes += stat.size;
      if (entry === "binding.gyp" || entry.endsWith(".node")) installed.native.push(relative(modules, path));
    }
  };
  walk(modules, true);
  return installed;
}

interface Setup {
  alone: Installed;
  /** tsc over a consumer of "toolshell" in the project with no optional peer installed. */
  tscAlone: Ran;
  build: Ran;
  packedFiles: string[];
  imports: Record<string, { ok: boolean; exports?: string[]; url?: string; error?: string }>;
  /** requires.cjs: each entry required from CommonJS, and a run. */
  requires: Ran;
  workerRun: Ran;
  bin: Ran;
  binVersion: Ran;
  binTypeScript: Ran;
  tsc: Ran;
  /** Each bundler's build of the bundled app, and the bundle's run from a folder with no node_modules. */
  bundles: Record<BundlerName, { build: Ran; run: Ran; underInputType: Ran | undefined }>;
}

let work = "";
let setup: Setup;

beforeAll(async () => {
  // tsc emits even when it reports errors: the steps below still show which parts work. The consumer project is
  // prepared while it builds.
  const building = run(NPM, ["run", "build"], ROOT);
  work = mkdtempSync(join(tmpdir(), "toolshell-pack-"));
  const app = join(work, "app");
  mkdirSync(app);
  const versions = Object.fromEntries(
    CONSUMER_DEPENDENCIES.map((name) => [name, manifest.devDependencies[name] ?? "*"]),
  );
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: versions }),
  );
  seedNodeModules(app, [...Object.keys(manifest.dependencies), ...CONSUMER_DEPENDENCIES]);
  writeFileSync(join(app, "imports.mjs"), ESM_IMPORTS);
  writeFileSync(join(app, "worker-run.mjs"), WORKER_RUN);
  writeFileSync(join(app, "requires.cjs"), CJS_REQUIRES);
  writeFileSync(join(app, "tools.ts"), "export const tools = [];\n");
  writeFileSync(join(app, CONSUMER), CONSUMER_FILE.source);
  writeFileSync(join(app, "tsconfig.json"), CONSUMER_TSCONFIG);

  const build = await building;
  const packed = JSON.parse((await npm(["pack", "--json", "--pack-destination", work], ROOT)).stdout) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(work, packed[0]?.filename ?? "missing.tgz");
  // toolshell alone, in a project of its own: what `npm install toolshell` brings.
  const lone = join(work, "alone");
  mkdirSync(lone);
  writeFileSync(join(lone, "package.json"), JSON.stringify({ name: "alone", private: true, type: "module" }));
  seedNodeModules(lone, Object.keys(manifest.dependencies));
  const offline = ["--offline", "--no-audit", "--no-fund", "--registry", "http://127.0.0.1:9/"];
  await npm(["install", ...offline, tarball], lone);
  const alone = measure(join(lone, "node_modules"));
  // Then Node's types, to typecheck a consumer of the root entry with none of the optional peers (zod included).
  seedNodeModules(lone, ["@types/node"]);
  writeFileSync(join(lone, CONSUMER), consumerSection("toolshell", "root"));
  writeFileSync(join(lone, "tsconfig.json"), CONSUMER_TSCONFIG);
  const tscAlone = await run(
    process.execPath,
    [join(ROOT_MODULES, "typescript/bin/tsc"), "-p", "tsconfig.json"],
    lone,
  );
  await npm(["install", ...offline, "--ignore-scripts", tarball], app);
  // The bundles are made in the project with toolshell alone (what a bundler finds there is all it can take), and
  // run from a folder with no node_modules anywhere above it: they must carry all they need.
  writeFileSync(join(lone, "app.mjs"), BUNDLED_APP);
  writeFileSync(join(lone, "vite.config.mjs"), VITE_CONFIG);
  writeFileSync(join(lone, "webpack.build.mjs"), WEBPACK_BUILD);
  const deployed = join(work, "deployed");
  const bundling = (async () => {
    const builds = await Promise.all(
      Object.entries(BUNDLERS).map(async ([name, bundler]) => {
        const [command, ...args] = bundler.command;
        const build = await run(command, args, lone);
        // The bundle's folder is what is deployed (Vite writes the chunks of dynamic imports beside the entry).
        const [folder = "", file = ""] = bundler.output.split("/");
        const target = join(deployed, folder);
        if (existsSync(join(lone, "out", folder)))
          cpSync(join(lone, "out", folder), target, { recursive: true });
        // Vite's ESM output is app.js: the folder says its .js files are modules, as the app's package.json did.
        if (name.startsWith("Vite")) writeFileSync(join(target, "package.json"), '{"type":"module"}');
        return { name, build, target, file };
      }),
    );
    // webpack writes the path each module had at build time into the bundle: with the project's node_modules
    // gone, as on a server that got only the bundle, nothing of toolshell's can be found there either.
    renameSync(join(lone, "node_modules"), join(lone, "node_modules.gone"));
    return Promise.all(
      builds.map(async ({ name, build, target, file }) => {
        const ran = await run(process.execPath, [file], target);
        // Imported from a host started with --input-type=module, whose flags a worker inherits by default.
        const underInputType = file.endsWith(".mjs")
          ? await run(process.execPath, ["--input-type=module", "-e", `await import("./${file}")`], target)
          : undefined;
        return [name, { build, run: ran, underInputType }] as const;
      }),
    );
  })();

  const bin = join(app, "node_modules", ".bin", "toolshell");
  const [imports, requires, workerRun, binRun, binVersion, binTypeScript, tsc, bundles] = await Promise.all([
    run(process.execPath, ["imports.mjs"], app),
    run(process.execPath, ["requires.cjs"], app),
    run(process.execPath, ["worker-run.mjs"], app),
    run(bin, ["run", "get_user --id 42 | jq -r .name; echo hi"], app),
    run(bin, ["--version"], app),
    run(bin, ["run", "--tools", "tools.ts", "true"], app),
    run(process.execPath, [join(ROOT_MODULES, "typescript/bin/tsc"), "-p", "tsconfig.json"], app),
    bundling,
  ]);
  setup = {
    alone,
    tscAlone,
    build,
    packedFiles: packed[0]?.files.map((file) => file.path) ?? [],
    imports: imports.code === 0 ? JSON.parse(imports.stdout) : {},
    requires,
    workerRun,
    bin: binRun,
    binVersion,
    binTypeScript,
    tsc,
    bundles: Object.fromEntries(bundles) as Setup["bundles"],
  };
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** tsc's error lines about files whose path starts with `fileStart` (the consumer, or the shipped .d.ts). */
function typeErrors(fileStart: string): string[] {
  return `${setup.tsc.stdout}${setup.tsc.stderr}`.split("\n").filter((line) => line.startsWith(fileStart));
}

/** tsc's error lines about the consumer's section for `subpath`. */
function consumerErrors(subpath: string): string[] {
  const [first, last] = CONSUMER_FILE.lines[subpath] ?? [0, 0];
  return typeErrors(`${CONSUMER}(`).filter((line) => {
    const at = Number(/^[^(]+\((\d+),/.exec(line)?.[1]);
    return at >= first && at <= last;
  });
}

/** What the bundled app prints, run from its bundle in any way. */
function expectBundledRun(ran: Ran): void {
  expect(ran.stderr).toBe("");
  const report = JSON.parse(ran.stdout || "{}");
  for (const isolation of ["worker", "inline"]) {
    expect(report[isolation], isolation).toEqual({
      stdout: 'Jane\n["ADMIN","DEV"]\nexit 2\n',
      stderr:
        'get_user: --tag: expected pattern ^[a-z]+$, got "BAD"\nTry: help get_user\n' +
        "get_user: unknown flag --tga (did you mean --tag?); flags: --id, --tag\nTry: help get_user\n",
      exitCode: 2,
    });
  }
}

describe("the packed toolshell", () => {
  it("builds with `npm run build` without errors", () => {
    expect(setup.build.code, `${setup.build.stdout}${setup.build.stderr}`).toBe(0);
  });

  it(`installs alone as at most ${MAX_INSTALLED_PACKAGES} packages and ${MAX_INSTALLED_BYTES / 1e6} MB, with nothing native`, () => {
    const { packages, bytes, native } = setup.alone;
    expect(packages).toContain("toolshell");
    expect(packages.length, packages.join(", ")).toBeLessThanOrEqual(MAX_INSTALLED_PACKAGES);
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    expect(native).toEqual([]);
    // The interpreter ships inside toolshell (dist/interpreter), not as just-bash and its dependencies.
    for (const absent of ["just-bash", "sql.js", "zod", "re2js", "node-liblzma"])
      expect(packages).not.toContain(absent);
    console.log(
      `toolshell alone: ${packages.length} packages, ${(bytes / 1e6).toFixed(1)} MB: ${packages.join(", ")}`,
    );
  });

  it("typechecks a consumer of the root entry with no optional peer installed (no zod, no MCP SDK, no ai)", () => {
    expect(`${setup.tscAlone.stdout}${setup.tscAlone.stderr}`).toBe("");
    expect(setup.tscAlone.code).toBe(0);
  });

  it("ships dist/src, dist/builtins, dist/interpreter and dist/schema, not sources, tests or examples", () => {
    expect(setup.packedFiles).toContain("dist/src/cli/main.js");
    expect(setup.packedFiles).toContain("dist/src/script/thread.js");
    expect(setup.packedFiles).toContain("dist/src/demo/ecommerce-tools.js");
    expect(setup.packedFiles).toEqual(
      expect.arrayContaining([
        "dist/interpreter/just-bash.js",
        "dist/interpreter/just-bash.d.ts",
        "dist/interpreter/LICENSE.just-bash",
        "dist/interpreter/manifest.json",
        "dist/schema/meta-2020.cjs",
        "dist/schema/ajv-2020.cjs",
        "dist/schema/LICENSE.ajv-2020",
      ]),
    );
    const stray = setup.packedFiles.filter(
      (path) =>
        !path.startsWith("dist/src/") &&
        !path.startsWith("dist/builtins/") &&
        !path.startsWith("dist/interpreter/") &&
        !path.startsWith("dist/schema/") &&
        !/^(package\.json|README\.md|LICENSE)$/i.test(path),
    );
    expect(stray).toEqual([]);
  });

  it("ships no source maps, whose sources (src/*.ts) it does not ship, and its MIT LICENSE", () => {
    expect(setup.packedFiles.filter((path) => path.endsWith(".map"))).toEqual([]);
    expect(setup.packedFiles).toContain("LICENSE");
  });

  describe.each(SUBPATHS)("%s", (subpath) => {
    it("has its types and module in the tarball", () => {
      const entry =
        manifest.exports[subpath === "toolshell" ? "." : `./${subpath.slice("toolshell/".length)}`];
      const targets = typeof entry === "string" ? [entry] : [entry?.types, entry?.import];
      for (const target of targets) expect(setup.packedFiles).toContain(target?.replace(/^\.\//, ""));
    });

    it("imports from ESM in the installed package", () => {
      const outcome = setup.imports[subpath];
      expect(outcome?.error ?? "").toBe("");
      expect(outcome?.ok).toBe(true);
      expect(outcome?.url).toContain("/app/node_modules/toolshell/dist/src/");
      expect(outcome?.exports?.length).toBeGreaterThan(0);
    });

    it("requires from CommonJS in the installed package, with the same exports as its import", () => {
      expect(setup.requires.stderr).toBe("");
      const { report } = JSON.parse(setup.requires.stdout || "{}");
      const outcome = report?.[subpath];
      expect(outcome?.error ?? "").toBe("");
      expect(outcome?.path).toContain("/app/node_modules/toolshell/dist/src/");
      expect(outcome?.exports).toEqual(setup.imports[subpath]?.exports);
    });

    it("typechecks a TypeScript consumer against the shipped .d.ts", () => {
      expect(consumerErrors(subpath)).toEqual([]);
    });
  });

  it("ships .d.ts files that typecheck on their own (skipLibCheck off)", () => {
    expect(typeErrors("node_modules/toolshell/")).toEqual([]);
  });

  it("runs tsc over the whole consumer: every error it reports is about a file, none on unchecked lines", () => {
    // (errors in other packages' .d.ts, e.g. `ai` wanting the DOM lib, are theirs and not checked here)
    const output = `${setup.tsc.stdout}${setup.tsc.stderr}`;
    const aboutNoFile = output
      .split("\n")
      .filter((line) => /error TS\d+/.test(line) && !/^\S[^(]*\(\d+,\d+\): error TS\d+/.test(line));
    expect(aboutNoFile).toEqual([]);
    expect(typeErrors(`${CONSUMER}(`)).toEqual(SUBPATHS.flatMap(consumerErrors));
  });

  it("runs a script from a ScriptedTool required from CommonJS", () => {
    expect(JSON.parse(setup.requires.stdout || "{}").stdout).toBe("HI FROM CJS\n");
  });

  it("runs a script in worker mode from the installed dist, real jq included", () => {
    expect(setup.workerRun.stderr).toBe("");
    const { result, url } = JSON.parse(setup.workerRun.stdout);
    expect(url).toContain("/app/node_modules/toolshell/dist/src/index.js");
    expect(result).toMatchObject({ stdout: '{"n":"Jane","id":42}\n', stderr: "", exitCode: 0 });
    expect(result.trace).toMatchObject([{ name: "get_user", params: { id: 42 }, exitCode: 0 }]);
  });

  it("installs the toolshell bin, which runs scripts over the bundled demo tools", () => {
    expect(setup.bin).toMatchObject({ code: 0, stdout: "Jane Doe\nhi\n" });
    expect(setup.bin.stderr).toMatch(
      /^toolshell: no --tools given: using the bundled demo e-commerce tools .*\n$/,
    );
    expect(setup.binVersion).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  describe.each(Object.keys(BUNDLERS) as BundlerName[])("bundled into an application by %s", (name) => {
    it("builds with no flag beyond bundling for Node, and no error", () => {
      const { build } = setup.bundles[name];
      expect(build.code, `${build.stdout}${build.stderr}`).toBe(0);
      // esbuild's CommonJS output warns once that import.meta is empty there (assets/here.js reads it): expected.
      const warnings = `${build.stdout}${build.stderr}`.split("\n").filter((line) => /warning/i.test(line));
      expect(warnings.length, warnings.join("\n")).toBeLessThanOrEqual(1);
      if (warnings.length === 1) expect(`${build.stderr}`).toContain("dist/src/assets/here.js");
    });

    it("runs from a folder with no node_modules, in worker and inline mode, with real jq and schema patterns", () => {
      const { run: ran, underInputType } = setup.bundles[name];
      for (const outcome of underInputType ? [ran, underInputType] : [ran]) expectBundledRun(outcome);
    });
  });

  it.skipIf(NODE_STRIPS_TYPES)(
    "tells a plain-node user to use tsx or compiled JavaScript for a .ts tools module",
    () => {
      expect(setup.binTypeScript.code).toBe(2);
      expect(setup.binTypeScript.stderr).toContain(
        "plain node cannot load TypeScript; run the CLI under tsx",
      );
    },
  );
});
