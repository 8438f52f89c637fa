// dpkginfo_object and rpminfo_object: the installed-package database read once per evaluation (dpkg-query, rpm -qa)
// and matched by name; items carry epoch, version, release and evr as OpenSCAP reports them.
import { collected, collectError, errorText, matches, type Collector } from './collect-types.ts';
import { RecordItem } from './items.ts';
import type { Target } from './target.ts';

export interface DpkgPackage {
  name: string;
  arch: string;
  version: string;
}

const DPKG_QUERY = `dpkg-query -W -f='\${Package}\\t\${Architecture}\\t\${Version}\\t\${db:Status-Abbrev}\\n' 2>/dev/null; echo "__ARCH__$(dpkg --print-architecture 2>/dev/null)"`;

/** Parses the dpkg-query listing: installed packages (a current version exists), the native architecture first. */
export function parseDpkgList(out: string): Map<string, DpkgPackage> {
  const native = /__ARCH__(\S*)/.exec(out)?.[1] ?? '';
  const byName = new Map<string, DpkgPackage>();
  for (const line of out.split('\n')) {
    const [name, arch, version, status] = line.split('\t');
    if (!name || version === undefined || !status) continue;
    // The second letter is the package's state: not-installed and config-files leave no installed version.
    const state = status[1];
    if (state === 'n' || state === 'c' || state === undefined) continue;
    const prev = byName.get(name);
    if (!prev || (prev.arch !== native && (arch === native || arch === 'all'))) byName.set(name, { name, arch, version });
  }
  return byName;
}

/** The dpkginfo item of a package: epoch before the first ':', release after the first '-', as apt's cache splits it. */
export function dpkgItem(p: DpkgPackage): RecordItem {
  const v = p.version;
  const colon = v.indexOf(':');
  const epoch = colon >= 0 ? v.slice(0, colon) : '0';
  const start = colon >= 0 ? colon + 1 : 0;
  const dash = v.indexOf('-');
  const version = dash >= 0 ? v.slice(start, dash) : v.slice(start);
  const release = dash >= 0 ? v.slice(dash + 1) : '';
  const evr = dash >= 0 ? `${epoch}:${version}-${release}` : `${epoch}:${version}`;
  return new RecordItem('dpkginfo_item', [
    ['name', p.name],
    ['arch', p.arch],
    ['epoch', epoch],
    ['release', release],
    ['version', version],
    ['evr', evr, 'evr_string'],
  ]);
}

const dpkgPackages = (t: Target) =>
  t.once('dpkg', async () => {
    const r = await t.sh(DPKG_QUERY);
    return parseDpkgList(r.stdout);
  });

export const collectDpkgInfo: Collector = async (req) => {
  const name = req.entities.get('name');
  if (!name) return collectError('The object has no name.');
  try {
    const pkgs = await dpkgPackages(req.target);
    if (name.operation === 'equals') {
      const p = pkgs.get(name.value);
      return collected(p ? [dpkgItem(p)] : []);
    }
    return collected([...pkgs.values()].filter((p) => matches(name, p.name)).map(dpkgItem));
  } catch (e) {
    return collectError(`Could not read the dpkg database: ${errorText(e)}`);
  }
};

export interface RpmPackage {
  name: string;
  arch: string;
  epoch: string;
  version: string;
  release: string;
  keyId: string;
}

const RPM_QUERY = `command -v rpm >/dev/null 2>&1 && rpm -qa --qf '%{NAME}\\t%{ARCH}\\t%{EPOCHNUM}\\t%{VERSION}\\t%{RELEASE}\\t%{SIGPGP:pgpsig}\\n' 2>/dev/null; true`;

export function parseRpmList(out: string): RpmPackage[] {
  const pkgs: RpmPackage[] = [];
  for (const line of out.split('\n')) {
    const [name, arch, epoch, version, release, sig] = line.split('\t');
    if (!name || release === undefined) continue;
    const keyId = /Key ID ([0-9a-f]+)/i.exec(sig ?? '')?.[1] ?? '';
    pkgs.push({ name, arch, epoch: epoch || '0', version, release, keyId });
  }
  return pkgs;
}

export function rpmItem(p: RpmPackage): RecordItem {
  return new RecordItem('rpminfo_item', [
    ['name', p.name],
    ['arch', p.arch],
    ['epoch', p.epoch],
    ['release', p.release],
    ['version', p.version],
    ['evr', `${p.epoch}:${p.version}-${p.release}`, 'evr_string'],
    ['signature_keyid', p.keyId, 'string', p.keyId ? 'exists' : 'does not exist'],
    ['extended_name', `${p.name}-${p.epoch}:${p.version}-${p.release}.${p.arch}`],
  ]);
}

export const collectRpmInfo: Collector = async (req) => {
  const name = req.entities.get('name');
  if (!name) return collectError('The object has no name.');
  try {
    // A host without rpm has no rpm packages: the object does not exist (as OpenSCAP reports on Debian).
    const pkgs = await req.target.once('rpm', async () => parseRpmList((await req.target.sh(RPM_QUERY)).stdout));
    return collected(pkgs.filter((p) => matches(name, p.name)).map(rpmItem));
  } catch (e) {
    return collectError(`Could not read the rpm database: ${errorText(e)}`);
  }
};
