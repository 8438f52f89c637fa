// Runs one cloud scan task: authenticate, inventory the account through the provider's collector within the call
// budget, evaluate the provider's controls on what was collected, and hand back resources, results and errors.
import type { CloudScanResult, CloudScanSpec, CloudRunOptions } from './types.ts';

export async function runCloudScan(_spec: CloudScanSpec, _options: CloudRunOptions = {}): Promise<CloudScanResult> {
  throw new Error('The cloud engine is not built yet.');
}
