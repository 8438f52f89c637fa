// Tells a person's request from a machine's (mail gateways, link scanners, preview fetchers) for the phishing
// listener: pure, so each reason can be tested alone. The evidence (the reasons) is kept with every event.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { BotReason } from '@bulwark/core';

/**
 * User agents of mail-security gateways, link scanners, chat unfurlers and scripted clients. A fragment matches
 * anywhere in the agent, case-insensitively; a data list so a new scanner is one line.
 */
export const SCANNER_AGENTS: readonly string[] = [
  // Microsoft Defender for Office 365 (Safe Links detonation) and Outlook's link preview
  'safelinks',
  'microsoft office protection',
  'ms-office',
  'microsoftpreview',
  'bingpreview',
  'skypeuripreview',
  // Gateways
  'proofpoint',
  'mimecast',
  'barracuda',
  'cisco ironport',
  'ironport',
  'fortiguard',
  'forcepoint',
  'trendmicro',
  'trend micro',
  'symantec',
  'messagelabs',
  'sophos',
  'zscaler',
  'checkpoint',
  'avanan',
  'abnormal security',
  'google-safety',
  'google-safebrowsing',
  'googlebot',
  'virustotal',
  'urlscan',
  // Chat and social unfurlers
  'slackbot',
  'slack-imgproxy',
  'facebookexternalhit',
  'twitterbot',
  'linkedinbot',
  'discordbot',
  'telegrambot',
  'whatsapp',
  // Scripted clients
  'python-requests',
  'python-urllib',
  'aiohttp',
  'curl/',
  'wget/',
  'go-http-client',
  'java/',
  'okhttp',
  'apache-httpclient',
  'libwww-perl',
  'node-fetch',
  'axios/',
  'undici',
  'headlesschrome',
  'phantomjs',
  'bot/',
  'crawler',
  'spider',
];

/** Image proxies that fetch the open pixel for a person who opened the message: an open, but not from the person's device. */
export const IMAGE_PROXY_AGENTS: readonly string[] = ['googleimageproxy', 'yahoomailproxy', 'apple-mail-privacy'];

export function scannerAgent(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim().toLowerCase();
  if (ua === '') return true; // A browser always says who it is.
  return SCANNER_AGENTS.some((s) => ua.includes(s));
}

/** The image proxy named in the agent (its matching fragment), or undefined. */
export function imageProxy(userAgent: string | undefined): string | undefined {
  const ua = (userAgent ?? '').toLowerCase();
  return IMAGE_PROXY_AGENTS.find((p) => ua.includes(p));
}

/** True when the headers say the request is a prefetch or a preview, not a navigation a person made. */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const h = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).toLowerCase();
  };
  return (
    /prefetch|prerender|preview/.test(h('purpose')) ||
    /prefetch|prerender|preview/.test(h('sec-purpose')) ||
    h('x-moz') === 'prefetch' ||
    /preview|prefetch/.test(h('x-purpose'))
  );
}

/** Matches addresses against the scanners' ranges (CIDR or single addresses); invalid entries are ignored. */
export function addressMatcher(ranges: readonly string[]): (ip: string | undefined) => boolean {
  const list = new BlockList();
  let any = false;
  for (const r of ranges) {
    const [addr, bits] = r.split('/');
    const type = isIPv4(addr ?? '') ? 'ipv4' : isIPv6(addr ?? '') ? 'ipv6' : null;
    if (!type || !addr) continue;
    const prefix = bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128)) continue;
    list.addSubnet(addr, prefix, type);
    any = true;
  }
  return (ip) => {
    if (!any || !ip) return false;
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const type = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
    return type !== null && list.check(plain, type);
  };
}

export interface RequestFacts {
  method: string;
  userAgent: string | undefined;
  ip: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  at: Date;
  /** When the message reached (or, without a delivery report, left for) the recipient; null when not sent yet. */
  deliveredAt: Date | null;
}

export interface BotSettings {
  humanAfterSeconds: number;
  isScannerAddress: (ip: string | undefined) => boolean;
}

/** Which reasons apply to one request (no_script is decided by the caller: it depends on the beacon). */
export function botReasons(f: RequestFacts, s: BotSettings, skip: readonly BotReason[] = []): BotReason[] {
  const out: BotReason[] = [];
  const add = (r: BotReason, when: boolean) => {
    if (when && !skip.includes(r)) out.push(r);
  };
  add('too_soon', f.deliveredAt !== null && f.at.getTime() - f.deliveredAt.getTime() < s.humanAfterSeconds * 1000);
  add('scanner_agent', scannerAgent(f.userAgent) && !imageProxy(f.userAgent));
  add('scanner_address', s.isScannerAddress(f.ip));
  add('head_request', f.method.toUpperCase() === 'HEAD');
  add('prefetch', isPrefetch(f.headers));
  return out;
}
