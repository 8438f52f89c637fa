// The aws provider: its regions, collector, controls and credential test (see ../types.ts).
import type { CloudProviderModule } from '../types.ts';
import { collectAws } from './collect.ts';
import { AWS_CONTROLS } from './controls.ts';
import { AWS_REGIONS } from './regions.ts';
import { testAws } from './test.ts';

export const AWS: CloudProviderModule = {
  key: 'aws',
  regions: AWS_REGIONS,
  controls: AWS_CONTROLS,
  collect: collectAws,
  test: testAws,
};
