// The azure provider: its regions, collector, controls and credential test (see ../types.ts).
import type { CloudProviderModule } from '../types.ts';

export const AZURE: CloudProviderModule = {
  key: 'azure',
  regions: [],
  controls: [],
  collect: async () => {
    throw new Error('The azure collector is not built yet.');
  },
  test: async () => ({ ok: false, account: null, missingPermissions: [], message: 'The azure credential test is not built yet.' }),
};
