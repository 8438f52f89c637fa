// The face of scans: the scans module (routes and its loops), scan schedules and the job that starts them. Other
// modules import it from here only.
export { scheduleRoutes } from './routes-schedules.ts';
export { scansModule } from './routes.ts';
export { runDueScanSchedules } from './schedules.ts';
export { SCAN_SCHEDULE_QUEUE, scansJobs } from './jobs.ts';
