// The face of scans: the scans module (routes and its loops), scan schedules and the job that starts them. Other
// modules import it from here only.
export { scheduleRoutes } from './routes-schedules.ts';
export { scansModule } from './routes.ts';
export { runDueScanSchedules } from './schedules.ts';
export { SCAN_SCHEDULE_QUEUE, scansJobs } from './jobs.ts';
// For the web scans (modules/was): the generic run routes, the scan rows and starting a run.
export { runRoutes } from './routes-runs.ts';
export { toWebRunRows } from './runs-web.ts';
export { getRun, taskProgressByRun, toRunRows } from './runs-repo.ts';
export { scanCrudRoutes, type ScanRouteSet } from './scan-crud.ts';
export { getScan, listScans, referenceErrors, toNetworkScans, type ScanRow } from './scan-repo.ts';
export { StartError, startRun } from './start.ts';
// For tickets' re-tests: a run narrowed to hosts, ports and tests.
export { narrowedProfile, startNarrowedRun, type NarrowedRunInput, type NarrowedShare } from './start-retest.ts';
export { webRunTargets } from './start-web.ts';
