// The server's side of the built-in probe's scan process: started on the first task, it runs every task of this
// server's built-in probe off the HTTP event loop. A task whose process dies ends 'lost' (the probe queues it again).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TaskDecision, TaskOutcome, TaskReport, TaskSpec } from '@bulwark/scanner';
import type { FromScanProcess, ScanProcessOptions, ToScanProcess } from './protocol.ts';

export type ScanProcessOutcome = TaskOutcome | { outcome: 'lost'; message: string };

interface Pending {
  report: (report: TaskReport) => Promise<TaskDecision>;
  resolve: (outcome: ScanProcessOutcome) => void;
}

const entry = fileURLToPath(new URL('./child.js', import.meta.url));

export class ScanProcess {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();

  /** The process id while it runs (for measurements and operators). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Runs a task in the scan process; `signal` aborting stops it as a probe shutting down does ('stopped'). */
  run(
    spec: TaskSpec,
    options: ScanProcessOptions,
    report: (report: TaskReport) => Promise<TaskDecision>,
    signal: AbortSignal,
  ): Promise<ScanProcessOutcome> {
    const child = this.ensure();
    return new Promise((resolve) => {
      const onAbort = (): void => this.post(child, { type: 'abort', id: spec.id });
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(spec.id, {
        report,
        resolve: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      });
      this.post(child, { type: 'run', id: spec.id, spec, options });
      if (signal.aborted) onAbort();
    });
  }

  /** Ends the process once no task runs in it (call after every task has ended). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  private ensure(): ChildProcess {
    if (this.child && this.child.connected) return this.child;
    // The parent's loaders (tsx as --import, vitest's) are not the child's business: child.js loads its own.
    const child = fork(entry, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: FromScanProcess) => this.receive(child, message));
    child.on('exit', (code, sig) => {
      if (this.child === child) this.child = null;
      const why = `The built-in probe's scan process ended unexpectedly (${sig ? `signal ${sig}` : `exit code ${code}`}).`;
      for (const [id, p] of this.pending) {
        this.pending.delete(id);
        p.resolve({ outcome: 'lost', message: why });
      }
    });
    child.on('error', () => undefined);
    this.child = child;
    return child;
  }

  private post(child: ChildProcess, message: ToScanProcess): void {
    if (child.connected) child.send(message);
  }

  private receive(child: ChildProcess, message: FromScanProcess): void {
    const p = this.pending.get(message.id);
    if (!p) return;
    if (message.type === 'outcome') {
      this.pending.delete(message.id);
      p.resolve(message.outcome);
      return;
    }
    p.report(message.report).then(
      (decision) => this.post(child, { type: 'answer', id: message.id, seq: message.seq, decision }),
      (err: unknown) =>
        this.post(child, { type: 'answer', id: message.id, seq: message.seq, error: err instanceof Error ? err.message : String(err) }),
    );
  }
}
