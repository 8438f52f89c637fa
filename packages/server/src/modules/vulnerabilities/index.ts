// The face of vulnerabilities: the finding filter other read models (reports, the digest) share, the customer's minimum
// quality of detection, ignored tests, and the expiry of ignores. Other modules import these from here only.
export {
  expireIgnores,
  ignoredTestIds,
  matchingFindings,
  minQodOf,
  setTestIgnored,
  vulnerabilityFilterQuery,
  type VulnerabilityFilter,
} from './service.ts';
