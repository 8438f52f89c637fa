// What the rest of the server holds of the job queue (the context carries it): a sender and a stop, below the
// queue's own wiring (jobs.ts, which runs the queues the modules declare in ModuleJobs).
import type PgBoss from 'pg-boss';

export interface Jobs {
  boss: PgBoss;
  /** Sends a job and wakes this process's worker for its queue, if it has one. */
  send(queue: string, data: object): Promise<string | null>;
  stop(): Promise<void>;
}
