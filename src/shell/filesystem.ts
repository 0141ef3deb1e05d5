import type { FsStat, IFileSystem } from "#just-bash";

/** One file access the shell refused during a run. */
export interface Refusal {
  operation: string;
  path: string;
}

const NULL_DEVICE = "/dev/null";
const NO_FILESYSTEM = "this shell has no filesystem";

const COMMAND_PATH = /^\/(?:usr\/)?bin\/([^/]+)$/;

/** Paths just-bash probes while resolving a command name: answering "no" to them is not a refusal. */
function isCommandLookup(path: string): boolean {
  return path === "/usr/bin" || path === "/bin" || COMMAND_PATH.test(path);
}

/** What just-bash's hash table is told about a command it resolved before: a stub it may run by name. */
const COMMAND_STUB: FsStat = {
  isFile: true,
  isDirectory: false,
  isSymbolicLink: false,
  mode: 0o755,
  size: 0,
  mtime: new Date(0),
};

class RefusedError extends Error {
  readonly code = "EACCES";
}

/**
 * A filesystem that holds nothing and refuses everything: the shell is logic-only. `/dev/null` is the one
 * exception (writes vanish, reads are empty). Every refused access is recorded so that the command that tried
 * it can say plainly what was refused and why.
 */
export class RefusingFileSystem implements IFileSystem {
  readonly refusals: Refusal[] = [];

  /** The shell's command names, whose `/usr/bin/<name>` stubs `stat` confirms (no refusal); set with the shell. */
  commands: ReadonlySet<string> = new Set();

  /** Why an access is refused, as messages say it. */
  readonly reason: string = NO_FILESYSTEM;
  /** What a command that was refused a file operand can do instead. */
  readonly advice: string = "pipe the data in on stdin instead";

  protected refuse(operation: string, path: string): never {
    if (this.refusals.length < 100) this.refusals.push({ operation, path });
    throw new RefusedError(`${path}: refused: ${this.reason}`);
  }

  async readFile(path: string): Promise<string> {
    if (path === NULL_DEVICE) return "";
    return this.refuse("read", path);
  }
  async readFileBuffer(path: string): Promise<Uint8Array> {
    if (path === NULL_DEVICE) return new Uint8Array(0);
    return this.refuse("read", path);
  }
  async writeFile(path: string): Promise<void> {
    if (path !== NULL_DEVICE) this.refuse("write", path);
  }
  async appendFile(path: string): Promise<void> {
    if (path !== NULL_DEVICE) this.refuse("write", path);
  }
  async exists(path: string): Promise<boolean> {
    if (!isCommandLookup(path) && path !== NULL_DEVICE && this.refusals.length < 100) {
      this.refusals.push({ operation: "read", path });
    }
    return path === NULL_DEVICE;
  }
  async stat(path: string): Promise<FsStat> {
    const command = COMMAND_PATH.exec(path)?.[1];
    // just-bash re-checks each hashed command on every use: answering cheaply keeps a tool call from costing
    // a thrown error and a bogus refusal.
    if (command !== undefined && this.commands.has(command)) return COMMAND_STUB;
    if (path === NULL_DEVICE) {
      return {
        isFile: true,
        isDirectory: false,
        isSymbolicLink: false,
        mode: 0o666,
        size: 0,
        mtime: new Date(0),
      };
    }
    return this.refuse("read", path);
  }
  async lstat(path: string): Promise<FsStat> {
    return this.stat(path);
  }
  async mkdir(path: string): Promise<void> {
    this.refuse("write", path);
  }
  async readdir(path: string): Promise<string[]> {
    return this.refuse("read", path);
  }
  async rm(path: string): Promise<void> {
    this.refuse("write", path);
  }
  async cp(_source: string, destination: string): Promise<void> {
    this.refuse("write", destination);
  }
  async mv(_source: string, destination: string): Promise<void> {
    this.refuse("write", destination);
  }
  async chmod(path: string): Promise<void> {
    this.refuse("write", path);
  }
  async symlink(_target: string, linkPath: string): Promise<void> {
    this.refuse("write", linkPath);
  }
  async link(_existing: string, newPath: string): Promise<void> {
    this.refuse("write", newPath);
  }
  async readlink(path: string): Promise<string> {
    return this.refuse("read", path);
  }
  async realpath(path: string): Promise<string> {
    return this.refuse("read", path);
  }
  async utimes(path: string): Promise<void> {
    this.refuse("write", path);
  }
  resolvePath(base: string, path: string): string {
    if (path.startsWith("/")) return path;
    return base.endsWith("/") ? `${base}${path}` : `${base}/${path}`;
  }
  getAllPaths(): string[] {
    return [];
  }
}
