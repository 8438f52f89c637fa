// The cloud part of a claimed task's spec (TaskSpec.cloud, the scanner's CloudScanSpec): the run's provider and regions,
// the profile's credentials opened for this task only, the controls left out, and the operator's endpoints.
import type { CloudScanSpec } from '@bulwark/scanner';
import type { ClaimedTask } from '../tasks/index.ts';
import type { VaultContext } from '../vault/index.ts';

export async function cloudSpecOf(_ctx: VaultContext, _claimed: ClaimedTask): Promise<CloudScanSpec> {
  throw new Error('Cloud task specs are not built yet.');
}
