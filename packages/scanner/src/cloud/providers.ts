// The providers, each in its own folder: the engine, the credential test and the catalogue find them here.
import type { CloudProviderKey, CloudProviderModule } from './types.ts';
import { AWS } from './aws/index.ts';
import { AZURE } from './azure/index.ts';
import { GOOGLE } from './google/index.ts';
import { ORACLE } from './oracle/index.ts';

export const CLOUD_PROVIDERS: Record<CloudProviderKey, CloudProviderModule> = { aws: AWS, azure: AZURE, google: GOOGLE, oracle: ORACLE };

/** Every control of every provider (the catalogue, cloud/controls/). */
export const cloudControls = () => Object.values(CLOUD_PROVIDERS).flatMap((p) => p.controls);
