// The row types of runs and tasks, below both the queue and the run helpers that use them.
import type { scanRuns, scanTasks } from '../../db/schema/index.ts';

export type TaskRow = typeof scanTasks.$inferSelect;
export type RunRow = typeof scanRuns.$inferSelect;
