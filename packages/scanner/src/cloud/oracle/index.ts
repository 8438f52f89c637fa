// The oracle provider: its regions, collector, controls and credential test (see ../types.ts).
import type { CloudProviderModule } from '../types.ts';

export const ORACLE: CloudProviderModule = {
  key: 'oracle',
  regions: [],
  controls: [],
  collect: async () => {
    throw new Error('The oracle collector is not built yet.');
  },
  test: async () => ({ ok: false, account: null, missingPermissions: [], message: 'The oracle credential test is not built yet.' }),
};
