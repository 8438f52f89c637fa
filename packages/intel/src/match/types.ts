// The JSON shape of one match (what the CLI prints and the server stores per finding).
import type { Severity } from '@bulwark/core';
import type { CvssVersion } from '../records/cvss.ts';

export interface VulnerabilityMatch {
  /** CVE id; the advisory id when an OSV advisory names no CVE. */
  cve: string;
  /** The primary CVSS score; null while the CVE is unscored or unknown. */
  cvss: { version: CvssVersion; vector: string; score: number } | null;
  /** Severity code 0-4 from that score; null while unscored. */
  severity: Severity | null;
  epss: number | null;
  epss_percentile: number | null;
  /** Listed in CISA KEV (exploit known). */
  kev: boolean;
  /** KEV says ransomware campaigns use it (ransomware known). */
  ransomware: boolean;
  kev_date_added: string | null;
  kev_due_date: string | null;
  /** Why it matched: the cpeMatch criteria and range, or the OSV advisory, package and range ("; " between several). */
  matched_by: string;
  /** findingRiskScore of the CVE's facts, 0-100. */
  risk_score: number;
  published: string | null;
  description: string;
  references: string[];
}
