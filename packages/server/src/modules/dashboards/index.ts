// The face of dashboards: trends for reports, snapshots for housekeeping, its routes. Other modules import it from here
// only.
export { dashboardRoutes } from './routes.ts';
export { trend } from './service.ts';
export { takeSnapshots } from './snapshots.ts';
export { dashboardsJobs } from './jobs.ts';
