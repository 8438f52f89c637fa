// The scanner's TaskSpec for a claimed task, as a probe (built-in or remote) receives it: the task's targets and checkpoint, the
// run's exclusions and profile, the ids of the checks the profile selects, and the community templates among them.
import type { TaskSpec } from '@bulwark/scanner';
import { communityTemplatesOf, selectTests } from '../catalogue/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { taskCheckpointHosts } from '../tasks/index.ts';
import type { ClaimedTask } from '../tasks/index.ts';

/** The task's checkpoint: the hosts it finished (scan_task_hosts), or a whole checkpoint stored before them. */
async function checkpointOf(db: Db, task: ClaimedTask['task']): Promise<TaskSpec['checkpoint']> {
  const done = await taskCheckpointHosts(db, task.id);
  if (done.length > 0) return { done: done as NonNullable<TaskSpec['checkpoint']>['done'] };
  return (task.checkpoint as TaskSpec['checkpoint']) ?? null;
}

export async function taskSpecOf(db: Db, { task, run }: ClaimedTask): Promise<TaskSpec> {
  const p = run.profile;
  const tests = await selectTests(p);
  const community = await communityTemplatesOf(tests);
  return {
    id: task.id,
    targets: task.targets,
    exclude: run.exclude,
    profile: p,
    checkpoint: await checkpointOf(db, task),
    tests,
    ...(community.length > 0 ? { community } : {}),
  };
}
