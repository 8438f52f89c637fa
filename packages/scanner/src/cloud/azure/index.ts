// The azure provider: its regions, collector, controls and credential test (see ../types.ts). Azure Resource Manager
// and Microsoft Graph read over their REST APIs with fetch (the @azure/arm-* SDKs of this year need Node 22).
import type { CloudProviderModule } from '../types.ts';
import { testAzure } from './check.ts';
import { collectAzure } from './collect.ts';
import { AZURE_CONTROLS } from './controls.ts';
import { AZURE_REGIONS } from './regions.ts';

export const AZURE: CloudProviderModule = {
  key: 'azure',
  regions: AZURE_REGIONS,
  controls: AZURE_CONTROLS,
  collect: collectAzure,
  test: testAzure,
};
