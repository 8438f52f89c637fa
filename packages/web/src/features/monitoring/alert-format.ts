// How an alert reads (pure, tested on its own): what changed as rows of before → after with each trigger's fields named
// and shown in words (a port's state, a service and version, a certificate's subject, issuer and expiry, the lowest TLS
// version, a finding), where its asset and finding live in the app, and its state in words.
import { ASSET_KIND_TYPE, SEVERITY_LABELS, formatDateTime, type MonitoringAlert, type Severity } from '@bulwark/core';

export interface ChangeRow {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/** The fields each kind of state has, in the order they read best; any other field follows, named from its key. */
const LABELS: Record<string, string> = {
  open: 'Port',
  state: 'State',
  port: 'Port',
  protocol: 'Protocol',
  service: 'Service',
  product: 'Product',
  version: 'Version',
  banner: 'Banner',
  level: 'Certificate',
  subject: 'Certificate subject',
  issuer: 'Issuer',
  valid_from: 'Valid from',
  valid_to: 'Valid until',
  days_left: 'Days left',
  fingerprint: 'Fingerprint (SHA-256)',
  san: 'Names',
  min: 'Lowest TLS version',
  protocols: 'TLS versions',
  address: 'Address',
  network: 'Network',
  hostname: 'Host name',
  name: 'Name',
  hid: 'Vulnerability',
  cve: 'CVE',
  severity: 'Severity',
  kev: 'Known exploited (KEV)',
  known_exploited: 'Known exploited (KEV)',
};
const ORDER = Object.keys(LABELS);

function humanise(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CERT_LEVELS: Record<string, string> = { ok: 'Valid', expiring: 'Expiring soon', expired: 'Expired' };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value in words; '–' for none. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (key === 'open' && typeof value === 'boolean') return value ? 'Open' : 'Closed';
  if (key === 'level' && typeof value === 'string') return CERT_LEVELS[value] ?? value;
  if (key === 'severity' && typeof value === 'number') return SEVERITY_LABELS[value as Severity] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map((v) => valueText('', v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Before and after side by side, one row per field either holds; a port alert with no "before" reads "Not seen". */
export function changeRows(alert: Pick<MonitoringAlert, 'before' | 'after'>): ChangeRow[] {
  const before = alert.before ?? {};
  const after = alert.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    return (ia < 0 ? ORDER.length : ia) - (ib < 0 ? ORDER.length : ib) || a.localeCompare(b);
  });
  return keys.map((key) => {
    const b = alert.before === null ? (key === 'open' ? 'Not seen' : '–') : valueText(key, before[key]);
    const a = alert.after === null ? (key === 'open' ? 'Not seen' : '–') : valueText(key, after[key]);
    return { key, label: LABELS[key] ?? humanise(key), before: b, after: a, changed: a !== b };
  });
}

/** The asset's page: web applications have theirs, hosts and networks the network asset page. */
export function assetLink(asset: MonitoringAlert['asset']): string {
  return asset.type === ASSET_KIND_TYPE.webapp ? `/assets/web-applications/view/${asset.id}` : `/assets/assets/view/${asset.id}`;
}

/** The vulnerability page of the alert's finding when the alert names its issue or CVE; null otherwise. */
export function findingLink(alert: Pick<MonitoringAlert, 'after' | 'finding'>): string | null {
  const hid = alert.after?.hid ?? alert.after?.issue_hid;
  if (typeof hid === 'string' && hid !== '') return `/vm/unified-vulnerabilities/hid/${encodeURIComponent(hid)}`;
  const cve = alert.after?.cve;
  if (typeof cve === 'string' && /^CVE-\d{4}-\d+$/i.test(cve)) return `/vm/unified-vulnerabilities/cve/${cve.toUpperCase()}`;
  return null;
}

/** "10.0.0.5 (db-1)", or the one name when the asset is named by its address. */
export function assetText(asset: MonitoringAlert['asset']): string {
  return asset.address && asset.address !== asset.name ? `${asset.name} (${asset.address})` : asset.name;
}

export const ALERT_STATE_LABELS = { open: 'Open', resolved: 'Resolved' } as const;
export const ALERT_STATE_COLORS = { open: 'red', resolved: 'teal' } as const;
export const ALERT_SOURCE_LABELS = { scan: 'A scan', check: "The profile's own check" } as const;
