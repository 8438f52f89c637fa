// The google provider: its regions, collector, controls and credential test (see ../types.ts).
import type { CloudProviderModule } from '../types.ts';

export const GOOGLE: CloudProviderModule = {
  key: 'google',
  regions: [],
  controls: [],
  collect: async () => {
    throw new Error('The google collector is not built yet.');
  },
  test: async () => ({ ok: false, account: null, missingPermissions: [], message: 'The google credential test is not built yet.' }),
};
