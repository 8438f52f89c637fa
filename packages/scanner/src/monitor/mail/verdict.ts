// Small shared pieces of the mail domain's checks: building a check's verdict, reading "tag=value; …" records, and
// saying a DNS failure the same way everywhere.
import type { MailCheck, MonitorCheck, MonitorCheckStatus } from '@bulwark/core';
import { DnsError } from './resolver.ts';

export function verdict(check: MailCheck, target: string, status: MonitorCheckStatus, detail: string, value?: unknown): MonitorCheck {
  return value === undefined ? { check, target, status, detail } : { check, target, status, detail, value };
}

/** The worst of several statuses (fail > warn > pass > info). */
export function worst(statuses: MonitorCheckStatus[]): MonitorCheckStatus {
  for (const s of ['fail', 'warn', 'pass'] as const) if (statuses.includes(s)) return s;
  return 'info';
}

/** "v=DMARC1; p=reject; rua=…" → ordered [tag, value] pairs (tags lower-cased), or the first malformed part. */
export function readTags(record: string): { tags: [string, string][]; bad?: string } {
  const tags: [string, string][] = [];
  for (const part of record.split(';').map((p) => p.trim())) {
    if (!part) continue;
    const m = /^([A-Za-z][A-Za-z0-9_]*)\s*=\s*(.*)$/s.exec(part);
    if (!m) return { tags, bad: part };
    tags.push([m[1].toLowerCase(), m[2].trim()]);
  }
  return { tags };
}

/** A DNS failure as the end of a sentence; other errors as their message. */
export function dnsFailure(e: unknown): string {
  return e instanceof DnsError ? e.message : e instanceof Error ? e.message : String(e);
}

/** Joins findings into one sentence: "A; b; c." */
export function sentence(parts: string[]): string {
  const s = parts.join('; ');
  return (s.charAt(0).toUpperCase() + s.slice(1)).replace(/\.?$/, '.');
}
