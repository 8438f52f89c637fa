// Domain asset discovery's settings, kept as the customer's integration_settings row of type
// `domain-asset-discovery` as every integration's are: the domains (comma-joined), the word list, zone transfers and
// scan certificates on or off, the certificate-transparency source (`url`) and the DNS server (`host`, `port`).
// Nothing here is secret. PUT replaces (what is left out goes back to its default), PATCH merges.
import { and, eq } from 'drizzle-orm';
import {
  DOMAIN_DISCOVERY_TYPE,
  DOMAIN_WORDLISTS,
  normaliseDomain,
  type DomainDiscoverySettings,
  type DomainDiscoverySettingsInput,
  type DomainWordlist,
} from '@bulwark/core';
import type { Db } from '../../db/client.ts';
import { integrationSettings } from '../../db/schema/index.ts';

type Fields = Record<string, string | number | null>;

async function row(db: Db, customerId: number) {
  const [r] = await db
    .select()
    .from(integrationSettings)
    .where(and(eq(integrationSettings.customerId, customerId), eq(integrationSettings.type, DOMAIN_DISCOVERY_TYPE)));
  return r ?? null;
}

function settingsOf(enabled: boolean, f: Fields, updatedAt: Date | null): DomainDiscoverySettings {
  const text = (k: string) => (typeof f[k] === 'string' && f[k] !== '' ? (f[k] as string) : null);
  const flag = (k: string, fallback: boolean) => (f[k] === undefined || f[k] === null ? fallback : f[k] === 1);
  const wordlist = (DOMAIN_WORDLISTS as readonly unknown[]).includes(f.wordlist) ? (f.wordlist as DomainWordlist) : 'small';
  const host = text('host');
  return {
    type: DOMAIN_DISCOVERY_TYPE,
    enabled,
    domains: (text('domains') ?? '')
      .split(',')
      .map((d) => normaliseDomain(d))
      .filter((d): d is string => d !== null),
    wordlist,
    zone_transfer: flag('zone_transfer', true),
    scan_certificates: flag('scan_certificates', true),
    url: text('url'),
    host,
    port: host ? (typeof f.port === 'number' ? f.port : 53) : null,
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

export async function getDiscoverySettings(db: Db, customerId: number): Promise<DomainDiscoverySettings> {
  const r = await row(db, customerId);
  return settingsOf(r?.enabled ?? false, r?.fields ?? {}, r?.updatedAt ?? null);
}

/** The input as parsed by core's domainDiscoverySettingsInput (domains normalised, deduplicated). */
type Parsed = Omit<DomainDiscoverySettingsInput, 'domains'> & { domains?: string[] };

/** Saves (merged with what is stored, or in place of it); `now` is the app's clock, so a test that moves it sees it. */
export async function saveDiscoverySettings(
  db: Db,
  customerId: number,
  input: Parsed,
  merge: boolean,
  now: Date,
): Promise<DomainDiscoverySettings> {
  const current = await row(db, customerId);
  const fields: Fields = merge ? { ...(current?.fields ?? {}) } : {};
  if (input.domains !== undefined) fields.domains = input.domains.join(',');
  if (input.wordlist !== undefined) fields.wordlist = input.wordlist;
  if (input.zone_transfer !== undefined) fields.zone_transfer = input.zone_transfer ? 1 : 0;
  if (input.scan_certificates !== undefined) fields.scan_certificates = input.scan_certificates ? 1 : 0;
  for (const k of ['url', 'host'] as const) if (input[k] !== undefined) fields[k] = input[k] === '' ? null : (input[k] ?? null);
  if (input.port !== undefined) fields.port = input.port;
  const enabled = input.enabled ?? (merge ? (current?.enabled ?? false) : false);
  await db
    .insert(integrationSettings)
    .values({ customerId, type: DOMAIN_DISCOVERY_TYPE, enabled, fields, secrets: {}, updatedAt: now })
    .onConflictDoUpdate({
      target: [integrationSettings.customerId, integrationSettings.type],
      set: { enabled, fields, updatedAt: now },
    });
  return getDiscoverySettings(db, customerId);
}
