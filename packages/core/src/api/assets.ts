// Schemas of the asset calls (feature-areas §3, §7): an asset as lists and pages show it, what creating and changing
// one accepts, its open ports and scan history, the basic pickers, usage and counts by tag. Server and web share them.
import { z } from 'zod';
import { blank } from './fields.ts';
import { looksLikeIpRange, validateHostTarget, validateIpRangeTarget } from './scans.ts';
import { ASSET_KINDS, BUSINESS_CRITICALITY, UNIFIED_ASSET_CATEGORIES, type AssetKind } from '../codes/assets.ts';

const description = z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default('');
const criticality = z
  .number({ error: 'Choose a criticality from 1 (low) to 4 (critical).' })
  .int('Choose a criticality from 1 (low) to 4 (critical).')
  .min(BUSINESS_CRITICALITY.low, 'Choose a criticality from 1 (low) to 4 (critical).')
  .max(BUSINESS_CRITICALITY.critical, 'Choose a criticality from 1 (low) to 4 (critical).');

/** What the asset lists order by (`-` for descending); newest seen first unless asked. */
export const ASSET_ORDERING_KEYS = [
  'asset_name',
  'asset_type',
  'ipv4',
  'os',
  'open_ports',
  'risk_score',
  'criticality',
  'created',
  'first_detected',
  'last_detected',
  'id',
] as const;
export type AssetOrdering = (typeof ASSET_ORDERING_KEYS)[number];
export const DEFAULT_ASSET_ORDERING = '-last_detected';

/** Which kind of asset text is: a URI is a web application, `a/m` a network, `a-b` a range, else a host. */
export function assetKindOf(value: string): AssetKind {
  if (/^https?:\/\//i.test(value)) return 'webapp';
  if (looksLikeIpRange(value)) return value.includes('/') ? 'network' : 'range';
  return 'host';
}

/** The message for asset text that is none of host, network, range or web application URI; null when valid. */
export function validateAssetValue(value: string): string | null {
  switch (assetKindOf(value)) {
    case 'webapp': {
      try {
        const url = new URL(value);
        return url.hostname ? null : 'Enter a web application as a full URL, e.g. https://shop.example.com/.';
      } catch {
        return 'Enter a web application as a full URL, e.g. https://shop.example.com/.';
      }
    }
    case 'network':
    case 'range':
      return validateIpRangeTarget(value);
    case 'host':
      return validateHostTarget(value);
    case 'recipient':
      return 'Recipients are added under Phishing and training.';
    case 'cloud':
      return 'Cloud resources are added by cloud scans.';
  }
}

export const assetInput = z.object({
  /** An IP address or host name, a network `a.b.c.d/m`, a range `start-end`, or a web application URL. */
  value: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, blank)
    .max(2000)
    .superRefine((v, ctx) => {
      if (v === '') return;
      const m = validateAssetValue(v);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    }),
  name: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').default(''),
  description,
  criticality: criticality.default(BUSINESS_CRITICALITY.medium),
  owner: z.number().int().positive().nullable().default(null),
  is_server: z.boolean().optional(),
  internet_facing: z.boolean().optional(),
  pci: z.boolean().default(false),
  /** Ids of static tags to put on the asset. */
  tags: z.array(z.number().int().positive()).max(500).default([]),
});
export type AssetInput = z.input<typeof assetInput>;

/** What PUT/PATCH assets/{id}/ may change (the value of a host found by scans is its identity and stays). */
export const assetUpdate = assetInput.omit({ value: true }).extend({ value: assetInput.shape.value.optional() });

export const assetTag = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export const assetOwner = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() });

export const asset = z.object({
  id: z.number().int(),
  /** §3 type: network 1, host 2, webapp 3. */
  asset_type: z.number().int(),
  kind: z.enum(ASSET_KINDS),
  category: z.enum(UNIFIED_ASSET_CATEGORIES),
  /** The display name: the name given, else the host's address, the network, the range or the URI. */
  asset_name: z.string(),
  name: z.string(),
  value: z.string(),
  ipv4: z.string().nullable(),
  ipv6: z.string().nullable(),
  hostnames: z.array(z.string()),
  os: z.string().nullable(),
  open_ports: z.number().int(),
  is_server: z.boolean(),
  internet_facing: z.boolean(),
  pci: z.boolean(),
  email_address: z.string().nullable(),
  criticality: z.number().int(),
  owner: assetOwner.nullable(),
  description: z.string(),
  risk_score: z.number().int(),
  tags: z.array(assetTag),
  parent: z.object({ id: z.number().int(), asset_name: z.string() }).nullable(),
  created: z.string(),
  first_detected: z.string().nullable(),
  last_detected: z.string().nullable(),
  archived: z.string().nullable(),
});
export type Asset = z.infer<typeof asset>;

/** GET assets/basic/ and assets/webapp/: what pickers need. */
export const assetBasic = z.object({
  id: z.number().int(),
  asset_name: z.string(),
  asset_type: z.number().int(),
  kind: z.enum(ASSET_KINDS),
});
export type AssetBasic = z.infer<typeof assetBasic>;

/** GET assets/{id}/open-ports/. */
export const assetPort = z.object({
  port: z.number().int(),
  protocol: z.number().int(),
  service: z.string().nullable(),
  product: z.string().nullable(),
  version: z.string().nullable(),
  cpe: z.array(z.string()),
  tls: z.boolean(),
  banner: z.string().nullable(),
  first_detected: z.string(),
  last_detected: z.string(),
});
export type AssetPort = z.infer<typeof assetPort>;

/** One scan run that saw the asset (its history). */
export const assetScan = z.object({
  run_id: z.number().int(),
  scan_id: z.number().int(),
  scan_name: z.string(),
  finished: z.string().nullable(),
  status: z.number().int(),
  open_ports: z.number().int(),
  findings: z.number().int(),
  max_severity: z.number().int().nullable(),
});
export type AssetScan = z.infer<typeof assetScan>;

/** GET single-asset/{id}/: the asset page in one call. */
export const singleAsset = asset.extend({
  /** Open findings by severity 0 (info) … 4 (critical), at or above the organisation's minimum QoD. */
  findings_by_severity: z.array(z.number().int()).length(5),
  open_findings: z.number().int(),
  /** Open findings below the minimum QoD, not counted above. */
  findings_below_qod: z.number().int(),
  last_scan: assetScan.nullable(),
});
export type SingleAsset = z.infer<typeof singleAsset>;

/** GET usage/: assets that count against the subscription. */
export const assetUsage = z.object({
  hosts: z.number().int(),
  webapps: z.number().int(),
  networks: z.number().int(),
  /** Licensed assets: hosts seen by a scan and web applications, not archived. */
  used: z.number().int(),
  /** null: the subscription sets no limit. */
  limit: z.number().int().nullable(),
});
export type AssetUsage = z.infer<typeof assetUsage>;

/** GET count/: assets per tag, with the total and the untagged. */
export const assetCounts = z.object({
  total: z.number().int(),
  untagged: z.number().int(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string(), count: z.number().int() })),
});
export type AssetCounts = z.infer<typeof assetCounts>;

/** GET ips/: the customer's known addresses. */
export const assetIp = z.object({ id: z.number().int(), ip: z.string(), asset_name: z.string() });
export type AssetIp = z.infer<typeof assetIp>;
