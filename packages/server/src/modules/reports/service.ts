// What other modules may use of reports: the selection of findings and their rows (one query layer for reports and
// exports), the chunked file store, the scope of a report's author, and the report job and schedule runner.
export { findingRows, selectedFindings, selectionOf, prepareReportData, type Selection } from './data.ts';
export { ChunkWriter, deleteFile, readFile } from './files.ts';
export { scopeOfUser, deleteExpiredReports } from './runs.ts';
export { generateReport, type ReportDeps } from './generate.ts';
export { runDueSchedules } from './schedules.ts';
export { sendDueDigests, digestOfProfile } from './digest.ts';

export const REPORT_QUEUE = 'report';
export const REPORT_SCHEDULE_QUEUE = 'report-schedules';
