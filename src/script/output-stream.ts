/**
 * A script's output as it is made: just-bash's output accumulator, hooked once per thread, hands every chunk
 * appended at script level to the running script's {@link OutputSink}, and a transform plugin marks where each
 * top-level statement ends.
 */
import type { TransformPlugin } from "#just-bash";
import type { OutputSink, Stream } from "../worker/shared-memory.js";

type Append = (
  this: { site?: unknown },
  stream: Stream,
  chunk: string,
  accounted?: number,
  kind?: string,
) => void;

let activeSink: OutputSink | undefined;

/** The sink of the run now executing on this thread (a worker runs one script at a time), or none. */
export function streamTo(sink: OutputSink | undefined): void {
  activeSink = sink;
}

/**
 * Hooks just-bash's output accumulator (`ExecutionOutputAccumulator#append`, internal to the pinned just-bash)
 * so that the active {@link OutputSink} sees every chunk appended at script level. Returns a function that undoes
 * the hook, or undefined when the shape is not the expected one. Costs one comparison per appended chunk.
 */
export function hookScriptOutput(accumulator: { prototype?: unknown }): (() => void) | undefined {
  const proto = accumulator.prototype as { append?: unknown } | undefined;
  if (typeof proto?.append !== "function") return undefined;
  const original = proto.append as Append;
  const patched: Append = function (stream, chunk, accounted, kind) {
    if (activeSink !== undefined && this.site === "script") activeSink.note(stream, chunk, kind);
    original.call(this, stream, chunk, accounted, kind);
  };
  proto.append = patched;
  return () => {
    if (proto.append === patched) proto.append = original;
  };
}

/**
 * A transform plugin that marks the boundaries between the top-level statements of the first script it sees
 * (a run's main script; its background jobs come later): just-bash walks `statements` with an iterator, and
 * asks for the next statement right after it appended the previous one's output to the script's accumulator.
 */
export function statementBoundaries(sink: OutputSink): TransformPlugin {
  let armed = true;
  return {
    name: "toolshell-output-stream",
    transform({ ast }) {
      if (!armed) return { ast };
      armed = false;
      const statements = ast.statements;
      Object.defineProperty(statements, Symbol.iterator, {
        configurable: true,
        value: function* () {
          for (let index = 0; index < statements.length; index++) {
            if (index > 0) sink.boundary();
            yield statements[index];
          }
          sink.boundary();
        },
      });
      return { ast };
    },
  };
}
