import { Bash, type Command, type ExecResult } from "#just-bash";

/**
 * just-bash counts every byte a run's commands print toward one total (`maxOutputSize`, which bounds what the shell
 * holds: a loop's output is kept in memory until the loop ends). Bytes a pipe hands on are given back, but bytes a
 * redirection throws away are not: 40 x `tool > /dev/null` of 1 MiB ended the run at 32 MiB (TM-LIM-001). In this
 * shell the only place a redirection can send output out of a result is /dev/null (the guard and the filesystem
 * refuse files), so a redirection's result is made uncounted when it is routed: what it kept is counted where it
 * lands (the enclosing loop, pipe or script), what it dropped never again.
 *
 * The counter lives on just-bash's execution scope (`accountResult` and the public `outputBytes` field of the pinned
 * 3.4.2, a private class); its prototype is found through the scope a command is handed. A different shape is left
 * alone: redirected output then counts as before.
 */

interface Accounting {
  stdout?: number;
  stderr?: number;
}
interface AccountedResult {
  internalOutputAccounting?: Accounting;
}
type AccountResult = (this: Scope, result: unknown, site?: string, ...rest: unknown[]) => unknown;
interface Scope {
  outputBytes: number;
  limits?: unknown;
  accountResult: AccountResult;
}

/** just-bash's own registration of its bundled commands (private in the pinned 3.4.2); see run-script.ts. */
interface DirectRegistration {
  registerBundledCommand(command: Command): void;
}

/** The limits objects of toolshell's shells: only their scopes are changed, not another user's of just-bash. */
const ours = new WeakSet<object>();

/** Marks a shell's limits object as toolshell's (its scopes share it). */
export function ownLimits(bash: Bash): void {
  const limits: unknown = (bash as unknown as { limits?: unknown }).limits;
  if (typeof limits === "object" && limits !== null) ours.add(limits);
}

function isScope(value: unknown): value is Scope {
  if (typeof value !== "object" || value === null) return false;
  const scope = value as Partial<Scope>;
  return typeof scope.outputBytes === "number" && typeof scope.accountResult === "function";
}

function uncounted(result: unknown): unknown {
  const zero: Accounting = { stdout: 0, stderr: 0 };
  if (Object.isExtensible(result)) {
    (result as AccountedResult).internalOutputAccounting = zero;
    return result;
  }
  return { ...(result as object), internalOutputAccounting: zero };
}

function patch(proto: Scope): void {
  const original = proto.accountResult;
  proto.accountResult = function (result, site, ...rest) {
    if (site !== "redirection" || !ours.has(this.limits as object) || typeof result !== "object" || !result) {
      return original.call(this, result, site, ...rest);
    }
    // TM-LIM-001: give back what was counted of this result (a group's or loop's output, counted as it was
    // collected) and leave the rest uncounted; the caller counts what the redirection kept when it lands.
    const accounted = (result as AccountedResult).internalOutputAccounting;
    const bytes = (accounted?.stdout ?? 0) + (accounted?.stderr ?? 0);
    if (Number.isSafeInteger(bytes) && bytes > 0) this.outputBytes -= Math.min(bytes, this.outputBytes);
    return uncounted(result);
  };
}

let hooked: Promise<boolean> | undefined;

/**
 * Hooks just-bash's output accounting on this thread, once, by running a probe command that is handed the
 * execution scope. False if just-bash's shape changed (nothing is hooked then).
 */
export function releaseDiscardedOutput(): Promise<boolean> {
  hooked ??= (async () => {
    try {
      let proto: unknown;
      const probe: Command = {
        name: "__toolshell_probe",
        trusted: true,
        async execute(_args, context): Promise<ExecResult> {
          // The context is revoked when the command returns: take the prototype now.
          const scope: unknown = (context as { executionScope?: unknown }).executionScope;
          if (isScope(scope)) proto = Object.getPrototypeOf(scope);
          return { stdout: "", stderr: "", exitCode: 0 };
        },
      };
      const bash = new Bash({ commands: [], defenseInDepth: false });
      const register = (bash as unknown as Partial<DirectRegistration>).registerBundledCommand;
      if (typeof register !== "function") return false;
      register.call(bash, probe);
      await bash.exec("__toolshell_probe");
      if (typeof proto !== "object" || proto === null) return false;
      if (typeof (proto as Partial<Scope>).accountResult !== "function") return false;
      patch(proto as Scope);
      return true;
    } catch {
      return false;
    }
  })();
  return hooked;
}
