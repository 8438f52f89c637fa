// The TLS-RPT check (RFC 8460): one v=TLSRPTv1 record at _smtp._tls.<domain> with a rua= of mailto: or https: URIs,
// where sending servers report failed TLS deliveries. Optional, so missing is info (a warning when MTA-STS is on).
import type { MonitorCheck } from '@bulwark/core';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, readTags, verdict } from './verdict.ts';

export async function checkTlsRpt(resolver: MailResolver, domain: string, mtaSts: boolean): Promise<MonitorCheck> {
  const name = `_smtp._tls.${domain}`;
  let found: string[];
  try {
    found = (await resolver.txt(name)).filter((t) => /^v=TLSRPTv1\b/i.test(t));
  } catch (e) {
    return verdict('tls_rpt', domain, 'info', `The TLS-RPT record could not be read (${dnsFailure(e)}), so it is not judged this time.`);
  }
  if (!found.length)
    return mtaSts
      ? verdict(
          'tls_rpt',
          domain,
          'warn',
          `No TLS-RPT record at ${name}: with MTA-STS on, nobody hears of failed TLS deliveries; publish "v=TLSRPTv1; rua=mailto:…".`,
        )
      : verdict('tls_rpt', domain, 'info', `No TLS-RPT record at ${name}: sending servers cannot report failed TLS deliveries.`);
  if (found.length > 1)
    return verdict('tls_rpt', domain, 'fail', `${name} has ${found.length} TLSRPTv1 records; senders then ignore them: keep one.`, {
      records: found,
    });
  const rua = (Object.fromEntries(readTags(found[0]).tags).rua ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = rua.filter((u) => !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/i.test(u));
  const value = { record: found[0], rua };
  if (!rua.length)
    return verdict('tls_rpt', domain, 'fail', `The TLS-RPT record "${found[0]}" has no rua= address to send reports to.`, value);
  if (bad.length) return verdict('tls_rpt', domain, 'fail', `The TLS-RPT record's rua "${bad[0]}" is not a mailto: or https: URI.`, value);
  return verdict('tls_rpt', domain, 'pass', `TLS reports go to ${rua.join(', ')}.`, value);
}
