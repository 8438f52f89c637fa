// The cloud part of a claimed task's spec (TaskSpec.cloud, the scanner's CloudScanSpec): the run's provider and regions,
// the profile's credentials opened for this task only, the controls left out, and the operator's endpoints.
import { CLOUD_CREDENTIAL_FIELDS } from '@bulwark/core';
import type { CloudScanSpec } from '@bulwark/scanner';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanProfiles, scanTasks } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { cloudProviderOf, cloudRegionsOf } from '../../lib/cloud-profile.ts';
import type { ClaimedTask } from '../tasks/index.ts';
import type { VaultContext } from '../vault/index.ts';

interface StoredCloudFields {
  provider?: unknown;
  regions?: unknown;
  minus_controls?: unknown;
  credentials?: Record<string, unknown>;
}

/** The credentials as the engine takes them: secret fields opened, lists as arrays, empty values left out. */
export function openCloudCredentials(
  provider: keyof typeof CLOUD_CREDENTIAL_FIELDS,
  stored: Record<string, unknown> | undefined,
  box: SecretBox,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of CLOUD_CREDENTIAL_FIELDS[provider]) {
    const v = stored?.[f.name];
    if (Array.isArray(v)) {
      if (v.length) out[f.name] = v.map(String);
    } else if (typeof v === 'string' && v !== '') {
      out[f.name] = f.secret ? box.decrypt(v) : v;
    }
  }
  return out;
}

/**
 * The spec of a cloud task. The credentials are the profile's as it is now (a key rotated since the run started is
 * used), opened here for the probe that claimed the task and no other; they travel only in the claim's answer. The
 * regions are the run's (copied when it started: every supported region when the profile named none).
 */
export async function cloudSpecOf(ctx: VaultContext, { run }: ClaimedTask): Promise<CloudScanSpec> {
  const [profile] =
    run.profileId === null
      ? []
      : await ctx.db
          .select({ fields: scanProfiles.fields })
          .from(scanProfiles)
          .where(and(eq(scanProfiles.id, run.profileId), eq(scanProfiles.type, 'cloud')));
  if (!profile) throw new Error('The cloud profile of this run no longer exists.');
  const fields = profile.fields as unknown as StoredCloudFields;
  const provider = cloudProviderOf(fields);
  if (!provider) throw new Error('The cloud profile of this run names no provider.');
  const regions = run.cloud?.regions?.length ? run.cloud.regions : cloudRegionsOf(provider, fields);
  const minus = Array.isArray(fields.minus_controls) ? fields.minus_controls.map(String) : [];
  return {
    provider,
    credentials: openCloudCredentials(provider, fields.credentials, ctx.secrets),
    regions,
    ...(minus.length ? { minusControls: minus } : {}),
    endpoints: { ...ctx.config.cloud.endpoints },
  };
}

export interface CloudProgressReport {
  phase: string;
  calls: number;
  resources: number;
  regionsDone: number;
  regionsTotal: number;
}

/** Keeps the last cloud progress of a task (each report carries the totals so far). */
export async function saveCloudProgress(db: Db, taskId: number, cloud: CloudProgressReport | undefined): Promise<void> {
  if (!cloud) return;
  const { phase, calls, resources, regionsDone, regionsTotal } = cloud;
  await db.update(scanTasks).set({ cloudProgress: { phase, calls, resources, regionsDone, regionsTotal } }).where(eq(scanTasks.id, taskId));
}
