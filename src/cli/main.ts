#!/usr/bin/env node
/**
 * The `toolshell` executable: `toolshell run|prompt|mcp|repl`, see `toolshell --help`. The logic lives in the
 * modules beside this file; this one only wires the process to them.
 */
import { processIo } from "./io.js";
import { runCli } from "./program.js";

// A reader that stops early (`toolshell run ... | head -1`) is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await runCli(process.argv, processIo());
