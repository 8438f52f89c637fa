// What the rest of the server holds of the job queue (the context carries it): below the queue's own wiring, which
// imports the modules whose jobs it runs, so that holding it imports none of them.
import type PgBoss from 'pg-boss';

export interface Jobs {
  boss: PgBoss;
  /** Sends a job and wakes this process's worker for its queue, if it has one. */
  send(queue: string, data: object): Promise<string | null>;
  stop(): Promise<void>;
}
