// The MTA-STS check (RFC 8461): the _mta-sts TXT record (v=STSv1; id=) and the policy file fetched over HTTPS from
// mta-sts.<domain> (its name resolved through the monitor's DNS; the operator's extra CA trusted beside Node's roots),
// its mode, max_age, and whether its mx patterns cover the domain's real MX hosts.
import type { MonitorCheck } from '@bulwark/core';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { isIPv6 } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { MxHost } from './mx.ts';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, readTags, sentence, verdict } from './verdict.ts';

export interface MtaStsOptions {
  timeoutMs: number;
  extraCa?: string;
  signal?: AbortSignal;
  /** Port of the policy host (443; tests may move it). */
  port?: number;
}

export interface MtaStsPolicy {
  version?: string;
  mode?: string;
  mx: string[];
  max_age?: number;
  errors: string[];
}

const MAX_POLICY_BYTES = 64 * 1024;

export function parsePolicy(text: string): MtaStsPolicy {
  const p: MtaStsPolicy = { mx: [], errors: [] };
  for (const line of text.split(/\r?\n/).map((l) => l.trim())) {
    if (!line) continue;
    const m = /^([A-Za-z0-9_]+)\s*:\s*(.*)$/.exec(line);
    if (!m) {
      p.errors.push(`"${line}" is not a key: value line`);
      continue;
    }
    const [key, value] = [m[1].toLowerCase(), m[2].trim()];
    if (key === 'mx') p.mx.push(value.toLowerCase());
    else if (key === 'max_age') p.max_age = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    else if (key === 'version' || key === 'mode') p[key] = value;
  }
  if (p.version !== 'STSv1') p.errors.push('version is not STSv1');
  if (!['enforce', 'testing', 'none'].includes(p.mode ?? '')) p.errors.push(`mode "${p.mode ?? ''}" is not enforce, testing or none`);
  if (p.max_age === undefined || Number.isNaN(p.max_age) || p.max_age > 31_557_600)
    p.errors.push('max_age is missing or not 0 to 31557600 seconds');
  if (p.mode !== 'none' && !p.mx.length) p.errors.push('no mx patterns');
  return p;
}

/** Whether an MX host matches a policy pattern ("mail.example.com" or "*.example.com", one label). */
export function mxMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const p = pattern.toLowerCase().replace(/\.$/, '');
  if (!p.startsWith('*.')) return h === p;
  const suffix = p.slice(1);
  const label = h.endsWith(suffix) ? h.slice(0, -suffix.length) : '';
  return label.length > 0 && !label.includes('.');
}

/** GETs the policy: no redirects followed (RFC 8461 §3.3), certificate checked against the policy host's name. */
function fetchPolicy(resolver: MailResolver, host: string, o: MtaStsOptions): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const lookup = (name: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => {
      resolver.addresses(name).then(
        (addrs) => {
          if (!addrs.length) return cb(Object.assign(new Error(`${name} does not resolve`), { code: 'ENOTFOUND' }));
          const list: LookupAddress[] = addrs.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
          if (opts.all) cb(null, list);
          else cb(null, list[0].address, list[0].family);
        },
        (e: unknown) => cb(e),
      );
    };
    const req = https.request(
      {
        host,
        port: o.port ?? 443,
        path: '/.well-known/mta-sts.txt',
        method: 'GET',
        agent: false,
        lookup: lookup as never, // node's overloaded LookupFunction type; the function answers both forms
        ca: o.extraCa ? [...rootCertificates, o.extraCa] : undefined,
        timeout: o.timeoutMs,
        signal: o.signal,
        headers: { 'user-agent': 'Bulwark mail monitor' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_POLICY_BYTES) req.destroy(new Error('the policy is larger than 64 KiB'));
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('the policy host did not answer in time')));
    req.on('error', reject);
    req.end();
  });
}

export async function checkMtaSts(resolver: MailResolver, domain: string, mx: MxHost[], o: MtaStsOptions): Promise<MonitorCheck> {
  const name = `_mta-sts.${domain}`;
  let found: string[];
  try {
    found = (await resolver.txt(name)).filter((t) => /^v=STSv1\b/i.test(t));
  } catch (e) {
    return verdict('mta_sts', domain, 'info', `The MTA-STS record could not be read (${dnsFailure(e)}), so it is not judged this time.`);
  }
  if (!found.length)
    return verdict(
      'mta_sts',
      domain,
      'info',
      `MTA-STS is not published (no ${name} record): senders may deliver without TLS if an attacker strips STARTTLS.`,
    );
  if (found.length > 1)
    return verdict('mta_sts', domain, 'fail', `${name} has ${found.length} STSv1 records; senders then ignore MTA-STS: keep one.`, {
      records: found,
    });
  const id = Object.fromEntries(readTags(found[0]).tags).id;
  if (!id || !/^[A-Za-z0-9]{1,32}$/.test(id))
    return verdict('mta_sts', domain, 'fail', `The ${name} record "${found[0]}" needs an id= of 1 to 32 letters and digits.`, {
      record: found[0],
    });
  const host = `mta-sts.${domain}`;
  const url = `https://${host}/.well-known/mta-sts.txt`;
  let got: { status: number; type: string; body: string };
  try {
    got = await fetchPolicy(resolver, host, o);
  } catch (e) {
    return verdict('mta_sts', domain, 'fail', `The MTA-STS policy at ${url} cannot be fetched: ${dnsFailure(e)}.`, {
      record: found[0],
      url,
    });
  }
  if (got.status !== 200)
    return verdict(
      'mta_sts',
      domain,
      'fail',
      `The MTA-STS policy at ${url} answers HTTP ${got.status}, not 200 (redirects are not followed).`,
      { record: found[0], url, status: got.status },
    );
  const policy = parsePolicy(got.body);
  const value = { record: found[0], id, url, mode: policy.mode ?? null, mx: policy.mx, max_age: policy.max_age ?? null };
  if (policy.errors.length)
    return verdict(
      'mta_sts',
      domain,
      'fail',
      sentence([`The MTA-STS policy at ${url} is invalid: ${policy.errors[0]}`, ...policy.errors.slice(1)]),
      value,
    );
  const uncovered = policy.mode === 'none' ? [] : mx.filter((h) => !policy.mx.some((p) => mxMatches(h.host, p))).map((h) => h.host);
  const notes: string[] = [];
  if (!/^text\/plain\b/i.test(got.type)) notes.push(`it is served as "${got.type}", not text/plain`);
  if ((policy.max_age ?? 0) < 86_400) notes.push(`max_age ${policy.max_age} s is under a day; weeks are usual`);
  if (uncovered.length && policy.mode === 'enforce')
    return verdict(
      'mta_sts',
      domain,
      'fail',
      sentence([
        `MTA-STS enforces mx ${policy.mx.join(', ')}, which does not cover ${uncovered.join(', ')}: senders that honour it will not deliver there`,
        ...notes,
      ]),
      value,
    );
  if (uncovered.length) notes.unshift(`its mx ${policy.mx.join(', ')} does not cover ${uncovered.join(', ')}`);
  if (policy.mode === 'none')
    return verdict('mta_sts', domain, 'info', sentence([`MTA-STS mode is none (the policy is withdrawn)`, ...notes]), value);
  if (policy.mode === 'testing')
    return verdict(
      'mta_sts',
      domain,
      'warn',
      sentence([`MTA-STS is in testing mode: failures are reported but mail is still delivered without TLS`, ...notes]),
      value,
    );
  if (notes.length)
    return verdict('mta_sts', domain, 'warn', sentence([`MTA-STS enforces TLS, but ${notes[0]}`, ...notes.slice(1)]), value);
  return verdict(
    'mta_sts',
    domain,
    'pass',
    `MTA-STS enforces TLS to ${policy.mx.join(', ')} (max_age ${policy.max_age} s), covering every MX.`,
    value,
  );
}
