// The remote probe agent (`bulwark probe`): registers once with a one-time token, then heart-beats, claims tasks while
// it has capacity, runs them with executeTask, reports progress (obeying pause and cancel) and delivers results.
// On shutdown it hands its tasks back with their checkpoints (POST leave/), so another probe carries on at once.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AgentHttp, replyMessage, type AgentReply } from './http.ts';
import type { CommunityCache } from '../checks/index.ts';
import type { HostResult } from '../types.ts';
import { executeTask, type ExecuteOptions, type TaskDecision, type TaskOutcome, type TaskReport, type TaskSpec } from './execute.ts';
import { WEB_ENGINE_VERSION } from '../web/index.ts';

/** What the agent keeps between starts (the secret is only ever in this file, readable by its owner). */
export interface ProbeState {
  server: string;
  probe_id: number;
  secret: string;
  name: string;
}

export interface RemoteProbeOptions {
  /** The server's base URL, e.g. https://bulwark.example.com */
  server: string;
  /** A one-time registration token; registers (again) and replaces the state file. */
  token?: string;
  statePath: string;
  heartbeatSeconds?: number;
  /** How many tasks run at once. */
  tasks?: number;
  /** Seconds between claims while idle. */
  claimSeconds?: number;
  insecure?: boolean;
  hostname: string;
  version: string;
  log?: (line: string) => void;
  execute?: ExecuteOptions;
}

export class ProbeAgentError extends Error {}

interface Running {
  spec: TaskSpec;
  controller: AbortController;
  /** Set when the server said (in a heartbeat) to pause or cancel, or when the probe shuts down. */
  wanted: 'pause' | 'cancel' | 'leave' | null;
  /** The server no longer counts this task as ours: stop without telling it anything. */
  dropped: boolean;
  done: Promise<void>;
  /** Finished hosts no report delivered, handed back on shutdown (the server holds the rest of the checkpoint). */
  undelivered: HostResult[];
}

export function readProbeState(file: string): ProbeState | null {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<ProbeState>;
  if (typeof s.server !== 'string' || typeof s.probe_id !== 'number' || typeof s.secret !== 'string')
    throw new ProbeAgentError(`The state file ${file} is not a probe state file.`);
  return { server: s.server, probe_id: s.probe_id, secret: s.secret, name: s.name ?? '' };
}

function writeProbeState(file: string, state: ProbeState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

export class RemoteProbe {
  private readonly http: AgentHttp;
  private readonly running = new Map<number, Running>();
  private readonly stopping = new AbortController();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private claimLoop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly log: (line: string) => void;
  /** Community templates parsed for earlier tasks: every task carries those it runs, parsed once here. */
  private readonly communityCache: CommunityCache = new Map();
  state: ProbeState | null = null;

  constructor(private readonly o: RemoteProbeOptions) {
    this.http = new AgentHttp(o.server, o.insecure ?? false);
    this.log = o.log ?? ((line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`));
  }

  /** Registers when given a token, else uses the state file; then starts heart-beating and claiming. */
  async start(): Promise<void> {
    this.state = this.o.token ? await this.register(this.o.token) : readProbeState(this.o.statePath);
    if (!this.state)
      throw new ProbeAgentError(`No probe state in ${this.o.statePath}. Register once with --token (make one on the probe's page).`);
    if (!this.o.token && this.state.server.replace(/\/+$/, '') !== this.o.server.replace(/\/+$/, ''))
      throw new ProbeAgentError(`${this.o.statePath} belongs to ${this.state.server}, not ${this.o.server}. Register with --token.`);
    this.http.setCredentials(this.state.probe_id, this.state.secret);
    // The first heartbeat says we hold nothing: tasks a crashed earlier run of this probe held go back to the queue.
    await this.heartbeat(true);
    this.log(`Probe ${this.state.probe_id} (${this.state.name}) is online at ${this.o.server}; up to ${this.capacity} task(s) at once.`);
    this.heartbeatTimer = setInterval(() => void this.heartbeat(false).catch(() => undefined), (this.o.heartbeatSeconds ?? 5) * 1000);
    this.claimLoop = this.claimForever();
  }

  private get capacity(): number {
    return Math.max(1, this.o.tasks ?? 2);
  }

  private async register(token: string): Promise<ProbeState> {
    const reply = await this.http.post<{ probe_id: number; secret: string; name: string }>('register/', {
      token,
      hostname: this.o.hostname,
      version: this.o.version,
    });
    if (reply.status !== 201) throw new ProbeAgentError(`Registration refused: ${replyMessage(reply)}`);
    const state: ProbeState = { server: this.o.server.replace(/\/+$/, ''), ...reply.body };
    writeProbeState(this.o.statePath, state);
    this.log(`Registered as probe ${state.probe_id} (${state.name}); credentials saved in ${this.o.statePath}.`);
    return state;
  }

  /** Fails loudly when the server no longer accepts our credentials (probe deleted or registered elsewhere). */
  private checkAuth(reply: AgentReply): void {
    if (reply.status === 401) {
      this.log('The server refused this probe’s credentials (deleted, or registered again elsewhere). Register with a new --token.');
      this.fatal = new ProbeAgentError('Probe credentials refused.');
      this.stopping.abort();
      this.onFatal?.(this.fatal);
    }
  }

  fatal: Error | null = null;
  /** Called once when the agent cannot go on (credentials refused). */
  onFatal?: (err: Error) => void;

  private async heartbeat(fresh: boolean): Promise<void> {
    let reply: AgentReply<{ tasks: { id: number; action: 'continue' | 'pause' | 'cancel' }[] }>;
    try {
      reply = await this.http.post('heartbeat/', {
        hostname: this.o.hostname,
        version: this.o.version,
        running: [...this.running.keys()],
        fresh,
      });
    } catch (err) {
      if (fresh) throw new ProbeAgentError(`Cannot reach ${this.o.server}: ${(err as Error).message}`);
      this.log(`Heartbeat failed: ${(err as Error).message}`);
      return;
    }
    this.checkAuth(reply);
    if (reply.status !== 200) {
      if (fresh) throw new ProbeAgentError(`Heartbeat refused: ${replyMessage(reply)}`);
      this.log(`Heartbeat refused: ${replyMessage(reply)}`);
      return;
    }
    for (const { id, action } of reply.body.tasks) {
      const task = this.running.get(id);
      if (!task || action === 'continue' || task.wanted) continue;
      task.wanted = action;
      this.log(`Task ${id}: the server asks to ${action}.`);
      task.controller.abort();
    }
  }

  private async claimForever(): Promise<void> {
    const idle = (this.o.claimSeconds ?? 1) * 1000;
    while (!this.stopping.signal.aborted) {
      if (this.running.size >= this.capacity) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      let reply: AgentReply<{ task: TaskSpec } | null>;
      try {
        // The web engine's version: the server gives web tasks only to probes whose engine is current (else error 11).
        reply = await this.http.post('claim/', { web_engine: WEB_ENGINE_VERSION });
      } catch (err) {
        this.log(`Claim failed: ${(err as Error).message}`);
        await sleep(idle * 5, this.stopping.signal);
        continue;
      }
      this.checkAuth(reply);
      if (reply.status === 200 && reply.body) {
        if (this.stopping.signal.aborted) {
          // Claimed as we began to leave: hand it straight back.
          await this.http.post('leave/', { tasks: [{ id: reply.body.task.id, checkpoint: null }] }).catch(() => undefined);
          break;
        }
        this.run(reply.body.task);
        continue;
      }
      if (reply.status !== 204) this.log(`Claim refused: ${replyMessage(reply)}`);
      await sleep(idle, this.stopping.signal);
    }
  }

  private run(spec: TaskSpec): void {
    const entry: Running = {
      spec,
      controller: new AbortController(),
      wanted: null,
      dropped: false,
      done: Promise.resolve(),
      undelivered: [],
    };
    this.running.set(spec.id, entry);
    this.log(
      `Running task ${spec.id}: ${spec.targets.join(', ')}${spec.checkpoint ? ` (resuming after ${spec.checkpoint.done.length} host(s))` : ''}.`,
    );
    entry.done = this.execute(entry)
      .catch((err: unknown) => this.log(`Task ${spec.id}: ${(err as Error).message}`))
      .finally(() => {
        this.running.delete(spec.id);
        this.wake?.();
        this.wake = null;
      });
  }

  private async execute(entry: Running): Promise<void> {
    const id = entry.spec.id;
    const report = async (r: TaskReport): Promise<TaskDecision> => {
      // The wire's `checkpoint` carries only the hosts finished since the last report: the server adds them to what
      // it holds, so a report costs what happened since the previous one, not everything so far.
      const reply = await this.http.post<{ action: TaskDecision }>(`tasks/${id}/report/`, {
        progress: r.progress,
        hosts_done: r.hostsDone,
        hosts_total: r.hostsTotal,
        ...(r.hosts.length > 0 ? { checkpoint: { done: r.hosts } } : {}),
        errors: r.errors.map((e) => ({ type: e.type, message: e.message, host: e.host ?? null })),
        ...(r.web ? { web: r.web } : {}),
      });
      this.checkAuth(reply);
      if (reply.status === 404 || reply.status === 409) {
        entry.dropped = true;
        return 'cancel';
      }
      if (reply.status !== 200) throw new Error(replyMessage(reply));
      return reply.body.action;
    };
    const outcome = await executeTask(entry.spec, { report }, entry.controller.signal, {
      keepHosts: false,
      communityCache: this.communityCache,
      ...this.o.execute,
    });
    if (entry.dropped) {
      this.log(`Task ${id} is no longer this probe’s; dropped.`);
      return;
    }
    if (outcome.outcome === 'stopped') entry.undelivered = outcome.hosts;
    if (entry.wanted === 'leave' && outcome.outcome === 'stopped') return; // handed back by stop()
    const body = this.finishBody(outcome, entry.wanted);
    await this.finish(id, body);
  }

  private finishBody(outcome: TaskOutcome, wanted: Running['wanted']): Record<string, unknown> {
    if (wanted === 'cancel' && outcome.outcome === 'stopped') return { outcome: 'cancelled', checkpoint: { done: outcome.hosts } };
    switch (outcome.outcome) {
      case 'done':
        return { outcome: 'done', result: outcome.result, ...(outcome.web ? { web: outcome.web } : {}) };
      case 'stopped':
        return { outcome: 'stopped', checkpoint: { done: outcome.hosts } };
      case 'cancelled':
        return { outcome: 'cancelled', checkpoint: { done: outcome.hosts ?? [] }, ...(outcome.web ? { web: outcome.web } : {}) };
      case 'failed':
        return {
          outcome: 'failed',
          message: outcome.message,
          checkpoint: { done: outcome.hosts ?? [] },
          ...(outcome.web ? { web: outcome.web } : {}),
        };
    }
  }

  /** Delivers the outcome, retrying for a while: a result is worth waiting for the server. */
  private async finish(id: number, body: Record<string, unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await this.http.post<{ state: number }>(`tasks/${id}/finish/`, body, 300_000);
        this.checkAuth(reply);
        if (reply.status === 200) {
          this.log(`Task ${id} ${String(body.outcome)}.`);
          return;
        }
        if (reply.status === 404 || reply.status === 409) {
          this.log(`Task ${id} is no longer this probe’s; its outcome was not needed.`);
          return;
        }
        throw new Error(replyMessage(reply));
      } catch (err) {
        if (attempt >= 10 || this.fatal) throw new Error(`could not deliver the outcome: ${(err as Error).message}`);
        this.log(`Task ${id}: delivering the outcome failed (${(err as Error).message}); retrying.`);
        await sleep(Math.min(30_000, 1000 * 2 ** attempt));
      }
    }
  }

  /** Stops claiming, pauses running tasks (keeping their checkpoints) and hands them back; the probe shows offline. */
  async stop(): Promise<void> {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.stopping.abort();
    this.wake?.();
    for (const task of this.running.values()) {
      if (!task.wanted) task.wanted = 'leave';
      task.controller.abort();
    }
    const leaving = [...this.running.values()];
    await Promise.all(leaving.map((t) => t.done));
    await this.claimLoop;
    if (this.state && !this.fatal) {
      const tasks = leaving
        .filter((t) => t.wanted === 'leave' && !t.dropped)
        .map((t) => ({ id: t.spec.id, checkpoint: { done: t.undelivered } }));
      try {
        const reply = await this.http.post<{ released: number }>('leave/', { tasks }, 60_000);
        if (reply.status === 200) this.log(`Left: ${reply.body.released} task(s) handed back.`);
        else this.log(`Leaving failed: ${replyMessage(reply)}`);
      } catch (err) {
        this.log(`Leaving failed: ${(err as Error).message}; the server re-queues the tasks once this probe shows offline.`);
      }
    }
    this.http.close();
  }
}
