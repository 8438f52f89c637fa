// The face of results: other modules start, queue and wait for a run's processing through these only; the
// composition root registers its routes.
export {
  queueLiveProcessing,
  RUN_LIVE_QUEUE,
  RUN_PROCESSING_QUEUE,
  runProcessingJob,
  settleRunProcessing,
  startProcessingIfReady,
  startRunProcessing,
} from './queue.ts';
export { processDeliveredSoFar } from './live.ts';
export { resultsRoutes } from './routes.ts';
export { resultsJobs } from './jobs.ts';
export { mergePatFindings, type PatFindingInput } from './pat-findings.ts';
