// The scanner's TaskSpec for a claimed task, as a probe (built-in or remote) receives it: the task's targets and checkpoint, the
// run's exclusions and profile, the ids of the checks the profile selects, and the community templates among them.
import type { TaskSpec } from '@bulwark/scanner';
import { communityTemplatesOf, selectTests } from '../catalogue/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { taskCheckpointHosts } from '../tasks/index.ts';
import { linuxLoginsFor, pinnedHostKeys, windowsLoginsFor } from '../credentials/service.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { ClaimedTask } from '../tasks/index.ts';
import { policyContent } from '../policies/service.ts';

/** The task's checkpoint: the hosts it finished (scan_task_hosts), or a whole checkpoint stored before them. */
async function checkpointOf(db: Db, task: ClaimedTask['task']): Promise<TaskSpec['checkpoint']> {
  const done = await taskCheckpointHosts(db, task.id);
  if (done.length > 0) return { done: done as NonNullable<TaskSpec['checkpoint']>['done'] };
  return (task.checkpoint as TaskSpec['checkpoint']) ?? null;
}

/**
 * The spec a probe runs. The profile's Linux credentials are decrypted here, for the probe that claimed this task and
 * no other; they travel only in the claim's answer (or to the built-in probe's scan process) and are not stored.
 */
export async function taskSpecOf(db: Db, box: SecretBox, { task, run }: ClaimedTask): Promise<TaskSpec> {
  const p = run.profile;
  const linux = p.lin_auths?.length ? await linuxLoginsFor(db, box, run.customerId, p.lin_auths) : [];
  if (run.scanType === 'oval') {
    // A policy task: the policy's content, and only the credentials' SSH ports (no checks, no service identification).
    const policy = run.policy ? await policyContent(db, run.customerId, run.policy.id, run.policy.ignorePlatform ?? false) : null;
    if (!policy) throw new Error(`The policy ${run.policy?.id ?? ''} of this run is no longer in the library.`);
    const ports = [...new Set(linux.map((l) => l.port))].join(',');
    return {
      id: task.id,
      targets: task.targets,
      exclude: run.exclude,
      profile: { standard_scan: false, custom_tcp_range: ports || '22' },
      checkpoint: await checkpointOf(db, task),
      tests: [],
      credentials: { linux, pinnedHostKeys: await pinnedHostKeys(db, run.customerId) },
      policy,
    };
  }
  const tests = await selectTests(p);
  const community = await communityTemplatesOf(tests);
  const windows = p.win_auths?.length ? await windowsLoginsFor(db, box, run.customerId, p.win_auths) : [];
  return {
    ...(linux.length > 0 || windows.length > 0
      ? { credentials: { linux, ...(windows.length > 0 ? { windows } : {}), pinnedHostKeys: await pinnedHostKeys(db, run.customerId) } }
      : {}),
    id: task.id,
    targets: task.targets,
    exclude: run.exclude,
    profile: p,
    checkpoint: await checkpointOf(db, task),
    tests,
    ...(community.length > 0 ? { community } : {}),
  };
}
