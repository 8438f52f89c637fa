// The DNS check of a phishing domain (fra/domains/{id}/check/): whether mail sent in its name gets through. The
// scanner's mail-domain checks (@bulwark/scanner checkMailDomain, DNS only) read MX, SPF, DKIM (the domain's selector,
// else the common ones) and DMARC; each is summed up as pass, fail (present but wrong) or missing, with the scanner's
// own sentences as the messages. DNS servers are the installation's monitoring servers (BULWARK_MONITOR_DNS).
import type { DnsCheckResult, DomainDnsCheck, MailCheckResult, MonitorCheck } from '@bulwark/core';
import { checkMailDomain } from '@bulwark/scanner';

export interface DnsCheckOptions {
  dnsServers: string[];
  heloName: string;
  now: Date;
  timeoutMs?: number;
}

const judged = (c: MonitorCheck | undefined, missing: RegExp): DnsCheckResult =>
  !c ? 'missing' : c.status === 'pass' || c.status === 'warn' ? 'pass' : missing.test(c.detail) ? 'missing' : 'fail';

/** Sums up the scanner's checks of `domain` (pure, so the mapping is tested apart from DNS). */
export function summarise(domain: string, selector: string, result: MailCheckResult, now: Date): DomainDnsCheck {
  const of = (key: string) => result.checks.filter((c) => c.check === key);
  const messages: string[] = [];
  if (result.error) {
    const detail = `The DNS of ${domain} could not be read (${result.error}): check the name, or that it is registered and delegated.`;
    return {
      checked_at: now.toISOString(),
      spf: 'missing',
      dkim: 'missing',
      dmarc: 'missing',
      mx: 'missing',
      messages: [detail],
      deliverable: false,
    };
  }
  const mxCheck = of('mx')[0];
  const spfCheck = of('spf')[0];
  const dmarcCheck = of('dmarc')[0];
  const mx = judged(mxCheck, /has no MX records/);
  const spf = judged(spfCheck, /publishes no SPF record/);
  const dmarc = judged(dmarcCheck, /No DMARC record/);
  let dkim: DnsCheckResult;
  let dkimDetail: string;
  const keys = of('dkim');
  if (selector) {
    const own = keys.find((c) => c.target === `${selector.toLowerCase()}._domainkey.${domain}`);
    dkim = own ? (own.status === 'pass' || own.status === 'warn' ? 'pass' : 'fail') : 'missing';
    dkimDetail = own?.detail ?? `No DKIM key at ${selector}._domainkey.${domain}: publish the key the sending service signs with.`;
  } else {
    const found = keys.find((c) => c.target !== domain && (c.status === 'pass' || c.status === 'warn'));
    dkim = found ? 'pass' : 'missing';
    dkimDetail = found?.detail ?? `No DKIM key found for the common selectors: give the domain the selector its mail is signed with.`;
  }
  for (const detail of [mxCheck?.detail, spfCheck?.detail, dkimDetail, dmarcCheck?.detail]) if (detail) messages.push(detail);
  // A receiver takes the mail when SPF lets it through, the domain can receive bounces, and neither a broken DKIM key
  // nor a broken DMARC policy makes it fail alignment.
  const deliverable = spf === 'pass' && mx === 'pass' && dkim !== 'fail' && dmarc !== 'fail';
  return { checked_at: now.toISOString(), spf, dkim, dmarc, mx, messages, deliverable };
}

export async function checkDomainDns(domain: string, selector: string, o: DnsCheckOptions): Promise<DomainDnsCheck> {
  const result = await checkMailDomain({
    domain,
    dkimSelectors: selector ? [selector] : [],
    dnsServers: o.dnsServers,
    dnsblZones: [],
    smtpPort: 25,
    heloName: o.heloName,
    checkRelay: false,
    timeoutMs: o.timeoutMs ?? 5000,
    now: o.now,
    skipSmtp: true,
  });
  return summarise(domain, selector, result, o.now);
}
