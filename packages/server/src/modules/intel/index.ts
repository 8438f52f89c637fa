// The vulnerability-intelligence module's face: what other modules and the composition root may use of it.
export { feedHealth, feedProblemsAtStart, logFeedHealthAtStart } from './feed-health.ts';
export { distroFixes, distroFixKey } from './distro.ts';
export { type ImportProgress, runFeedImport, sourceProblem } from './import.ts';
export { matchCpe, matchHost, matchPackage, packageLabel } from './match.ts';
export { parseCpeQuery, parsePackageSpec } from './query.ts';
export { FEED_IMPORT_QUEUE } from './queue.ts';
export { intelRoutes } from './routes.ts';
export { BundleError, type BundleManifest, createBundle, importBundle, looksLikeBundle } from './sync/bundle.ts';
export { CHECKS_SOURCE } from './sync/checks-library.ts';
export { FEED_SYNC_QUEUE, type FeedSyncJob, queueFirstFeedSync, retryOf } from './sync/queue.ts';
export { syncCron } from './sync/schedule.ts';
export { plannedSources, unknownSources } from './sync/sources.ts';
export { type SourceOutcome, type SyncDeps, syncDir, syncFeeds } from './sync/sync.ts';
export { intelJobs } from './jobs.ts';
