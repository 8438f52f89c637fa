// Every enumeration and numeric code of both spec documents, gathered from the per-area files under codes/.
export { SUBSCRIPTION_TIERS, type SubscriptionTier } from './permissions.ts';
export * from './codes/scans.ts';
export * from './codes/assets.ts';
export * from './codes/vulnerabilities.ts';
export * from './codes/qod.ts';
export * from './codes/remediation.ts';
export * from './codes/reports.ts';
export * from './codes/owasp.ts';
export * from './codes/dashboards.ts';
export * from './codes/training.ts';
export * from './codes/admin.ts';
