// The colour of a risk score by core's §9 bands (below 10 low, below 30 medium, below 60 high, up to 100 critical),
// the same on every screen.
import { riskBand, type RiskBand } from '@bulwark/core';

const RISK_COLORS: Record<RiskBand, string> = { low: 'blue', medium: 'yellow', high: 'orange', critical: 'red' };

export function riskScoreColor(score: number): string {
  return RISK_COLORS[riskBand(score)];
}
