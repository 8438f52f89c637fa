// What a module declares of its background work: its job queues (with their schedule and worker), its housekeeping
// tasks and the loops a serving process starts and stops. Each module exports one ModuleJobs from its face; the
// composition root (src/module-jobs.ts) lists them and hands them to the jobs package, which imports no module.
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';

/** What a job's worker has at hand besides its job: the context, and a sender that wakes this process's worker. */
export interface WorkContext {
  ctx: AppContext;
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
}

/** How often an idle worker of the queue polls: fast (at most every second), the process's pace, slow (every 5 s or less often). */
export type Polling = 'fast' | 'normal' | 'slow';

export interface JobQueue<T extends object = object> {
  name: string;
  /** Retries, expiry, policy, dead letter (`deadLetter: true` sends failed jobs to the dead-letter queue). */
  options?: Omit<PgBoss.Queue, 'name' | 'deadLetter'> & { deadLetter?: boolean };
  /** The queue's schedule kept by working processes (null: none, and an earlier one is removed). */
  schedule?: (ctx: AppContext) => { cron: string; data?: object; options?: PgBoss.ScheduleOptions } | null;
  polling?: Polling;
  /** Runs one job in a working process; what it answers is stored as the job's output. */
  work?: (job: PgBoss.JobWithMetadata<T>, w: WorkContext) => Promise<unknown>;
}

/** One housekeeping task: answers counts, merged (summed by name) into the housekeeping job's result. */
export type HousekeepingTask = (db: AppContext['db'], now: Date) => Promise<Record<string, number>>;

/**
 * What a module does once a run's results are processed (tickets fixed or reopened, rules evaluated): run in module
 * order by the run-processed job, which results processing sends after a run's results are merged.
 */
export type RunProcessedHook = (w: WorkContext, runId: number) => Promise<void>;
export const RUN_PROCESSED_QUEUE = 'run-processed';

/** A loop a serving process starts when ready; what it answers stops it before the database closes. */
export type ServeLoop = (ctx: AppContext) => Promise<(() => Promise<void>) | void> | (() => Promise<void>) | void;

export interface ModuleJobs {
  /** The module's name, for logs. */
  module: string;
  // A queue's job data differs per queue; the declaration keeps each queue's own type where it is written.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queues?: JobQueue<any>[];
  housekeeping?: HousekeepingTask[];
  afterRunProcessed?: RunProcessedHook[];
  /** Background loops of `bulwark serve` (not of `bulwark worker`): the built-in probe, the remote probe sweeper. */
  serve?: ServeLoop[];
}

/** Declares a queue with its job's type checked where it is written. */
export function jobQueue<T extends object>(queue: JobQueue<T>): JobQueue<T> {
  return queue;
}
