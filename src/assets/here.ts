/**
 * Where toolshell's own files are (decision 0047). Installed, toolshell runs from its dist/ and this module's URL
 * locates the rest of the package: the worker entries, jq's wasm, the modules it loads synchronously on first use.
 * Bundled into an application (esbuild, webpack, Vite, Next.js), this URL is the bundle's own, or empty in
 * CommonJS output, and those files are not beside it: the worker entries and jq's wasm then come from the copies
 * embedded at build time (embedded-*.ts). (What loads synchronously on first use goes through loads.cjs, which
 * Node and bundlers resolve alike.)
 *
 * This is the one module that reads `import.meta` for that, so a CommonJS bundle gets one warning about it, not one
 * per file.
 */
import { existsSync } from "node:fs";

const meta: ImportMeta | Record<string, undefined> = import.meta;
const url: unknown = meta.url;

/**
 * This module's URL where it is toolshell's own file (src/assets/here.ts, or dist/src/assets/here.js), and there:
 * webpack writes in the module's path at build time, which a bundle deployed without node_modules no longer has.
 */
const HERE: URL | undefined =
  typeof url === "string" && /^file:.*\/src\/assets\/here\.[jt]s$/.test(url) && existsSync(new URL(url))
    ? new URL(url)
    : undefined;

/** Running from the TypeScript sources (tests, development), not from the compiled package. */
export const FROM_SOURCES: boolean = HERE?.pathname.endsWith(".ts") === true;

/**
 * Whether toolshell was bundled into another file: its own files cannot be found from here, so the embedded copies
 * and the bundler's `require` stand in for them.
 */
export const bundled: boolean = HERE === undefined;

/**
 * The URL of one of toolshell's files, given by its path from `src/` (`script/thread.js`), when it is there;
 * undefined inside a bundle, or when a bundler kept this module's build-time path but the file is gone (a bundle
 * deployed without node_modules).
 */
export function ownFile(fromSrc: string): URL | undefined {
  if (!HERE) return undefined;
  const file = new URL(`../${fromSrc}`, HERE);
  return existsSync(file) ? file : undefined;
}

/** A package's entry as `import` would resolve it from here: only when running from the sources (tsx's loader). */
export function resolveForSources(specifier: string): string {
  if (!FROM_SOURCES || typeof meta.resolve !== "function")
    throw new Error("toolshell: not running from sources");
  return meta.resolve(specifier);
}

let ownRequire: NodeJS.Require | undefined;

/**
 * A `require` that resolves from toolshell's package, for what it loads synchronously at run time. Only for the
 * installed package: a bundle resolves those loads itself (their callers write `require("...")` for it).
 */
export function packageRequire(): NodeJS.Require {
  if (!HERE) throw new Error("toolshell: packageRequire() is only for the installed package");
  // Through getBuiltinModule, not an import of createRequire: webpack reads createRequire calls as its own
  // requires, and warns that it cannot follow this one.
  ownRequire ??= process.getBuiltinModule("node:module").createRequire(HERE);
  return ownRequire;
}
