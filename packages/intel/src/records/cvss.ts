// CVSS scores as NVD gives them (v4.0, v3.1, v3.0, v2.0), the primary score, and the severity band it falls in.
import { SEVERITY, type Severity } from '@bulwark/core';

export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0';

export interface CvssMetric {
  version: CvssVersion;
  vector: string;
  score: number;
  /** NVD's own label (LOW ... CRITICAL), kept as given. */
  baseSeverity: string | null;
  /** Who scored it (nvd@nist.gov, a CNA ...). */
  source: string | null;
  /** `Primary` (NVD) or `Secondary` (CNA). */
  type: string | null;
}

/** Which score decides the severity: v3.1, else v3.0, else v2.0; v4.0 last, for records NVD has not scored itself. */
export const CVSS_PREFERENCE: readonly CvssVersion[] = ['3.1', '3.0', '2.0', '4.0'];

/** Severity band of a CVSS base score: Info 0, Low 0.1-3.9, Medium 4.0-6.9, High 7.0-8.9, Critical 9.0-10.0. */
export function severityFromScore(score: number): Severity {
  if (score >= 9) return SEVERITY.critical;
  if (score >= 7) return SEVERITY.high;
  if (score >= 4) return SEVERITY.medium;
  if (score > 0) return SEVERITY.low;
  return SEVERITY.info;
}

/** The score that gives the severity: the preferred version, the `Primary` entry of that version when there is one. */
export function primaryCvss(metrics: readonly CvssMetric[]): CvssMetric | null {
  for (const version of CVSS_PREFERENCE) {
    const of = metrics.filter((m) => m.version === version);
    if (of.length > 0) return of.find((m) => m.type === 'Primary') ?? of[0];
  }
  return null;
}
