// How the policy engine reaches a target: a command runner (an SSH session adapted by the server, or this machine for
// tests and benchmarks) and a batcher that folds the requests of one evaluation wave into a single command.
import { spawn } from 'node:child_process';

export interface CommandOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandRunner {
  /** Runs a shell command (sh -c semantics) on the target; privileged = through sudo/su when the credential allows. */
  run(command: string, options?: { privileged?: boolean }): Promise<CommandOutput>;
}

export interface LocalRunnerOptions {
  /** Prefix privileged commands with `sudo -n` (when this process is not root). Default: run them as they are. */
  sudo?: boolean;
  /** Refuse output beyond this many bytes (default 256 MiB). */
  maxOutput?: number;
}

/** Runs commands on this machine with /bin/sh; for tests, benchmarks and the probe's own host. */
export function localRunner(options: LocalRunnerOptions = {}): CommandRunner {
  const maxOutput = options.maxOutput ?? 256 * 1024 * 1024;
  return {
    run(command, runOptions) {
      const argv =
        runOptions?.privileged && options.sudo && process.getuid?.() !== 0 ? ['sudo', '-n', 'sh', '-c', command] : ['sh', '-c', command];
      return new Promise((resolve, reject) => {
        const proc = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        let size = 0;
        proc.stdout.on('data', (b: Buffer) => {
          size += b.length;
          if (size > maxOutput) proc.kill('SIGKILL');
          else out.push(b);
        });
        proc.stderr.on('data', (b: Buffer) => {
          if (err.length < 1024) err.push(b);
        });
        proc.on('error', reject);
        proc.on('close', (code) => {
          if (size > maxOutput) reject(new Error(`Command output exceeded ${maxOutput} bytes.`));
          else resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
        });
      });
    },
  };
}

/**
 * Collects keys requested in the same turn of the event loop and loads them with one call; every key is loaded once
 * per batcher (the evaluation's cache). Evaluation is a tree of promises, so the requests of one "wave" (all objects
 * whose inputs are known) arrive together and cost one round trip to the target.
 */
export class Batcher<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
  private pending: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const p = new Promise<V>((resolve, reject) => this.pending.push({ key, resolve, reject }));
    this.cache.set(key, p);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    return p;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    try {
      const got = await this.loadMany(batch.map((b) => b.key));
      for (const b of batch) {
        if (got.has(b.key)) b.resolve(got.get(b.key) as V);
        else b.reject(new Error(`No result for ${String(b.key)}.`));
      }
    } catch (e) {
      for (const b of batch) b.reject(e);
    }
  }
}

/** Adapts an SSH session (Bulwark's SshSession) to the runner: privileged commands go through its escalation. */
export function sessionRunner(session: {
  run(command: string): Promise<CommandOutput>;
  runPrivileged(command: string): Promise<CommandOutput>;
}): CommandRunner {
  return { run: (command, options) => (options?.privileged ? session.runPrivileged(command) : session.run(command)) };
}
