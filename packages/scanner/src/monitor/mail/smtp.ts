// One mail exchanger's SMTP checks: STARTTLS, its certificate and name, open relay (never past RCPT), banner
// disclosure, reverse DNS that matches. (Pinned signature; built by its helper.)
import type { MonitorCheck } from '@bulwark/core';
import type { MailResolver } from './resolver.ts';

export interface MxCheckOptions {
  /** The MX host name and one of its addresses. */
  host: string;
  address: string;
  port: number;
  heloName: string;
  checkRelay: boolean;
  timeoutMs: number;
  now: Date;
  extraCa?: string;
  resolver: MailResolver;
  signal?: AbortSignal;
}

export async function checkMailExchanger(opts: MxCheckOptions): Promise<MonitorCheck[]> {
  throw new Error(`checkMailExchanger is not built yet (${opts.host})`);
}
