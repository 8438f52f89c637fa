// Pure rules of the domain asset discovery page: the form's values from the saved settings and back (domains one per
// line), the checks made before saving, the host list's filters, and the words of a run's state and sources.
import {
  DOMAIN_SOURCES,
  DOMAIN_SOURCE_LABELS,
  normaliseDomain,
  type DomainDiscoveryRun,
  type DomainDiscoverySettings,
  type DomainDiscoverySettingsInput,
  type DomainWordlist,
} from '@bulwark/core';
import type { FilterDef } from '../../components/filter-bar/index.ts';

export interface DiscoveryValues {
  enabled: boolean;
  domains: string;
  wordlist: DomainWordlist;
  zone_transfer: boolean;
  scan_certificates: boolean;
  url: string;
  host: string;
  port: number | string;
}

/** crt.sh, offered as the certificate-transparency source. */
export const CRT_SH_URL = 'https://crt.sh/';

export function discoveryValues(s: DomainDiscoverySettings): DiscoveryValues {
  return {
    enabled: s.enabled,
    domains: s.domains.join('\n'),
    wordlist: s.wordlist,
    zone_transfer: s.zone_transfer,
    scan_certificates: s.scan_certificates,
    url: s.url ?? '',
    host: s.host ?? '',
    port: s.port ?? '',
  };
}

/** The domains typed, one per line (commas and spaces also separate). */
export function domainLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

export function discoveryInput(v: DiscoveryValues): DomainDiscoverySettingsInput {
  const host = v.host.trim();
  return {
    enabled: v.enabled,
    domains: domainLines(v.domains),
    wordlist: v.wordlist,
    zone_transfer: v.zone_transfer,
    scan_certificates: v.scan_certificates,
    url: v.url.trim() || null,
    host: host || null,
    port: host && v.port !== '' ? Number(v.port) : null,
  };
}

/** The checks the form makes before saving (the server makes them again, with the same words). */
export function validateDiscovery(v: DiscoveryValues): Partial<Record<keyof DiscoveryValues, string>> {
  const errors: Partial<Record<keyof DiscoveryValues, string>> = {};
  const bad = domainLines(v.domains).filter((d) => normaliseDomain(d) === null);
  if (bad.length) errors.domains = bad.map((d) => `"${d}" is not a valid domain name (such as example.com).`).join(' ');
  else if (v.enabled && domainLines(v.domains).length === 0) errors.domains = 'Enter at least one domain to discover.';
  if (v.url.trim() && !/^https?:\/\/[^\s?#]+$/i.test(v.url.trim())) errors.url = 'Enter a valid URL (http:// or https://) without a query.';
  return errors;
}

/** The server's fields, for its field errors. */
export const DISCOVERY_ERROR_FIELDS = [
  'enabled',
  'domains',
  'wordlist',
  'zone_transfer',
  'scan_certificates',
  'url',
  'host',
  'port',
] as const;

export const HOST_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Host name', placeholder: 'Part of a name', width: 220 },
  {
    kind: 'select',
    name: 'source',
    label: 'Found by',
    placeholder: 'Any source',
    options: DOMAIN_SOURCES.map((s) => ({ value: s, label: DOMAIN_SOURCE_LABELS[s] })),
    width: 240,
  },
  {
    kind: 'select',
    name: 'status',
    label: 'Asset',
    placeholder: 'New or asset',
    options: [
      { value: 'new', label: 'Not an asset yet' },
      { value: 'asset', label: 'Already an asset' },
    ],
    width: 200,
  },
];

export const RUN_STATE_LABELS: Record<DomainDiscoveryRun['state'], string> = {
  queued: 'Waiting to start',
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
};

export function isUnderWay(run: Pick<DomainDiscoveryRun, 'state'> | undefined): boolean {
  return run?.state === 'queued' || run?.state === 'running';
}

/** The run's progress in percent (0 before the total is known). */
export function runPercent(run: Pick<DomainDiscoveryRun, 'progress' | 'state'>): number {
  if (run.state === 'finished') return 100;
  return run.progress.total > 0 ? Math.min(100, Math.round((run.progress.current / run.progress.total) * 100)) : 0;
}
