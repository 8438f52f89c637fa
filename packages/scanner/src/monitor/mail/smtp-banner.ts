// Banner disclosure: does a mail exchanger's 220 greeting or EHLO answer name its software or a version (what an
// attacker looks up in a vulnerability list)? Host names, addresses and the date are not disclosure.
import type { MonitorCheck } from '@bulwark/core';

/** Mail software names seen in greetings, with an optional version after them. */
const PRODUCTS = [
  'Exim',
  'Postfix',
  'Sendmail',
  'Microsoft ESMTP MAIL Service',
  'Microsoft Exchange',
  'qmail',
  'netqmail',
  'OpenSMTPD',
  'Haraka',
  'MDaemon',
  'Zimbra',
  'Kerio Connect',
  'IceWarp',
  'hMailServer',
  'Courier',
  'CommuniGate Pro',
  'Domino',
  'Axigen',
  'SmarterMail',
  'MailEnable',
  'Mercury',
  'XMail',
  'Dovecot',
  'Halon',
  'IronPort',
  'Barracuda',
  'Sophos',
  'FortiMail',
  'Proofpoint',
  'Mailcow',
  'Stalwart',
  'maddy',
  'chasquid',
  'smtp-server',
  'Nodemailer',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PRODUCT = new RegExp(`\\b(${PRODUCTS.map(escape).join('|')})\\b(?:[ /_-]v?([0-9]+(?:\\.[0-9]+)+[a-z0-9.-]*))?`, 'i');
/** Any word followed by a dotted version ("Foo 2.3.1", "bar/1.2"). */
const VERSION = /\b([A-Za-z][A-Za-z0-9_-]{1,30})[ /_-]v?([0-9]+\.[0-9]+(?:\.[0-9]+)*[a-z0-9-]*)\b/;
/** "(Debian)", "(Ubuntu)" after a product: the distribution tells the version line too. */
const DISTRIBUTION = /\((Debian|Ubuntu|Red Hat|CentOS|FreeBSD|GNU|Debian\/GNU)[^)]*\)/i;

/** What the text discloses ("Exim 4.96", "Postfix (Debian/GNU)", "FooMail 2.1"), or [] when it names nothing. */
export function disclosures(text: string, skip: string[]): string[] {
  let clean = text
    .replace(/\[[0-9a-f.:]+\]/gi, ' ') // [127.0.0.1], [::1]
    .replace(/\b[0-9]{1,3}(?:\.[0-9]{1,3}){3}\b/g, ' ') // bare IPv4 addresses
    .replace(/\b[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?\b/g, ' '); // times
  for (const s of skip.filter(Boolean)) clean = clean.replace(new RegExp(escape(s), 'gi'), ' ');
  // Host names (words with dots and letters on both sides) are names, not versions.
  clean = clean.replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,63}\b/gi, ' ');
  const found: string[] = [];
  const p = PRODUCT.exec(clean);
  if (p) {
    const dist = DISTRIBUTION.exec(clean.slice(p.index));
    found.push([p[1], p[2], dist && !p[2] ? dist[0] : ''].filter(Boolean).join(' '));
  }
  const v = VERSION.exec(clean);
  if (v && !(p && v.index >= p.index && v.index < p.index + p[0].length + 1)) found.push(`${v[1]} ${v[2]}`);
  return found;
}

/** The 'banner' verdict over the greeting and the EHLO answer. */
export function bannerVerdict(greeting: string, ehlo: string, host: string, heloName: string, target: string): MonitorCheck {
  const said = [...new Set([...disclosures(greeting, [host, heloName]), ...disclosures(ehlo, [host, heloName])])];
  const value = { greeting, ehlo, disclosed: said };
  if (!said.length)
    return { check: 'banner', target, status: 'pass', detail: 'The greeting and the EHLO answer name no mail software or version.', value };
  return {
    check: 'banner',
    target,
    status: 'warn',
    detail: `The server tells every visitor what it runs: ${said.map((s) => `"${s}"`).join(', ')}. Set a greeting without the software and version (e.g. Exim's smtp_banner, Postfix's smtpd_banner).`,
    value,
  };
}
