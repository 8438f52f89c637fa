// An asset's open findings grouped by what fixes them (unified-assets/{id}/solutions/, issue 26): one upgrade shown once
// for every CVE and test finding it fixes, the most urgent first, and how many open findings have no known fix.
import { z } from 'zod';

export const assetSolution = z.object({
  /** What to do, e.g. "Upgrade openssh-server to 1:9.2p1-2+deb12u3 or later (Debian 12 bookworm)." */
  solution: z.string(),
  /** The weaknesses it fixes: CVE ids and nvt-<test> hids, the riskiest first. */
  fixes: z.array(z.object({ hid: z.string(), name: z.string(), severity: z.number().int(), risk_score: z.number() })),
  findings: z.number().int(),
  severity: z.number().int(),
  risk_score: z.number(),
});
export type AssetSolution = z.infer<typeof assetSolution>;

export const assetSolutions = z.object({
  results: z.array(assetSolution),
  /** Open findings that count and have no known solution yet. */
  without_solution: z.number().int(),
});
export type AssetSolutions = z.infer<typeof assetSolutions>;
