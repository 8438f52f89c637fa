// Risk score 0-100 of a finding (CVSS + exploitation evidence) and of an asset (worst finding, more findings, exposure).
// The formula and its reasons are in docs/risk-score.md; the worked examples there are asserted by test/risk-score.test.ts.
import {
  type BusinessCriticality,
  CRITICALITY_RISK_WEIGHT,
  DEFAULT_BUSINESS_CRITICALITY,
  type RiskBand,
  type Severity,
  riskBand,
} from '@bulwark/core';

export { riskBand };

/** The model's constants, in one place so the documentation can quote them. */
export const RISK_MODEL = {
  /** CVSS assumed for a CVE nobody has scored yet (Medium, mid-band): unscored is not harmless. */
  unscoredCvss: 5.0,
  /** CVSS used when only a severity is known: the middle of each band. */
  severityCvss: { 0: 0, 1: 2.0, 2: 5.5, 3: 8.0, 4: 9.5 } as Record<Severity, number>,
  /** Share of the remaining distance to 100 that certain exploitation (KEV, or EPSS 1.0) closes. */
  exploitationWeight: 0.6,
  /** Further share for known use in ransomware campaigns. */
  ransomwareWeight: 0.4,
  /** Weight of the second-worst finding on an asset; each further finding counts half the one before. */
  additionalFindingWeight: 0.25,
  additionalFindingDecay: 0.5,
  /** Multiplier for an asset reachable from the internet. */
  internetFacingFactor: 1.25,
} as const;

export interface FindingRiskInput {
  /** CVSS base score 0-10 (the primary score); null when unscored. */
  cvss?: number | null;
  /** Severity 0-4, used when there is no CVSS score. */
  severity?: Severity | null;
  /** EPSS probability 0-1; null when unknown. */
  epss?: number | null;
  /** Listed in CISA KEV. */
  kev?: boolean;
  /** KEV says it is known to be used in ransomware campaigns. */
  ransomware?: boolean;
}

export interface FindingRiskBreakdown {
  score: number;
  band: RiskBand;
  /** The CVSS score the model used. */
  cvss: number;
  /** True when that CVSS was assumed (no score, or only a severity). */
  assumedCvss: boolean;
  /** Points from CVSS alone. */
  base: number;
  /** Exploitation evidence 0-1: 1 for KEV, else √EPSS. */
  exploitation: number;
  /** Share of the distance from base to 100 that the evidence closes. */
  uplift: number;
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
const round1 = (x: number): number => round(x, 1);
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** CVSS → points, piecewise linear so each CVSS band lands in the same-named risk band: Low <10, Medium <30, High/Critical 30-55. */
export function cvssBasePoints(cvss: number): number {
  const c = clamp(cvss, 0, 10);
  if (c < 4) return 2.5 * c;
  if (c < 7) return 10 + ((c - 4) * 20) / 3;
  return 30 + ((c - 7) * 25) / 3;
}

/** The finding's score with its intermediate values (for display and documentation). */
export function explainFindingRisk(input: FindingRiskInput): FindingRiskBreakdown {
  const known = typeof input.cvss === 'number' && Number.isFinite(input.cvss);
  const cvss = known
    ? clamp(input.cvss as number, 0, 10)
    : input.severity !== null && input.severity !== undefined
      ? RISK_MODEL.severityCvss[input.severity]
      : RISK_MODEL.unscoredCvss;
  const base = cvssBasePoints(cvss);
  const epss = typeof input.epss === 'number' && Number.isFinite(input.epss) ? clamp(input.epss, 0, 1) : 0;
  // √EPSS spreads the small probabilities most CVEs have; KEV is certainty.
  const exploitation = input.kev ? 1 : Math.sqrt(epss);
  const evidence = RISK_MODEL.exploitationWeight * exploitation + (input.ransomware ? RISK_MODEL.ransomwareWeight : 0);
  // Evidence counts in proportion to what there is to lose: scaled by √(CVSS/10).
  const uplift = clamp(evidence, 0, 1) * Math.sqrt(cvss / 10);
  const score = round1(base + (100 - base) * uplift);
  return {
    score,
    band: riskBand(score),
    cvss,
    assumedCvss: !known,
    base: round1(base),
    exploitation: round(exploitation, 4),
    uplift: round(uplift, 4),
  };
}

/** Risk score 0-100 (one decimal) of one finding. */
export function findingRiskScore(input: FindingRiskInput): number {
  return explainFindingRisk(input).score;
}

export interface AssetRiskOptions {
  /** The asset is reachable from the internet. */
  internetFacing?: boolean;
  /** Business criticality 1 low … 4 critical (default medium, 2, which changes nothing). */
  criticality?: BusinessCriticality;
}

/**
 * Risk score 0-100 of an asset from its findings (scores, or inputs to score): the worst finding sets the floor, each
 * further finding closes part of the remaining distance with weights 0.25, 0.125, ... (diminishing returns), and an
 * internet-facing asset is multiplied by 1.25 (capped at 100). No findings: 0.
 */
export function assetRiskScore(findings: readonly (number | FindingRiskInput)[], options: AssetRiskOptions = {}): number {
  const scores = findings.map((f) => clamp(typeof f === 'number' ? f : findingRiskScore(f), 0, 100)).sort((a, b) => b - a);
  if (scores.length === 0) return 0;
  let remaining = 1 - scores[0] / 100;
  let weight = RISK_MODEL.additionalFindingWeight;
  for (const s of scores.slice(1)) {
    remaining *= 1 - (weight * s) / 100;
    weight *= RISK_MODEL.additionalFindingDecay;
  }
  const combined = 100 * (1 - remaining);
  const exposure = options.internetFacing ? RISK_MODEL.internetFacingFactor : 1;
  return round1(Math.min(100, combined * exposure * CRITICALITY_RISK_WEIGHT[options.criticality ?? DEFAULT_BUSINESS_CRITICALITY]));
}
