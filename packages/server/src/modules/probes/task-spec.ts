// The scanner's TaskSpec for a claimed task, as a probe (built-in or remote) receives it: the task's targets and checkpoint, the
// run's exclusions and profile, and the ids of the checks the profile selects.
import type { TaskSpec } from '@bulwark/scanner';
import { selectTests } from '../catalogue/catalogue.ts';
import type { ClaimedTask } from '../scans/tasks.ts';

export async function taskSpecOf({ task, run }: ClaimedTask): Promise<TaskSpec> {
  const p = run.profile;
  const tests = await selectTests(p);
  return {
    id: task.id,
    targets: task.targets,
    exclude: run.exclude,
    profile: p,
    checkpoint: (task.checkpoint as TaskSpec['checkpoint']) ?? null,
    tests,
  };
}
