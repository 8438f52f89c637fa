// Parsers of what a Linux host prints for an authenticated look: /etc/os-release, dpkg-query, rpm -qa, apk, and ss.
import type { InstalledPackage, ListeningSocket, OsRelease } from './types.ts';

/** /etc/os-release (KEY=value, values optionally quoted with shell escapes). */
export function parseOsRelease(text: string): OsRelease | null {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    let v = m[2]!.trim();
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1).replace(/\\(["'$`\\])/g, '$1');
    values.set(m[1]!, v);
  }
  const id = values.get('ID');
  if (!id) return null;
  return {
    id: id.toLowerCase(),
    versionId: values.get('VERSION_ID') ?? '',
    codename: values.get('VERSION_CODENAME') ?? values.get('UBUNTU_CODENAME') ?? '',
    prettyName: values.get('PRETTY_NAME') ?? values.get('NAME') ?? id,
    like: (values.get('ID_LIKE') ?? '').split(/\s+/).filter(Boolean),
  };
}

/** The dpkg-query format the look runs (status, name, arch, version, source package, source version). */
export const DPKG_FORMAT = '${db:Status-Abbrev}\\t${Package}\\t${Architecture}\\t${Version}\\t${source:Package}\\t${source:Version}\\n';

/** Installed packages from dpkg-query with DPKG_FORMAT: only those whose status is installed ("ii"). */
export function parseDpkg(text: string): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  for (const line of text.split('\n')) {
    const [status, name, arch, version, source, sourceVersion] = line.split('\t');
    if (!status || !name || !version || !/^[hi]i/.test(status.trim())) continue;
    out.push({ manager: 'dpkg', name, arch: arch ?? '', version, source: source || name, sourceVersion: sourceVersion || version });
  }
  return out;
}

/** The rpm query format the look runs. */
export const RPM_FORMAT = '%{NAME}\\t%{ARCH}\\t%{EPOCHNUM}:%{VERSION}-%{RELEASE}\\t%{SOURCERPM}\\n';

/** rpm -qa with RPM_FORMAT; the source package name comes from the SRPM file name (name-version-release.src.rpm). */
export function parseRpm(text: string): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  for (const line of text.split('\n')) {
    const [name, arch, evr, srpm] = line.split('\t');
    if (!name || !evr || name === 'gpg-pubkey') continue;
    const version = evr.startsWith('0:') ? evr.slice(2) : evr;
    const m = /^(.+)-([^-]+)-([^-]+)\.(?:no)?src\.rpm$/.exec(srpm?.trim() ?? '');
    out.push({
      manager: 'rpm',
      name,
      arch: arch ?? '',
      version,
      source: m ? m[1]! : name,
      sourceVersion: m ? `${evr.includes(':') && !evr.startsWith('0:') ? evr.split(':')[0] + ':' : ''}${m[2]}-${m[3]}` : version,
    });
  }
  return out;
}

/** `apk list --installed` lines: "name-version-rREL arch {origin} (license) [installed]". */
export function parseApk(text: string): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\S+)-(\d[^\s-]*-r\d+)\s+(\S+)\s+\{([^}]+)\}/.exec(line.trim());
    if (!m) continue;
    out.push({ manager: 'apk', name: m[1]!, arch: m[3]!, version: m[2]!, source: m[4]!, sourceVersion: m[2]! });
  }
  return out;
}

/** `ss -H -tuln[p]`: listening TCP sockets and bound UDP ones, with the process when ss could see it. */
export function parseSs(text: string): ListeningSocket[] {
  const out: ListeningSocket[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 5) continue;
    const protocol = cols[0] === 'tcp' ? 'tcp' : cols[0] === 'udp' ? 'udp' : null;
    if (!protocol) continue;
    const local = cols[4]!;
    const at = local.lastIndexOf(':');
    const port = Number(local.slice(at + 1));
    if (at < 0 || !Number.isInteger(port)) continue;
    const address = local
      .slice(0, at)
      .replace(/^\[|\]$/g, '')
      .replace(/%.*$/, '');
    const proc = /users:\(\("([^"]+)"/.exec(line)?.[1] ?? null;
    const key = `${protocol}|${address}|${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ protocol, address, port, process: proc });
  }
  return out;
}
