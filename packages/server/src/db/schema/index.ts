// The whole database schema, one file per product area.
export * from './customers.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './intel.ts';
export * from './scans.ts';
export * from './assets.ts';
export * from './inventory.ts';
export * from './vulnerabilities.ts';
export * from './news.ts';
export * from './dashboards.ts';
export * from './audit.ts';
export * from './leases.ts';
export * from './reports.ts';
export * from './schedules.ts';
export * from './integrations.ts';
export * from './credentials.ts';
