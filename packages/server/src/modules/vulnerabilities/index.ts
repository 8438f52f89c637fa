// The face of vulnerabilities: the finding filter other read models (reports, the digest) share, the customer's minimum
// quality of detection, ignored tests, the expiry of ignores, issues, the archive of stale assets (with their findings)
// and the routes. Other modules import these from here only.
export {
  expireIgnores,
  ignoredTestIds,
  matchingFindings,
  minQodOf,
  setTestIgnored,
  vulnerabilityFilterQuery,
  type VulnerabilityFilter,
  issuesOfAssets,
  refreshIssues,
  upsertIssues,
} from './service.ts';
export { afterFindingsChanged } from './derived.ts';
export { issueRoutes } from './routes-issues.ts';
export { savedFilterRoutes } from './routes-saved-filters.ts';
export { vulnerabilityRoutes } from './routes.ts';
export { vulnerabilitiesJobs } from './jobs.ts';
