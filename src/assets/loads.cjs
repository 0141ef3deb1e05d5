"use strict";
// What toolshell loads synchronously on first use rather than when it is imported (decision 0037), as one
// CommonJS module of literal `require` calls (decision 0047): Node resolves them from this file in the installed
// package, and the bundlers (esbuild, webpack, Rollup and Vite, Next.js's) follow a literal require in a CommonJS
// module and put its target in the bundle, still loaded only when the function is called. Types: loads.d.cts.

module.exports = {
  // ajv in one file (scripts/schema/build-ajv-bundle.mjs): a cold process loads it in a third of the time.
  ajv: () => require("#ajv-2020"),
  metaSchemaCheck: () => require("#meta-schema-2020"),
  justBash: () => require("#just-bash"),
  embeddedShell: () => require("./embedded-shell.js"),
  embeddedJq: () => require("./embedded-jq.js"),
};
