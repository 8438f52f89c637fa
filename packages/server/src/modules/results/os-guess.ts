// A cheap operating-system guess for a host from what its services said: an OS CPE (`cpe:2.3:o:...`) if a service
// gave one, else a distribution or OS name in a banner (SSH version strings and HTTP Server headers name it often).
import type { DeliveredPort } from './scan-result.ts';

const BANNER_NAMES: readonly [RegExp, string][] = [
  [/\bubuntu\b/i, 'Ubuntu'],
  [/\bdebian\b|\bdeb\d+u\d+/i, 'Debian'],
  [/\b(red ?hat|rhel)\b/i, 'Red Hat Enterprise Linux'],
  [/\bcentos\b/i, 'CentOS'],
  [/\balmalinux\b|\.el\d+/i, 'Enterprise Linux'],
  [/\bfedora\b/i, 'Fedora'],
  [/\bsuse\b/i, 'SUSE Linux'],
  [/\balpine\b/i, 'Alpine Linux'],
  [/\bfreebsd\b/i, 'FreeBSD'],
  [/\bopenbsd\b/i, 'OpenBSD'],
  [/\bnetbsd\b/i, 'NetBSD'],
  [/\b(microsoft-iis|win32|win64|windows)\b/i, 'Windows'],
];

const words = (s: string): string =>
  s
    .replace(/\\(.)/g, '$1')
    .split('_')
    .map((w) => (w.length > 0 ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');

/** `cpe:2.3:o:canonical:ubuntu_linux:22.04:...` → `Canonical Ubuntu Linux 22.04`. */
function fromOsCpe(cpe: string): string | null {
  const parts = cpe.split(/(?<!\\):/);
  if (parts.length < 5 || parts[2] !== 'o') return null;
  const [vendor, product, version] = [parts[3], parts[4], parts[5]];
  const name = [vendor, product].filter((p) => p && p !== '*' && p !== '-').map(words);
  if (name.length === 0) return null;
  if (version && version !== '*' && version !== '-') name.push(version.replace(/\\(.)/g, '$1'));
  return name.join(' ');
}

/** The guess, or null when nothing the services said names an operating system. */
export function guessOs(ports: readonly DeliveredPort[]): string | null {
  for (const p of ports)
    for (const cpe of p.service?.cpe ?? []) {
      const os = fromOsCpe(cpe);
      if (os) return os;
    }
  for (const p of ports) {
    const s = p.service;
    if (!s) continue;
    const server = typeof s.extra?.server === 'string' ? s.extra.server : '';
    const text = [s.banner ?? '', s.version ?? '', server].join(' ');
    for (const [re, name] of BANNER_NAMES) if (re.test(text)) return name;
  }
  return null;
}
