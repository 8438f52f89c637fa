// The DMARC check (RFC 7489): one v=DMARC1 record at _dmarc.<domain>, its policy (none warns), where aggregate reports
// go (rua), the alignment modes, the percentage the policy applies to, and the subdomain policy; a subdomain without
// its own record is judged by its parent's.
import type { MonitorCheck } from '@bulwark/core';
import type { MailResolver } from './resolver.ts';
import { dnsFailure, readTags, sentence, verdict } from './verdict.ts';

const POLICIES = ['none', 'quarantine', 'reject'];
const MODES: Record<string, string> = { r: 'relaxed', s: 'strict' };

const dmarcRecords = async (resolver: MailResolver, name: string) => (await resolver.txt(name)).filter((t) => /^v\s*=\s*DMARC1\b/i.test(t));

export async function checkDmarc(resolver: MailResolver, domain: string): Promise<MonitorCheck> {
  let name = `_dmarc.${domain}`;
  let found: string[];
  /** The parent domain whose record applies (its sp=, else p=), when the domain has none of its own. */
  let inherited: string | null = null;
  try {
    found = await dmarcRecords(resolver, name);
    // RFC 7489 §6.6.3: no record of its own → the organizational domain's; without the public suffix list, each
    // parent down to two labels is tried
    const labels = domain.split('.');
    for (let i = 1; !found.length && labels.length - i >= 2; i++) {
      const parent = labels.slice(i).join('.');
      found = await dmarcRecords(resolver, `_dmarc.${parent}`);
      if (found.length) [inherited, name] = [parent, `_dmarc.${parent}`];
    }
  } catch (e) {
    return verdict('dmarc', domain, 'info', `The DMARC record could not be read (${dnsFailure(e)}), so it is not judged this time.`);
  }
  if (!found.length)
    return verdict(
      'dmarc',
      domain,
      'fail',
      `No DMARC record at ${name}: receivers cannot tell forged mail from ${domain}'s own; publish "v=DMARC1; p=quarantine; rua=mailto:…".`,
    );
  if (found.length > 1)
    return verdict('dmarc', domain, 'fail', `${name} has ${found.length} DMARC records; receivers then ignore DMARC: keep one.`, {
      records: found,
    });
  const record = found[0];
  const { tags, bad } = readTags(record);
  const t = Object.fromEntries(tags);
  const errors: string[] = [];
  if (bad) errors.push(`"${bad}" is not a tag=value pair`);
  if (tags[0]?.[0] !== 'v' || t.v !== 'DMARC1') errors.push('it must start with "v=DMARC1"');
  if (t.p === undefined) errors.push('the policy tag p= is missing');
  else if (!POLICIES.includes(t.p.toLowerCase())) errors.push(`p=${t.p} is not none, quarantine or reject`);
  if (t.sp !== undefined && !POLICIES.includes(t.sp.toLowerCase())) errors.push(`sp=${t.sp} is not none, quarantine or reject`);
  for (const k of ['adkim', 'aspf']) if (t[k] !== undefined && !MODES[t[k].toLowerCase()]) errors.push(`${k}=${t[k]} is not r or s`);
  if (t.pct !== undefined && !/^(100|[1-9]?[0-9])$/.test(t.pct)) errors.push(`pct=${t.pct} is not a number from 0 to 100`);
  const rua = (t.rua ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of rua)
    if (!/^(mailto:[^@\s]+@[^@\s]+|https?:\/\/\S+)$/i.test(u)) errors.push(`rua address "${u}" is not a mailto: or https: URI`);
  // a subdomain without its own record gets the parent's subdomain policy (sp=, else p=)
  const policy = (inherited ? (t.sp ?? t.p) : t.p)?.toLowerCase();
  const value = {
    record,
    inherited_from: inherited,
    p: policy ?? null,
    sp: t.sp?.toLowerCase() ?? null,
    pct: t.pct !== undefined ? Number(t.pct) : 100,
    rua,
    adkim: MODES[(t.adkim ?? 'r').toLowerCase()] ?? t.adkim,
    aspf: MODES[(t.aspf ?? 'r').toLowerCase()] ?? t.aspf,
  };
  if (errors.length)
    return verdict('dmarc', domain, 'fail', sentence([`DMARC record "${record}" is invalid: ${errors[0]}`, ...errors.slice(1)]), value);
  const warns: string[] = [];
  const which = inherited ? `DMARC policy ${policy} (${inherited}'s record, for its subdomains)` : `DMARC policy ${policy}`;
  if (policy === 'none') warns.push('p=none only monitors: forged mail is still delivered; move to quarantine or reject');
  if (value.pct < 100) warns.push(`pct=${value.pct} applies the policy to only ${value.pct}% of failing mail`);
  if (!rua.length) warns.push('no rua= address, so nobody receives the aggregate reports');
  const about = `alignment DKIM ${value.adkim}, SPF ${value.aspf}${value.sp ? `, subdomains ${value.sp}` : ''}`;
  if (warns.length) return verdict('dmarc', domain, 'warn', sentence([`${which}: ${warns[0]}`, ...warns.slice(1), about]), value);
  return verdict('dmarc', domain, 'pass', `${which} for all mail, reports to ${rua.join(', ')}; ${about}.`, value);
}
