// What a round's transitions mean as alerts: which to raise (a confirmed change or a condition turning true), which
// open ones to update (the change persists) and which to resolve (confirmed undone). Pure: the caller writes them.
import { MONITORING_TRIGGER_SEVERITY, type MonitoringTrigger } from '@bulwark/core';
import type { StateValue, Transition } from './state.ts';

export interface AlertKey {
  asset_id: number;
  trigger: MonitoringTrigger;
  /** The state subject the alert is about (`port:tcp/5432`, `cert:tcp/443` …; written as raise.ts's alertSubject) or a finding's name. */
  subject: string;
}

export interface AlertRaise extends AlertKey {
  title: string;
  before: StateValue | null;
  after: StateValue | null;
  severity: number;
  finding_id?: number | null;
}

export interface AlertActions {
  raise: AlertRaise[];
  persist: AlertKey[];
  resolve: AlertKey[];
}

/** What the rules need of the profile. */
export interface DetectProfile {
  expected: (port: number) => boolean;
  certDays: number;
}

export const emptyActions = (): AlertActions => ({ raise: [], persist: [], resolve: [] });

/** A port list as the profile keeps it ("22,80,8000-8080") as a membership test. */
export function expectedPorts(ports: string): (port: number) => boolean {
  const ranges = ports
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [a, b] = s.split('-').map(Number);
      return [a!, b ?? a!] as const;
    });
  return (port) => ranges.some(([a, b]) => port >= a && port <= b);
}

/** The expected ports as a list to look at, capped so a "1-65535" profile does not make every round a full scan. */
export function expectedPortList(ports: string, cap = 1000): number[] {
  const out: number[] = [];
  for (const s of ports.split(',')) {
    const [a, b] = s.trim().split('-').map(Number);
    if (!a) continue;
    for (let p = a; p <= (b ?? a) && out.length < cap; p++) out.push(p);
  }
  return out;
}

const DAY = 86_400_000;

/** A certificate's expiry level at `now`: expired, expiring within `days`, or ok. */
export function certLevel(validTo: string, now: Date, days: number): 'ok' | 'expiring' | 'expired' {
  const left = new Date(validTo).getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= days * DAY ? 'expiring' : 'ok';
}

/** TLS versions lowest first, to say whether a change weakened or strengthened. */
const TLS_RANK: Record<string, number> = { SSLv3: 0, TLSv1: 1, 'TLSv1.1': 2, 'TLSv1.2': 3, 'TLSv1.3': 4 };
const rank = (v: StateValue | null): number | null => {
  const min = v?.min;
  return typeof min === 'string' && min in TLS_RANK ? TLS_RANK[min]! : null;
};

/** `port:tcp/443` → "tcp/443". */
export const where = (subject: string): string => subject.slice(subject.indexOf(':') + 1);

function describeService(v: StateValue | null): string {
  if (!v) return 'nothing';
  return [v.product ?? v.service, v.version].filter((x) => typeof x === 'string' && x).join(' ') || 'unknown';
}

const sev = (t: MonitoringTrigger) => MONITORING_TRIGGER_SEVERITY[t];

/** Turns a round's transitions into alert actions. */
export function detect(transitions: Transition[], profile: DetectProfile, now: Date, into = emptyActions()): AlertActions {
  for (const t of transitions) {
    const kind = t.subject.slice(0, t.subject.indexOf(':') + 1) || t.subject;
    const key = <T extends MonitoringTrigger>(trigger: T): AlertKey => ({ asset_id: t.asset_id, trigger, subject: t.subject });
    if (kind === 'port:') {
      const port = Number(t.subject.slice(t.subject.indexOf('/') + 1));
      const open = t.after.open === true;
      if (open && (t.kind === 'first' || t.kind === 'changed') && !profile.expected(port)) {
        into.raise.push({
          ...key('unexpected_port'),
          title: `Unexpected open port ${where(t.subject)}`,
          before: t.before,
          after: t.after,
          severity: sev('unexpected_port'),
        });
      } else if (!open && t.kind === 'changed') {
        into.resolve.push(key('unexpected_port'));
      }
    } else if (kind === 'cert:') {
      const level = String(t.after.level ?? 'ok');
      const validTo = String(t.after.valid_to ?? '');
      const day = validTo.slice(0, 10);
      if (t.kind === 'changed') {
        into.raise.push({
          ...key('cert_replaced'),
          title: `Certificate on ${where(t.subject)} replaced`,
          before: t.before,
          after: t.after,
          severity: sev('cert_replaced'),
        });
      }
      const was = t.kind === 'first' || t.kind === 'changed' ? 'ok' : String(t.before?.level ?? 'ok');
      // A renewed certificate (or one no longer near expiry) resolves the conditions it no longer meets.
      if (level !== 'expiring') into.resolve.push(key('cert_expiring'));
      if (level !== 'expired') into.resolve.push(key('cert_expired'));
      if (level === 'expiring' || level === 'expired') {
        const trigger = level === 'expiring' ? 'cert_expiring' : 'cert_expired';
        if (was !== level) {
          const days = Math.ceil((new Date(validTo).getTime() - now.getTime()) / DAY);
          into.raise.push({
            ...key(trigger),
            title:
              level === 'expired'
                ? `Certificate on ${where(t.subject)} expired on ${day}`
                : `Certificate on ${where(t.subject)} expires in ${days} day${days === 1 ? '' : 's'} (${day})`,
            before: t.kind === 'same' ? null : t.before,
            after: t.after,
            severity: sev(trigger),
          });
        } else into.persist.push(key(trigger));
      }
    } else if (kind === 'tls:') {
      const before = rank(t.before);
      const after = rank(t.after);
      if (t.kind === 'changed' && before !== null && after !== null && after < before) {
        into.raise.push({
          ...key('tls_weakened'),
          title: `TLS on ${where(t.subject)} accepts ${String(t.after.min)} (was ${String(t.before?.min)})`,
          before: t.before,
          after: t.after,
          severity: sev('tls_weakened'),
        });
      } else if (t.kind === 'changed' && before !== null && after !== null && after > before) {
        into.resolve.push(key('tls_weakened'));
      } else if (t.kind === 'same') {
        into.persist.push(key('tls_weakened'));
      }
    } else if (kind === 'service:') {
      if (t.kind === 'changed') {
        into.raise.push({
          ...key('service_changed'),
          title: `Service on ${where(t.subject)} changed: ${describeService(t.before)} → ${describeService(t.after)}`,
          before: t.before,
          after: t.after,
          severity: sev('service_changed'),
        });
      }
    }
  }
  return into;
}
