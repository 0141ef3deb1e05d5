import path from "node:path";
import {
  type ByteString,
  type CpOptions,
  type FileContent,
  type FsStat,
  InMemoryFs,
  type MkdirOptions,
  type RmOptions,
} from "#just-bash";
import { MAX_SCRATCH_ENTRIES } from "../limits.js";
import { shownBytes } from "../text/sizes.js";
import { RefusingFileSystem } from "./filesystem.js";

/** The one directory a run with scratch may use. */
const SCRATCH_DIR = "/tmp";
/** Where just-bash puts the files that stand for a process substitution's `<(...)` / `>(...)`. */
const DESCRIPTOR_DIR = "/dev/fd";

/** The absolute, normalised form of a path (`/tmp/../etc` is `/etc`), with no trailing slash. */
function normalized(target: string): string {
  const absolute = path.posix.normalize(target.startsWith("/") ? target : `/${target}`);
  return absolute.length > 1 && absolute.endsWith("/") ? absolute.slice(0, -1) : absolute;
}

function under(target: string, directory: string): boolean {
  return target === directory || target.startsWith(`${directory}/`);
}

/** Bytes a write of this content stores, as the in-memory filesystem counts them. */
function contentBytes(content: FileContent, encoding: unknown): number {
  if (content instanceof Uint8Array) return content.byteLength;
  const name =
    typeof encoding === "string" ? encoding : (encoding as { encoding?: string } | undefined)?.encoding;
  return name === "binary" || name === "latin1" ? content.length : Buffer.byteLength(content, "utf8");
}

/** What filled the scratch space: its bytes or its entries. */
type Full = "bytes" | "entries";

/**
 * An errno-style error (`ENOSPC: ...`, `EACCES: ...`): just-bash's redirections and commands word those as bash
 * does (`No space left on device`, `Permission denied`), and {@link explainScratch} then says why.
 */
class ScratchError extends Error {
  constructor(
    readonly code: "ENOSPC" | "EACCES",
    target: string,
    detail: string,
  ) {
    super(`${code}: ${detail}, '${target}'`);
  }
}

/**
 * TM-FS-002: the opt-in scratch space. `/tmp` (and `/dev/fd`, which process substitution uses) lives in a
 * just-bash InMemoryFs made for this run alone: empty at start, dropped with the run, never on the host's disk.
 * Its bytes (every file together) are capped by the InMemoryFs itself, its entries here; every other path is
 * refused as the logic-only shell refuses it. Paths are normalised before the check, so `/tmp/../etc/passwd` is
 * `/etc/passwd` (refused); links are refused, so no path inside `/tmp` can stand for one outside it.
 */
export class ScratchFileSystem extends RefusingFileSystem {
  override readonly reason: string = `this shell has no filesystem outside its scratch space ${SCRATCH_DIR}`;
  override readonly advice: string = `work on files under ${SCRATCH_DIR}, or pipe the data in on stdin`;
  private readonly memory: InMemoryFs;
  /** Paths whose write found the space full, and by what (for the messages, at most 100). */
  readonly full: Map<string, Full> = new Map();

  constructor(readonly maxBytes: number) {
    super();
    this.memory = new InMemoryFs(undefined, { maxTotalBytes: maxBytes });
    this.memory.mkdirSync(SCRATCH_DIR);
    this.memory.mkdirSync(DESCRIPTOR_DIR, { recursive: true });
    this.ownEntries = this.memory.getAllPaths().length;
  }

  /** The entries the space starts with (`/`, `/tmp`, `/dev`, `/dev/fd`), not counted against its cap. */
  private readonly ownEntries: number;

  /** The normalised path when it lies in the scratch space, else undefined. */
  private scratch(target: string): string | undefined {
    const full = normalized(target);
    return under(full, SCRATCH_DIR) || under(full, DESCRIPTOR_DIR) ? full : undefined;
  }

  private filled(target: string, by: Full): ScratchError {
    if (this.full.size < 100) this.full.set(normalized(target), by);
    return new ScratchError("ENOSPC", target, "no space left on device");
  }

  /** A refusal as an errno-style error, so a redirection outside /tmp fails its command only (patch 1600). */
  protected override refuse(operation: string, target: string): never {
    if (this.refusals.length < 100) this.refusals.push({ operation, path: target });
    throw new ScratchError("EACCES", target, `permission denied: ${this.reason}`);
  }

  /** Runs a change to the scratch space, worded in toolshell's terms when it would pass the byte cap. */
  private async change<T>(target: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("ENOSPC")) throw this.filled(target, "bytes");
      throw error;
    }
  }

  /** Refuses a new entry past the entry cap (a write over an existing file is not a new entry). */
  private async room(target: string): Promise<void> {
    if (await this.memory.exists(target)) return;
    if (this.memory.getAllPaths().length - this.ownEntries >= MAX_SCRATCH_ENTRIES)
      throw this.filled(target, "entries");
  }

  override async readFile(target: string, options?: Parameters<InMemoryFs["readFile"]>[1]): Promise<string> {
    const inside = this.scratch(target);
    return inside ? this.memory.readFile(inside, options) : super.readFile(target);
  }
  async readFileBytes(target: string): Promise<ByteString> {
    const inside = this.scratch(target);
    if (!inside) return (await super.readFile(target)) as unknown as ByteString;
    return this.memory.readFileBytes(inside);
  }
  override async readFileBuffer(target: string): Promise<Uint8Array> {
    const inside = this.scratch(target);
    return inside ? this.memory.readFileBuffer(inside) : super.readFileBuffer(target);
  }
  override async writeFile(target: string, content?: FileContent, options?: unknown): Promise<void> {
    const inside = this.scratch(target);
    if (!inside) return super.writeFile(target);
    await this.room(inside);
    const bytes = content ?? "";
    if (contentBytes(bytes, options) > this.maxBytes) throw this.filled(target, "bytes");
    return this.change(target, () =>
      this.memory.writeFile(inside, bytes, options as Parameters<InMemoryFs["writeFile"]>[2]),
    );
  }
  override async appendFile(target: string, content?: FileContent, options?: unknown): Promise<void> {
    const inside = this.scratch(target);
    if (!inside) return super.appendFile(target);
    await this.room(inside);
    const bytes = content ?? "";
    if (contentBytes(bytes, options) > this.maxBytes) throw this.filled(target, "bytes");
    return this.change(target, () =>
      this.memory.appendFile(inside, bytes, options as Parameters<InMemoryFs["appendFile"]>[2]),
    );
  }
  override async exists(target: string): Promise<boolean> {
    const inside = this.scratch(target);
    return inside ? this.memory.exists(inside) : super.exists(target);
  }
  override async stat(target: string): Promise<FsStat> {
    const inside = this.scratch(target);
    return inside ? this.memory.stat(inside) : super.stat(target);
  }
  override async lstat(target: string): Promise<FsStat> {
    const inside = this.scratch(target);
    return inside ? this.memory.lstat(inside) : super.lstat(target);
  }
  override async mkdir(target: string, options?: MkdirOptions): Promise<void> {
    const inside = this.scratch(target);
    if (!inside) return super.mkdir(target);
    await this.room(inside);
    return this.memory.mkdir(inside, options);
  }
  override async readdir(target: string): Promise<string[]> {
    const inside = this.scratch(target);
    return inside ? this.memory.readdir(inside) : super.readdir(target);
  }
  async readdirWithFileTypes(target: string): ReturnType<InMemoryFs["readdirWithFileTypes"]> {
    const inside = this.scratch(target);
    return inside ? this.memory.readdirWithFileTypes(inside) : this.refuse("read", target);
  }
  override async rm(target: string, options?: RmOptions): Promise<void> {
    const inside = this.scratch(target);
    if (!inside || inside === SCRATCH_DIR || inside === DESCRIPTOR_DIR) return super.rm(target);
    return this.memory.rm(inside, options);
  }
  override async cp(source: string, destination: string, options?: CpOptions): Promise<void> {
    const from = this.scratch(source);
    const to = this.scratch(destination);
    if (!from) return this.refuse("read", source);
    if (!to) return super.cp(source, destination);
    await this.room(to);
    return this.change(destination, () => this.memory.cp(from, to, options));
  }
  override async mv(source: string, destination: string): Promise<void> {
    const from = this.scratch(source);
    const to = this.scratch(destination);
    if (!from || from === SCRATCH_DIR || from === DESCRIPTOR_DIR) return this.refuse("write", source);
    if (!to) return super.mv(source, destination);
    return this.change(destination, () => this.memory.mv(from, to));
  }
  override async chmod(target: string, mode?: number): Promise<void> {
    const inside = this.scratch(target);
    return inside ? this.memory.chmod(inside, mode ?? 0o644) : super.chmod(target);
  }
  override async readlink(target: string): Promise<string> {
    const inside = this.scratch(target);
    return inside ? this.memory.readlink(inside) : super.readlink(target);
  }
  override async realpath(target: string): Promise<string> {
    const inside = this.scratch(target);
    return inside ? this.memory.realpath(inside) : super.realpath(target);
  }
  override async utimes(target: string, atime?: Date, mtime?: Date): Promise<void> {
    const inside = this.scratch(target);
    if (!inside) return super.utimes(target);
    return this.memory.utimes(inside, atime ?? new Date(), mtime ?? new Date());
  }
  // symlink and link stay refused (inherited): a link in /tmp could name a path outside it.
  override resolvePath(base: string, target: string): string {
    return normalized(target.startsWith("/") ? target : `${base}/${target}`);
  }
  override getAllPaths(): string[] {
    return this.memory.getAllPaths().filter((entry) => this.scratch(entry) !== undefined);
  }
}

/** Why the scratch space was full, in the terms of what the script can do. */
function fullReason(by: Full, maxBytes: number): string {
  return by === "entries"
    ? `no space left: the scratch space ${SCRATCH_DIR} holds at most ` +
        `${MAX_SCRATCH_ENTRIES.toLocaleString("en-US")} files and directories; remove some (rm) or keep the data ` +
        "in fewer files"
    : `no space left: the scratch space ${SCRATCH_DIR} holds at most ${shownBytes(maxBytes)} for the whole run ` +
        "(all files together); remove files you no longer need (rm) or keep less data there";
}

const NO_SPACE = /No space left on device|ENOSPC|failed to write output/;

/**
 * TM-FS-002: the lines of commands whose write found the scratch space full, worded with the cap and what to do.
 * just-bash's commands each say it their own way (`tee: /tmp/x: No such file or directory`, `sort: <path>:
 * ENOSPC: ...`, `bash: echo: write error: No space left on device`); a line that names a path that filled the
 * space, or says so, is reworded. Done once on the run's stderr, as the refusals are.
 */
export function explainScratch(stderr: string, filesystem: ScratchFileSystem): string {
  if (filesystem.full.size === 0 || stderr === "") return stderr;
  const paths = [...filesystem.full.keys()];
  const last = [...filesystem.full.values()].at(-1) ?? "bytes";
  return stderr.replace(/^([\w.-]+): (.*)$/gm, (line, command: string, rest: string) => {
    // The path the line names last: `cp: cannot copy '/tmp/a': ... '/tmp/copy'` failed on /tmp/copy.
    const path = paths
      .filter((candidate) => rest.includes(candidate))
      .sort((one, other) => rest.lastIndexOf(other) - rest.lastIndexOf(one))[0];
    if (path === undefined && !NO_SPACE.test(rest)) return line;
    const reason = fullReason(
      path === undefined ? last : (filesystem.full.get(path) ?? last),
      filesystem.maxBytes,
    );
    const writeError = /^(.*?: write error): /.exec(rest);
    // A compound command's output (`for ...; done > /tmp/f`) is written as just-bash's "bash: bash: ...".
    if (writeError) return `${command}: ${writeError[1]?.replace(/^bash: /, "")}: ${reason}`;
    const target = /^([^:]+): No space left on device$/.exec(rest)?.[1];
    return `${command}: ${target ?? path ?? SCRATCH_DIR}: ${reason}`;
  });
}
