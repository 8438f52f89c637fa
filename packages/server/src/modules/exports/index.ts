// The face of exports: the export job and its expiry, its routes. Other modules import it from here only.
export { exportRoutes } from './routes.ts';
export { deleteExpiredExports, EXPORT_QUEUE, runExport } from './service.ts';
export { exportsJobs } from './jobs.ts';
