// A website's security headers as a monitor judges them: each passes or warns with its value (a missing or weak header
// is a hardening gap, never an outage), and one `security_headers` check sums them up.
import type { IncomingHttpHeaders } from 'node:http';
import type { MonitorCheck, MonitorCheckStatus } from '@bulwark/core';

export interface SecurityHeader {
  name: string;
  value: string | null;
  status: MonitorCheckStatus;
}

/** Strict-Transport-Security shorter than this (180 days) warns: browsers forget it between visits. */
export const HSTS_MIN_SECONDS = 15_552_000;
const SAFE_REFERRER = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'origin',
  'origin-when-cross-origin',
]);

const one = (h: IncomingHttpHeaders, name: string): string | null => {
  const v = h[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
};

/** The five headers: HSTS (https only; info on plain http), CSP, X-Content-Type-Options, framing, Referrer-Policy. */
export function securityHeaders(h: IncomingHttpHeaders, https: boolean): SecurityHeader[] {
  const hsts = one(h, 'strict-transport-security');
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts ?? '')?.[1] ?? -1);
  const csp = one(h, 'content-security-policy');
  const cspReportOnly = one(h, 'content-security-policy-report-only');
  const xcto = one(h, 'x-content-type-options');
  const xfo = one(h, 'x-frame-options');
  const frameAncestors = /(?:^|;)\s*(frame-ancestors\s[^;]*)/i.exec(csp ?? '')?.[1]?.trim() ?? null;
  const referrer = one(h, 'referrer-policy');
  // Referrer-Policy may list fallbacks; the browser uses the last one it knows.
  const lastReferrer = referrer
    ?.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .pop();
  return [
    {
      name: 'Strict-Transport-Security',
      value: hsts,
      status: !https ? 'info' : maxAge >= HSTS_MIN_SECONDS ? 'pass' : 'warn',
    },
    { name: 'Content-Security-Policy', value: csp ?? cspReportOnly, status: csp?.trim() ? 'pass' : 'warn' },
    { name: 'X-Content-Type-Options', value: xcto, status: xcto?.trim().toLowerCase() === 'nosniff' ? 'pass' : 'warn' },
    {
      name: 'X-Frame-Options',
      value: xfo ?? frameAncestors,
      status: frameAncestors || ['deny', 'sameorigin'].includes(xfo?.trim().toLowerCase() ?? '') ? 'pass' : 'warn',
    },
    { name: 'Referrer-Policy', value: referrer, status: lastReferrer && SAFE_REFERRER.has(lastReferrer) ? 'pass' : 'warn' },
  ];
}

/** Why one header warns, in a phrase. */
function why(s: SecurityHeader): string {
  if (s.value === null) return `${s.name} is missing`;
  if (s.name === 'Strict-Transport-Security') return `Strict-Transport-Security has a max-age under 180 days`;
  if (s.name === 'Content-Security-Policy') return 'Content-Security-Policy is only report-only';
  return `${s.name} is weak (${s.value})`;
}

export function securityHeadersCheck(list: SecurityHeader[], target: string, https: boolean): MonitorCheck {
  const weak = list.filter((s) => s.status === 'warn');
  const plain = https ? '' : ' The page is served over plain HTTP, where Strict-Transport-Security cannot apply.';
  return {
    check: 'security_headers',
    target,
    status: weak.length ? 'warn' : 'pass',
    detail: weak.length ? `${weak.map(why).join('; ')}.${plain}` : `${https ? 'All five' : 'The four'} security headers are set.${plain}`,
    value: list,
  };
}
