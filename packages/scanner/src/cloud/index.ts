// The cloud engine's public face: the scan, the credential test, the providers' regions and the control catalogue.
export * from './types.ts';
export { runCloudScan } from './engine.ts';
export { CLOUD_PROVIDERS, cloudControls } from './providers.ts';
export { cloudFailureErrors } from './failures.ts';
