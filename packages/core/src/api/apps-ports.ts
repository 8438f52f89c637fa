// Schemas of the applications and ports views (feature-areas §7 Apps and ports): what runs across the inventory,
// grouped by product and version or by port, with how many assets carry it and its open findings; and for one of
// them, its assets and its findings.
import { z } from 'zod';

export const installedApp = z.object({
  /** A stable key of product and version (opaque). */
  id: z.string(),
  name: z.string(),
  version: z.string().nullable(),
  cpe: z.string().nullable(),
  assets: z.number().int(),
  ports: z.array(z.number().int()),
  vulnerabilities: z.number().int(),
  max_severity: z.number().int().nullable(),
});
export type InstalledApp = z.infer<typeof installedApp>;

export const portSummary = z.object({
  port: z.number().int(),
  protocol: z.number().int(),
  services: z.array(z.string()),
  assets: z.number().int(),
  vulnerabilities: z.number().int(),
  max_severity: z.number().int().nullable(),
});
export type PortSummary = z.infer<typeof portSummary>;

/** An asset where an application or port was seen (no port: an installed package an authenticated scan listed). */
export const appAsset = z.object({
  id: z.number().int(),
  asset_name: z.string(),
  port: z.number().int().nullable(),
  protocol: z.number().int().nullable(),
  service: z.string().nullable(),
  product: z.string().nullable(),
  version: z.string().nullable(),
  last_detected: z.string(),
});
export type AppAsset = z.infer<typeof appAsset>;

/** An open finding on an application or port. */
export const appVulnerability = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The issue the finding is on (its page: issueRoute(hid)). */
  hid: z.string().nullable(),
  cve: z.string().nullable(),
  severity: z.number().int(),
  risk_score: z.number(),
  state: z.number().int(),
  asset: z.object({ id: z.number().int(), asset_name: z.string() }),
  port: z.number().int().nullable(),
});
export type AppVulnerability = z.infer<typeof appVulnerability>;
