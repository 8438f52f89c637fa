// The face of reports: report generation and schedules (jobs), digests, the finding selection that exports share,
// its routes. Other modules import it from here only.
export { reportScheduleRoutes } from './routes-schedules.ts';
export { reportRoutes } from './routes.ts';
export {
  ChunkWriter,
  deleteExpiredReports,
  deleteFile,
  digestOfProfile,
  findingRows,
  generateReport,
  readFile,
  REPORT_QUEUE,
  REPORT_SCHEDULE_QUEUE,
  type ReportDeps,
  runDueSchedules,
  scopeOfUser,
  selectedFindings,
  selectionOf,
  sendDueDigests,
} from './service.ts';
export { reportsJobs } from './jobs.ts';
