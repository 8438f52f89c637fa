// Why a scan cannot start (said for the field that causes it) and what a scan kind brings to starting a run: shared by
// the generic start with the network and policy starter (start.ts) and the web starter (start-web.ts).
import type { Tx } from '../../db/client.ts';
import type { scanRuns } from '../../db/schema/index.ts';
import type { profileForRun } from '../profiles/index.ts';
import type { ScanRow } from './scan-repo.ts';

/** Why a scan cannot start, said for the field that causes it. */
export class StartError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface StartOptions {
  userId: number | null;
  scheduled?: boolean;
}

/** The settings of the profile a run starts with. */
export type ProfileForRun = NonNullable<Awaited<ReturnType<typeof profileForRun>>>;

/** One task's share of the targets. */
export interface TaskPlan {
  targets: string[];
  hosts: number;
}

export interface RunPlan {
  /** Number of addresses the targets expand to (host names count once each: they are resolved by the probe). */
  hosts: number;
  /** The tasks; with group, children of a group-run parent task holding all the targets. */
  tasks: TaskPlan[];
  group: boolean;
}

/** The columns of a run a kind sets itself (the policy of a policy run, the discovery flag of a web run …). */
export type RunExtras = Partial<Pick<typeof scanRuns.$inferInsert, 'policy' | 'exclude' | 'isWasDiscovery' | 'vhosts' | 'cloud'>>;

/** What differs between kinds when a run starts; the rest (run row, tasks, dispatch) is startRun's. */
export interface RunStarter {
  /** The targets of a run starting now (resolved tags included). */
  targets(db: Tx, customerId: number, scan: ScanRow): Promise<string[]>;
  /** The message when there are none (said for the assets field). */
  noTargets: string;
  /** The run's own columns, once its profile is known; throws StartError when the profile cannot be used. */
  extras(db: Tx, customerId: number, scan: ScanRow, profile: ProfileForRun): Promise<RunExtras>;
  /** How the targets split into tasks; throws StartError when they hold nothing to scan. */
  plan(targets: string[], scan: ScanRow): Promise<RunPlan>;
}
