// Starting a cloud scan (scan_type 'cloud'), what differs from the generic start (start.ts): the target is the
// profile's provider account, read by one task (the engine spreads its calls over the regions itself); the provider and
// the regions to read are copied onto the run.
import type { RunStarter } from './start-error.ts';

/** Cloud runs: one task for the profile's account. */
export const cloudStarter: RunStarter = {
  targets: async () => {
    throw new Error('Cloud scans are not started yet.');
  },
  noTargets: 'The scan has no cloud profile to scan.',
  extras: async () => ({}),
  plan: async (targets) => ({ hosts: 1, tasks: [{ targets, hosts: 1 }], group: false }),
};
