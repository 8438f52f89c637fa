// The aws provider: its regions, collector, controls and credential test (see ../types.ts).
import type { CloudProviderModule } from '../types.ts';

export const AWS: CloudProviderModule = {
  key: 'aws',
  regions: [],
  controls: [],
  collect: async () => {
    throw new Error('The aws collector is not built yet.');
  },
  test: async () => ({ ok: false, account: null, missingPermissions: [], message: 'The aws credential test is not built yet.' }),
};
