// A mail domain's checks: MX, SPF, DMARC, DKIM, MTA-STS, TLS-RPT, DNSSEC and block lists over DNS, then each mail
// exchanger's SMTP checks (smtp.ts). (Pinned signature; built by its helper.)
import type { MailCheckResult } from '@bulwark/core';

export interface MailCheckOptions {
  domain: string;
  /** Selectors looked up besides the common ones. */
  dkimSelectors: string[];
  /** DNS servers asked (address or address:port); empty: the system's. */
  dnsServers: string[];
  dnsblZones: string[];
  /** SMTP port of the exchangers (25). */
  smtpPort: number;
  heloName: string;
  checkRelay: boolean;
  timeoutMs: number;
  now: Date;
  /** PEM certificates trusted beside Node's roots (MTA-STS policy over HTTPS, the exchangers' STARTTLS). */
  extraCa?: string;
  signal?: AbortSignal;
}

export async function checkMailDomain(opts: MailCheckOptions): Promise<MailCheckResult> {
  throw new Error(`checkMailDomain is not built yet (${opts.domain})`);
}
