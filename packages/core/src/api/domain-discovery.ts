// Schemas of domain asset discovery (feature-areas §3 integration type "domain asset discovery", §7
// `app1/customer/{id}/{type}/`): the customer's domains and how to look for their host names (common names from a
// word list, zone transfers, certificate names seen in scans, a certificate-transparency log), a discovery run with
// its progress, the host names it found with where each came from, and adding the chosen ones as host assets.
import { z } from 'zod';

export const DOMAIN_DISCOVERY_TYPE = 'domain-asset-discovery';

/** Word lists of common host names: none, or the N most common labels (scanner's domains/wordlist.ts holds them). */
export const DOMAIN_WORDLISTS = ['none', 'small', 'medium', 'large'] as const;
export type DomainWordlist = (typeof DOMAIN_WORDLISTS)[number];
export const DOMAIN_WORDLIST_SIZES: Record<DomainWordlist, number> = { none: 0, small: 50, medium: 150, large: 400 };
export const DOMAIN_WORDLIST_LABELS: Record<DomainWordlist, string> = {
  none: 'None (no guessing)',
  small: `Small (${DOMAIN_WORDLIST_SIZES.small} names)`,
  medium: `Medium (${DOMAIN_WORDLIST_SIZES.medium} names)`,
  large: `Large (${DOMAIN_WORDLIST_SIZES.large} names)`,
};

/** Where a host name came from. */
export const DOMAIN_SOURCES = ['common_name', 'dns_record', 'zone_transfer', 'scan_certificate', 'ct_log'] as const;
export type DomainSource = (typeof DOMAIN_SOURCES)[number];
export const DOMAIN_SOURCE_LABELS: Record<DomainSource, string> = {
  common_name: 'Common name',
  dns_record: 'DNS record (NS, MX)',
  zone_transfer: 'Zone transfer',
  scan_certificate: 'Certificate seen in a scan',
  ct_log: 'Certificate-transparency log',
};

/** The most domains one customer lists (each is a run's worth of lookups). */
export const MAX_DISCOVERY_DOMAINS = 50;
/** The most host names one run keeps (a CT log of a big domain can name many thousands). */
export const MAX_DISCOVERY_HOSTS = 10_000;

const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain as the customer types it, lower-cased without a trailing dot; null when it is not a valid DNS name. */
export function normaliseDomain(raw: string): string | null {
  const d = raw.trim().toLowerCase().replace(/\.$/, '');
  if (d.length === 0 || d.length > 253) return null;
  const labels = d.split('.');
  if (labels.length < 2 || !labels.every((l) => DOMAIN_LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return d;
}

/** Whether `name` is `domain` or a name under it. */
export function isUnderDomain(name: string, domain: string): boolean {
  return name === domain || name.endsWith(`.${domain}`);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const looksLikeIp = (v: string) => IPV4.test(v) || (v.includes(':') && /^[0-9a-f:.]+$/i.test(v));

export const domainDiscoverySettings = z.object({
  type: z.literal(DOMAIN_DISCOVERY_TYPE),
  enabled: z.boolean(),
  domains: z.array(z.string()),
  wordlist: z.enum(DOMAIN_WORDLISTS),
  zone_transfer: z.boolean(),
  scan_certificates: z.boolean(),
  /** The certificate-transparency source (crt.sh's JSON interface); null: not asked. */
  url: z.string().nullable(),
  /** The DNS server asked (an address); null: the system's resolvers. */
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type DomainDiscoverySettings = z.infer<typeof domainDiscoverySettings>;

export const domainDiscoverySettingsInput = z
  .object({
    enabled: z.boolean(),
    domains: z
      .array(z.string().max(253, 'Ensure this field has no more than 253 characters.'), 'Enter a list of domains.')
      .max(MAX_DISCOVERY_DOMAINS, `Enter at most ${MAX_DISCOVERY_DOMAINS} domains.`)
      .superRefine((list, c) => {
        for (const d of list)
          if (normaliseDomain(d) === null)
            c.addIssue({ code: 'custom', message: `"${d}" is not a valid domain name (such as example.com).` });
      })
      .transform((list) => [...new Set(list.map((d) => normaliseDomain(d)!))]),
    wordlist: z.enum(DOMAIN_WORDLISTS, 'Choose none, small, medium or large.'),
    zone_transfer: z.boolean(),
    scan_certificates: z.boolean(),
    url: z
      .string()
      .trim()
      .max(2000, 'Ensure this field has no more than 2000 characters.')
      .refine((v) => v === '' || /^https?:\/\/[^\s?#]+$/i.test(v), 'Enter a valid URL (http:// or https://) without a query.')
      .nullable(),
    host: z
      .string()
      .trim()
      .max(64)
      .refine((v) => v === '' || looksLikeIp(v), 'Enter the DNS server as an IP address (such as 192.0.2.53), or leave it empty.')
      .nullable(),
    port: z.number().int().min(1, 'Enter a port from 1 to 65535.').max(65535, 'Enter a port from 1 to 65535.').nullable(),
  })
  .partial()
  .strict();
export type DomainDiscoverySettingsInput = z.input<typeof domainDiscoverySettingsInput>;

export const DOMAIN_RUN_STATES = ['queued', 'running', 'finished', 'failed'] as const;
export type DomainRunState = (typeof DOMAIN_RUN_STATES)[number];

/** One source's trouble in a run, in words (a refused zone transfer, a CT log that did not answer …). */
export const domainRunNote = z.object({ domain: z.string(), source: z.enum(DOMAIN_SOURCES), message: z.string() });
export type DomainRunNote = z.infer<typeof domainRunNote>;

export const domainDiscoveryRun = z.object({
  id: z.number().int(),
  state: z.enum(DOMAIN_RUN_STATES),
  /** The job whose progress `celery-progress/{id}/` answers. */
  job_id: z.string().nullable(),
  domains: z.array(z.string()),
  sources: z.array(z.enum(DOMAIN_SOURCES)),
  wordlist: z.enum(DOMAIN_WORDLISTS),
  progress: z.object({ current: z.number().int(), total: z.number().int() }),
  hosts_found: z.number().int(),
  notes: z.array(domainRunNote),
  error: z.string().nullable(),
  started_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type DomainDiscoveryRun = z.infer<typeof domainDiscoveryRun>;

/** GET …/runs/{id}/hosts/: what the `status` filter narrows to. */
export const DOMAIN_HOST_STATUSES = ['new', 'asset'] as const;
export type DomainHostStatus = (typeof DOMAIN_HOST_STATUSES)[number];

export const domainDiscoveryHost = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  addresses: z.array(z.string()),
  sources: z.array(z.enum(DOMAIN_SOURCES)),
  /** The host asset of this name (or carrying it among its host names), when there is one. */
  asset: z.number().int().nullable(),
});
export type DomainDiscoveryHost = z.infer<typeof domainDiscoveryHost>;

export const domainAddAssetsInput = z
  .object({
    hosts: z
      .array(z.number().int().positive(), 'Choose the host names to add.')
      .min(1, 'Choose at least one host name.')
      .max(MAX_DISCOVERY_HOSTS, `Choose at most ${MAX_DISCOVERY_HOSTS} host names at once.`),
    tags: z.array(z.number().int().positive()).max(50).default([]),
  })
  .strict();
export type DomainAddAssetsInput = z.input<typeof domainAddAssetsInput>;

export const domainAddAssetsResult = z.object({
  created: z.number().int(),
  /** Names that were already assets by the time they were added. */
  existing: z.number().int(),
  assets: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export type DomainAddAssetsResult = z.infer<typeof domainAddAssetsResult>;
