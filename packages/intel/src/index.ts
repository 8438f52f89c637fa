// @bulwark/intel: vulnerability intelligence — feed readers (NVD, KEV, EPSS, OSV), CPE and version matching, risk score.

// Versions
export { compareVersions } from './versions/compare.ts';
export { compareGeneric } from './versions/generic.ts';
export { compareDpkg, parseDpkgVersion, verrevcmp, type DpkgVersion } from './versions/dpkg.ts';
export { compareRpm, parseRpmVersion, rpmvercmp, type RpmVersion } from './versions/rpm.ts';
export { compareApk } from './versions/apk.ts';
export { compareSemver, compareSemverParsed, parseSemver, type SemVer } from './versions/semver.ts';
export { comparePep440, parsePep440 } from './versions/pep440.ts';
export {
  VERSION_SCHEMES,
  ecosystemMatches,
  normalizePackageName,
  parseEcosystem,
  versionSchemeFor,
  type Ecosystem,
  type VersionScheme,
} from './versions/ecosystems.ts';

// CPE and NVD configurations
export {
  ANY,
  CPE_ATTRIBUTES,
  CpeParseError,
  NA,
  cpeFromParts,
  escapeCpeValue,
  formatCpe,
  formatCpeValue,
  parseCpe,
  parseCpeValue,
  tryParseCpe,
  type Cpe,
  type CpeAttribute,
  type CpeValue,
} from './cpe/cpe.ts';
export { compareCpeValues, compareCpes, cpeIsDisjoint, cpeIsEqual, cpeIsSuperset, type CpeRelation } from './cpe/relation.ts';
export { cpeMatchesCriteria, describeCpeMatch, joinedVersion, versionInRange } from './cpe/criteria.ts';
export {
  evaluateConfigurations,
  type ConfigurationMatch,
  type ConfigurationResult,
  type CriteriaHit,
  type EvaluateOptions,
} from './cpe/configurations.ts';
export { cveProductKeys, type CpeProductKey } from './cpe/keys.ts';
export type { ConfigNode, Configuration, CpeMatch } from './cpe/types.ts';

// Records
export { CVSS_PREFERENCE, primaryCvss, severityFromScore, type CvssMetric, type CvssVersion } from './records/cvss.ts';
export { normalizeNvdCve, type CveRecord, type CveReference, type NvdKevInfo } from './records/nvd.ts';
export { normalizeNvdLegacyItem } from './records/nvd-legacy.ts';
export { normalizeKevEntry, type KevEntry } from './records/kev.ts';
export { normalizeEpssJson, parseEpssComment, parseEpssRow, type EpssCsvHeader, type EpssScore } from './records/epss.ts';
export { normalizeOsv, type OsvAffected, type OsvEvent, type OsvRange, type OsvRecord } from './records/osv.ts';
export { RecordError } from './records/json.ts';
export {
  DEBIAN_RELEASES,
  debianReleaseOfSuite,
  distroFixesFromChangelog,
  distroFixesFromTracker,
  isDebianChangelog,
  type DistroFix,
  type DistroName,
} from './records/distro-fix.ts';
export { distroLabel, distroPackageOfBanner, type DistroPackage } from './distro/banner.ts';
export { distroFixesFromOsv, osvDistroCves } from './distro/osv-fix.ts';
export { distroVerdict, type DistroVerdict } from './distro/verdict.ts';
export { releaseSupport, type ReleaseSupport } from './distro/eol.ts';
export { describeOsvAffect, describeOsvRange, osvAffects, osvPackageKeys, versionInOsvRange, type OsvAffect } from './osv/affects.ts';

// Feeds
export { readFeed, readFeedBatches, type FeedSource, type ReadFeedOptions } from './feeds/read-feed.ts';
export { importFeed, type FeedStore, type ImportOptions, type ImportSummary, type StoreOutcome } from './feeds/import.ts';
export { detectFormat, SNIFF_BYTES } from './feeds/detect.ts';
export { detectCompression, type Compression } from './feeds/compression.ts';
export { FEED_FORMATS, formatPosition, type FeedFormat, type FeedItem, type FeedPosition, type FeedRecordItem } from './feeds/types.ts';

// Matching and risk
export { IntelIndex, type CpeQueryOptions, type PackageQuery, type ProductQuery } from './match/intel-index.ts';
export type { VulnerabilityMatch } from './match/types.ts';
export {
  CveMatchIndex,
  configurationReasons,
  cveDetail,
  cveIndexKeys,
  cveMatchData,
  cveMatchStorage,
  sortMatches,
  vulnerabilityMatch,
  nvdFacts,
  type CveDetail,
  type CveFacts,
  type CveIndexKey,
  type CveMatchData,
  type KeyEntry,
} from './match/cve-match.ts';
export {
  RISK_MODEL,
  assetRiskScore,
  cvssBasePoints,
  explainFindingRisk,
  findingRiskScore,
  riskBand,
  type AssetRiskOptions,
  type FindingRiskBreakdown,
  type FindingRiskInput,
} from './risk/risk-score.ts';
