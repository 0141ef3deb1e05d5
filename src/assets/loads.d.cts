// Types of loads.cjs.
declare const loads: {
  /** ajv's 2020-12 dialect (ajv is CommonJS), bundled into one file by scripts/schema/build-ajv-bundle.mjs. */
  ajv(): typeof import("ajv/dist/2020.js");
  /** ajv's standalone check of the 2020-12 meta-schema, built by scripts/schema/build-meta-check.mjs (0042). */
  metaSchemaCheck(): (schema: unknown) => boolean;
  /** The interpreter's bundle (re2js with it), an ES module: Node 20.19 and later require it. */
  justBash(): typeof import("#just-bash");
  /** The copies a bundle carries of the worker entries and jq's wasm (scripts/embed.mjs): only inside a bundle. */
  embeddedShell(): typeof import("./embedded-shell.js");
  embeddedJq(): typeof import("./embedded-jq.js");
};
export = loads;
