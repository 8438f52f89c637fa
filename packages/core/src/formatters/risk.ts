// Risk score colour bands (§9): below 10 low, below 30 medium, below 60 high, up to 100 critical.

export const RISK_BANDS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];
export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
/** Upper bounds (exclusive) of the first three bands; critical runs up to 100. */
export const RISK_BAND_LIMITS = { low: 10, medium: 30, high: 60, critical: 100 } as const;

export function riskBand(score: number): RiskBand {
  if (score < RISK_BAND_LIMITS.low) return 'low';
  if (score < RISK_BAND_LIMITS.medium) return 'medium';
  if (score < RISK_BAND_LIMITS.high) return 'high';
  return 'critical';
}
