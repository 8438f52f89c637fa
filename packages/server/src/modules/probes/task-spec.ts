// The scanner's TaskSpec for a claimed task, as a remote probe receives it: the task's targets and checkpoint, the
// run's exclusions and profile, and the ids of the checks the profile selects.
import { loadTemplates, selectTemplates, type CheckTemplate, type TaskSpec } from '@bulwark/scanner';
import type { ClaimedTask } from '../scans/tasks.ts';

let loaded: Promise<CheckTemplate[]> | null = null;

/** The shipped check templates (loaded once per process), for the profile's test selection. */
function templates(): Promise<CheckTemplate[]> {
  loaded ??= loadTemplates().then((r) => r.templates);
  return loaded;
}

export async function taskSpecOf({ task, run }: ClaimedTask): Promise<TaskSpec> {
  const p = run.profile;
  const tests = selectTemplates(await templates(), p).map((t) => t.id);
  return {
    id: task.id,
    targets: task.targets,
    exclude: run.exclude,
    profile: p,
    checkpoint: (task.checkpoint as TaskSpec['checkpoint']) ?? null,
    tests,
  };
}
