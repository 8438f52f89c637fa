// The DKIM check: keys published at <selector>._domainkey.<domain> for the common selectors and the configured ones.
// Selectors cannot be listed, so finding none warns rather than fails; an RSA key under 2048 bits warns, under 1024
// fails; an empty p= is a revoked key, reported.
import type { MonitorCheck } from '@bulwark/core';
import { createPublicKey } from 'node:crypto';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, readTags, verdict } from './verdict.ts';

export const COMMON_DKIM_SELECTORS = ['default', 'google', 'selector1', 'selector2', 'k1', 'dkim', 'mail', 's1', 's2'];

/** Bits of an RSA key given as base64 SPKI (or PKCS#1), or null when it cannot be read. */
export function rsaBits(base64: string): number | null {
  const der = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return createPublicKey({ key: der, format: 'der', type }).asymmetricKeyDetails?.modulusLength ?? null;
    } catch {
      // the next encoding
    }
  }
  return null;
}

async function selectorCheck(resolver: MailResolver, domain: string, selector: string): Promise<MonitorCheck | null> {
  const name = `${selector}._domainkey.${domain}`;
  let found: string[];
  try {
    found = (await resolver.txt(name)).filter((t) => /(^|;)\s*p\s*=/i.test(t) || /^v\s*=\s*DKIM1/i.test(t));
  } catch (e) {
    return verdict('dkim', name, 'info', `The DKIM key at ${name} could not be read: ${dnsFailure(e)}.`, { selector, error: true });
  }
  if (!found.length) return null;
  const { tags, bad } = readTags(found[0]);
  const t = Object.fromEntries(tags);
  if (bad || t.p === undefined)
    return verdict(
      'dkim',
      name,
      'fail',
      `The DKIM record at ${name} is malformed${bad ? ` ("${bad}")` : ' (no p= tag)'}: receivers cannot verify signatures with it.`,
      { record: found[0] },
    );
  const p = t.p.replace(/\s+/g, '');
  if (!p)
    return verdict('dkim', name, 'info', `The DKIM key for selector "${selector}" is revoked (empty p=).`, { selector, revoked: true });
  const keyType = (t.k ?? 'rsa').toLowerCase();
  if (keyType !== 'rsa')
    return verdict('dkim', name, 'pass', `DKIM selector "${selector}" publishes a ${keyType} key.`, { selector, key_type: keyType });
  const bits = rsaBits(p);
  const value = { selector, key_type: 'rsa', bits };
  if (bits === null)
    return verdict('dkim', name, 'fail', `The DKIM key for selector "${selector}" is not a readable RSA public key.`, value);
  if (bits < 1024)
    return verdict(
      'dkim',
      name,
      'fail',
      `DKIM selector "${selector}" has a ${bits}-bit RSA key, which receivers reject; publish a 2048-bit key.`,
      value,
    );
  if (bits < 2048) return verdict('dkim', name, 'warn', `DKIM selector "${selector}" has a ${bits}-bit RSA key; move to 2048 bits.`, value);
  return verdict('dkim', name, 'pass', `DKIM selector "${selector}" publishes a ${bits}-bit RSA key.`, value);
}

export async function checkDkim(resolver: MailResolver, domain: string, extra: string[]): Promise<MonitorCheck[]> {
  const selectors = [...new Set([...COMMON_DKIM_SELECTORS, ...extra.map((s) => s.toLowerCase())])];
  const checks = (await Promise.all(selectors.map((s) => selectorCheck(resolver, domain, s)))).filter((c): c is MonitorCheck => c !== null);
  // a revoked key or a failed lookup is not a key in use
  if (checks.some((c) => c.status !== 'info')) return checks;
  const failed = checks.filter((c) => (c.value as { error?: boolean } | undefined)?.error);
  if (failed.length)
    return [
      ...checks.filter((c) => !failed.includes(c)),
      verdict(
        'dkim',
        domain,
        'info',
        `${failed.length} of the DKIM selectors could not be looked up (${failed[0].detail.replace(/^.*could not be read: /, '').replace(/\.$/, '')}), so DKIM is not judged this time.`,
      ),
    ];
  const detail = `No DKIM key in use found for the selectors tried (${selectors.join(', ')}); selectors cannot be listed, so add yours to the monitor if you sign mail.`;
  return [...checks, verdict('dkim', domain, 'warn', detail, { selectors })];
}
