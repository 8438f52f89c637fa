// The scanner's TaskSpec for a claimed task, as a probe (built-in or remote) receives it: the task's targets and checkpoint, the
// run's exclusions and profile, the ids of the checks the profile selects, and the community templates among them.
import { SCAN_ERROR_TYPE } from '@bulwark/core';
import type { TaskSpec } from '@bulwark/scanner';
import { communityTemplatesOf, selectTests } from '../catalogue/index.ts';
import type { Db } from '../../db/client.ts';
import { addScanErrors, taskCheckpointHosts, type ClaimedTask } from '../tasks/index.ts';
import { credentialRowsFor, linuxLoginOf, loginsOf, pinnedHostKeys, windowsLoginOf } from '../credentials/index.ts';
import { borrow, type VaultContext } from '../vault/index.ts';
import { policyContent } from '../policies/index.ts';
import type { WebProfileSettings } from '@bulwark/core';
import { webCredentialLogin, webSpecOf } from './web-task-spec.ts';
import { cloudSpecOf } from './cloud-task-spec.ts';
import { withExceptions } from './task-spec-exceptions.ts';
import { extraCaOf } from '../../lib/extra-ca.ts';

/** The task's checkpoint: the hosts it finished (scan_task_hosts), or a whole checkpoint stored before them. */
async function checkpointOf(db: Db, task: ClaimedTask['task']): Promise<TaskSpec['checkpoint']> {
  const done = await taskCheckpointHosts(db, task.id);
  if (done.length > 0) return { done: done as NonNullable<TaskSpec['checkpoint']>['done'] };
  return (task.checkpoint as TaskSpec['checkpoint']) ?? null;
}

/**
 * The spec a probe runs. The profile's credentials are decrypted here, for the probe that claimed this task and no
 * other; they travel only in the claim's answer (or to the built-in probe's scan process) and are not stored. Vault
 * credentials are borrowed from the customer's BeyondTrust Password Safe for this task (checked in when it ends); one
 * the vault refuses is left out and the run gets an authentication error (4) saying why.
 */
export async function taskSpecOf(ctx: VaultContext & { clock?: () => Date }, claimed: ClaimedTask): Promise<TaskSpec> {
  return withExceptions(ctx.db, claimed.run.customerId, await specOf(ctx, claimed), ctx.clock?.() ?? new Date());
}

async function specOf(ctx: VaultContext, { task, run }: ClaimedTask): Promise<TaskSpec> {
  const { db, secrets: box } = ctx;
  const p = run.profile;
  if (run.scanType === 'cloud') {
    // A cloud task: one provider account (cloud-task-spec.ts); no targets to sweep, no checks.
    return {
      id: task.id,
      targets: task.targets,
      exclude: [],
      profile: {},
      checkpoint: null,
      tests: [],
      cloud: await cloudSpecOf(ctx, { task, run }),
    };
  }
  if (run.scanType === 'was') {
    // A web task: one web application (the task's one target), the web profile's settings (web-task-spec.ts).
    const profile = p as unknown as WebProfileSettings;
    const login = await webCredentialLogin(ctx, { ...run, profile }, task.id);
    const web = webSpecOf(task.targets[0]!, { profile, isWasDiscovery: run.isWasDiscovery, vhosts: run.vhosts }, box, login);
    // A re-test runs only the web tests that found its findings.
    if (run.retest) web.tests = [...run.retest.tests];
    return { id: task.id, targets: task.targets, exclude: [], profile: {}, checkpoint: null, tests: [], web };
  }
  const linuxRows = p.lin_auths?.length ? await credentialRowsFor(db, run.customerId, p.lin_auths, 'linux') : [];
  const windowsRows =
    run.scanType !== 'oval' && p.win_auths?.length ? await credentialRowsFor(db, run.customerId, p.win_auths, 'windows') : [];
  const vault = await borrow(ctx, run.customerId, [...linuxRows, ...windowsRows], task.id, `Bulwark scan "${run.name}", task ${task.id}`);
  if (vault.failures.length > 0)
    await addScanErrors(
      db,
      run,
      task.id,
      vault.failures.map((f) => ({ type: SCAN_ERROR_TYPE.auth_failed, message: `Vault credential "${f.name}": ${f.message}` })),
    );
  const linux = loginsOf(linuxRows, vault.borrowed, (r, b) => linuxLoginOf(r, box, b));
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
  // A re-test runs only the tests that found its findings (named, so a community web template among them runs too).
  const tests = run.retest ? run.retest.tests : await selectTests(p);
  const named = run.retest ? run.retest.tests : (p.plus_tests ?? []);
  const community = await communityTemplatesOf(tests);
  const windows = loginsOf(windowsRows, vault.borrowed, (r, b) => windowsLoginOf(r, box, b));
  // The profile's Kubernetes credential (issue 32): the cluster is read beside the network scan, its token opened for
  // this task and the operator's extra CA sent along, so a remote probe trusts the same API servers as the server.
  const kubeRows = p.kubernetes_auth ? await credentialRowsFor(db, run.customerId, [p.kubernetes_auth], 'kubernetes') : [];
  const extraCa = kubeRows.length > 0 ? extraCaOf(ctx.config) : undefined;
  const kubernetesLogins = kubeRows.map((r) => ({
    id: r.id,
    name: r.name,
    url: String((r.fields as Record<string, unknown>).url ?? ''),
    token: r.secrets.token ? box.decrypt(r.secrets.token) : '',
    ...(extraCa ? { extraCa } : {}),
  }));
  return {
    ...(linux.length > 0 || windows.length > 0 || kubernetesLogins.length > 0
      ? {
          credentials: {
            linux,
            ...(windows.length > 0 ? { windows } : {}),
            pinnedHostKeys: await pinnedHostKeys(db, run.customerId),
            ...(kubernetesLogins.length > 0 ? { kubernetesLogins } : {}),
          },
        }
      : {}),
    id: task.id,
    targets: task.targets,
    exclude: run.exclude,
    profile: p,
    checkpoint: await checkpointOf(db, task),
    tests,
    ...(community.length > 0 ? { community } : {}),
    ...(named.length ? { namedTests: named } : {}),
  };
}
