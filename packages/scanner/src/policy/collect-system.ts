// Collectors for the system's own facts: family, uname, sysctl, environment variables, mounted partitions, local
// accounts (passwd, shadow) and symlinks. Each reads what it needs once per evaluation.
import { shellQuote } from '../auth/ssh-session.ts';
import { collected, collectError, errorText, matches, type Collector } from './collect-types.ts';
import { RecordItem, type FieldSpec } from './items.ts';
import type { Target } from './target.ts';

export const collectFamily: Collector = async () => collected([new RecordItem('family_item', [['family', 'unix']])]);

const UNAME = `uname -m; uname -n; uname -s; uname -r; uname -v`;

export function parseUname(out: string): RecordItem {
  const [machine = '', node = '', os = '', release = '', version = ''] = out.split('\n');
  return new RecordItem('uname_item', [
    ['machine_class', machine],
    ['node_name', node],
    ['os_name', os],
    ['os_release', release],
    ['os_version', version],
    ['processor_type', machine],
  ]);
}

export const collectUname: Collector = async (req) => {
  try {
    const r = await req.target.once('uname', () => req.target.sh(UNAME));
    return collected([parseUname(r.stdout)]);
  } catch (e) {
    return collectError(`uname failed: ${errorText(e)}`);
  }
};

/** A sysctl value as items carry it: one value per line, the trailing newline dropped. */
export function sysctlValues(raw: string): string[] {
  const lines = raw.replace(/\n$/, '').split('\n');
  return lines;
}

const sysctlNames = (t: Target) =>
  t.once('sysctl-names', async () => {
    const r = await t.sh(`find /proc/sys -maxdepth 7 -type f -perm -u+r 2>/dev/null`);
    return r.stdout
      .split('\n')
      .filter(Boolean)
      .map((p) => p.slice('/proc/sys/'.length).replace(/\//g, '.'));
  });

export const collectSysctl: Collector = async (req) => {
  const name = req.entities.get('name');
  if (!name) return collectError('The object has no name.');
  try {
    const names = name.operation === 'equals' ? [name.value] : (await sysctlNames(req.target)).filter((n) => matches(name, n));
    const items: RecordItem[] = [];
    const reads = await Promise.all(names.map((n) => req.target.read(`/proc/sys/${n.replace(/\./g, '/')}`)));
    names.forEach((n, k) => {
      const r = reads[k];
      if (!r.ok) return;
      const raw = r.data.toString('utf8');
      // Empty values are skipped, as the sysctl tool skips them.
      if (raw === '') return;
      items.push(new RecordItem('sysctl_item', [['name', n], ...sysctlValues(raw).map((v): FieldSpec => ['value', v])]));
    });
    return collected(items);
  } catch (e) {
    return collectError(`Could not read kernel parameters: ${errorText(e)}`);
  }
};

export const collectEnvironmentVariable58: Collector = async (req) => {
  const name = req.entities.get('name');
  const pid = req.entities.get('pid');
  if (!name) return collectError('The object has no name.');
  // A nil pid means the collecting process itself: here, the shell the command runs in.
  const cmd =
    pid && !pid.nil
      ? `for p in /proc/[0-9]*; do printf 'P%s\\0' "\${p#/proc/}"; cat "$p/environ" 2>/dev/null; done`
      : `printf 'P%s\\0' "$$"; cat /proc/$$/environ 2>/dev/null || env -0`;
  try {
    const r = await req.target.sh(cmd);
    const items: RecordItem[] = [];
    let curPid = '';
    for (const rec of r.stdout.split('\0')) {
      if (rec.startsWith('P') && /^P\d+$/.test(rec)) {
        curPid = rec.slice(1);
        continue;
      }
      const eq = rec.indexOf('=');
      if (eq <= 0 || !curPid) continue;
      if (pid && !pid.nil && !matches(pid, curPid)) continue;
      const n = rec.slice(0, eq);
      if (!matches(name, n)) continue;
      items.push(
        new RecordItem('environmentvariable58_item', [
          ['pid', curPid, 'int'],
          ['name', n],
          ['value', rec.slice(eq + 1)],
        ]),
      );
    }
    return collected(items);
  } catch (e) {
    return collectError(`Could not read the environment: ${errorText(e)}`);
  }
};

export interface MountEntry {
  device: string;
  mountPoint: string;
  fsType: string;
  options: string[];
}

const unescapeMount = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));

export function parseMounts(out: string): MountEntry[] {
  return out
    .split('\n')
    .map((l) => l.split(' '))
    .filter((f) => f.length >= 4)
    .map(([device, mountPoint, fsType, options]) => ({
      device: unescapeMount(device),
      mountPoint: unescapeMount(mountPoint),
      fsType,
      options: options.split(','),
    }));
}

const PARTITIONS = `cat /proc/mounts; printf '\\0'; for f in /dev/disk/by-uuid/*; do [ -e "$f" ] && printf '%s %s\\n' "\${f##*/}" "$(readlink -f "$f")"; done 2>/dev/null; true`;

export const collectPartition: Collector = async (req) => {
  const mp = req.entities.get('mount_point');
  if (!mp) return collectError('The object has no mount_point.');
  try {
    const t = req.target;
    const [mountsOut, uuidsOut] = (await t.once('mounts', () => t.sh(PARTITIONS))).stdout.split('\0');
    const uuids = new Map<string, string>();
    for (const l of (uuidsOut ?? '').split('\n')) {
      const [uuid, dev] = l.split(' ');
      if (uuid && dev) uuids.set(dev, uuid);
    }
    const mounts = parseMounts(mountsOut).filter((m) => matches(mp, m.mountPoint));
    if (mounts.length === 0) return collected([]);
    const points = [...new Set(mounts.map((m) => m.mountPoint))];
    const df = await t.sh(`for m in ${points.map(shellQuote).join(' ')}; do stat -f -c '%b %f %S' -- "$m" 2>/dev/null || echo; done`);
    const space = new Map(points.map((p, k) => [p, df.stdout.split('\n')[k]?.split(' ').map(Number)]));
    const items = mounts.map((m) => {
      const s = space.get(m.mountPoint);
      const uuid = uuids.get(m.device);
      const fields: FieldSpec[] = [
        ['mount_point', m.mountPoint],
        ['device', m.device],
        ['uuid', uuid ?? '', 'string', uuid ? 'exists' : 'does not exist'],
        ['fs_type', m.fsType],
        ...m.options.map((o): FieldSpec => ['mount_options', o]),
      ];
      if (s && s.length === 3 && s.every(Number.isFinite)) {
        fields.push(['total_space', String(s[0]), 'int'], ['space_used', String(s[0] - s[1]), 'int'], ['space_left', String(s[1]), 'int']);
      }
      return new RecordItem('partition_item', fields);
    });
    return collected(items);
  } catch (e) {
    return collectError(`Could not read the mount table: ${errorText(e)}`);
  }
};

export const collectPassword: Collector = async (req) => {
  const user = req.entities.get('username');
  if (!user) return collectError('The object has no username.');
  try {
    const r = await req.target.once('passwd', () => req.target.sh('getent passwd 2>/dev/null || cat /etc/passwd'));
    const items: RecordItem[] = [];
    for (const line of r.stdout.split('\n')) {
      const f = line.split(':');
      if (f.length < 7 || !matches(user, f[0])) continue;
      items.push(
        new RecordItem('password_item', [
          ['username', f[0]],
          ['password', f[1]],
          ['user_id', f[2], 'int'],
          ['group_id', f[3], 'int'],
          ['gcos', f[4]],
          ['home_dir', f[5]],
          ['login_shell', f[6]],
          ['last_login', '', 'int', 'not collected'],
        ]),
      );
    }
    return collected(items);
  } catch (e) {
    return collectError(`Could not read the accounts: ${errorText(e)}`);
  }
};

/** The hashing method a shadow password names by its "$id$" prefix. */
export function encryptMethod(hash: string): string {
  const id = /^\$([^$]+)\$/.exec(hash)?.[1];
  const methods: Record<string, string> = {
    '1': 'MD5',
    '2a': 'Blowfish',
    '2b': 'Blowfish',
    '2y': 'Blowfish',
    '5': 'SHA-256',
    '6': 'SHA-512',
    y: 'yescrypt',
  };
  if (id) return methods[id] ?? id;
  return hash.length === 13 ? 'DES' : '';
}

export const collectShadow: Collector = async (req) => {
  const user = req.entities.get('username');
  if (!user) return collectError('The object has no username.');
  try {
    const r = await req.target.once('shadow', () => req.target.sh('getent shadow 2>/dev/null || cat /etc/shadow'));
    if (r.stdout.trim() === '') return collectError('The shadow database could not be read (the credential may lack privilege).');
    const items: RecordItem[] = [];
    const num = (name: string, v: string): FieldSpec => [name, v, 'int', v === '' ? 'does not exist' : 'exists'];
    for (const line of r.stdout.split('\n')) {
      const f = line.split(':');
      if (f.length < 9 || !matches(user, f[0])) continue;
      items.push(
        new RecordItem('shadow_item', [
          ['username', f[0]],
          ['password', f[1]],
          num('chg_lst', f[2]),
          num('chg_allow', f[3]),
          num('chg_req', f[4]),
          num('exp_warn', f[5]),
          num('exp_inact', f[6]),
          num('exp_date', f[7]),
          ['flag', f[8], 'string', f[8] === '' ? 'does not exist' : 'exists'],
          ['encrypt_method', encryptMethod(f[1])],
        ]),
      );
    }
    return collected(items);
  } catch (e) {
    return collectError(`Could not read the shadow database: ${errorText(e)}`);
  }
};

export const collectSymlink: Collector = async (req) => {
  const fp = req.entities.get('filepath');
  if (!fp || fp.nil) return collectError('The object has no filepath.');
  if (fp.operation !== 'equals')
    return { flag: 'not collected', items: [], messages: ['Only "equals" filepaths are supported for symlinks.'] };
  try {
    const q = shellQuote(fp.value);
    const r = await req.target.sh(`[ -L ${q} ] && readlink -f -- ${q}`);
    const target = r.stdout.replace(/\n$/, '');
    if (r.code !== 0 || target === '') return collected([]);
    return collected([
      new RecordItem('symlink_item', [
        ['filepath', fp.value],
        ['canonical_path', target],
      ]),
    ]);
  } catch (e) {
    return collectError(`Could not read the symlink: ${errorText(e)}`);
  }
};

// Interface flags in net/if.h order, as items name them.
const IFF = [
  'UP',
  'BROADCAST',
  'DEBUG',
  'LOOPBACK',
  'POINTOPOINT',
  'NOTRAILERS',
  'RUNNING',
  'NOARP',
  'PROMISC',
  'ALLMULTI',
  'MASTER',
  'SLAVE',
  'MULTICAST',
  'PORTSEL',
  'AUTOMEDIA',
  'DYNAMIC',
];
const ARPHRD: Record<string, string> = {
  '1': 'ARPHRD_ETHER',
  '772': 'ARPHRD_LOOPBACK',
  '512': 'ARPHRD_PPP',
  '256': 'ARPHRD_SLIP',
  '774': 'ARPHRD_FDDI',
  '65535': 'ARPHRD_VOID',
  '32': 'ARPHRD_INFINIBAND',
};
const INTERFACES = `for i in /sys/class/net/*; do [ -e "$i/flags" ] && printf 'I %s %s %s %s %s\\n' "\${i##*/}" "$(cat "$i/flags")" "$(cat "$i/type")" "$(cat "$i/operstate" 2>/dev/null)" "$(cat "$i/address" 2>/dev/null)"; done; ip -o addr show 2>/dev/null; true`;

function netmask(bits: number): string {
  const m = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return [24, 16, 8, 0].map((s) => (m >>> s) & 255).join('.');
}

/** Interface items, one per address (as getifaddrs lists them), from /sys/class/net and `ip -o addr`. */
export function parseInterfaces(out: string): RecordItem[] {
  const links = new Map<string, { flags: string[]; type: string; mac: string }>();
  const items: RecordItem[] = [];
  for (const line of out.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'I' && f.length >= 4) {
      // sysfs keeps the administrative flags; "running" is the operational state (lo reports "unknown").
      const bits = Number.parseInt(f[2], 16) | (f[4] === 'up' || f[4] === 'unknown' ? 0x40 : 0);
      links.set(f[1], { flags: IFF.filter((_, k) => (bits & (1 << k)) !== 0), type: ARPHRD[f[3]] ?? '', mac: (f[5] ?? '').toUpperCase() });
      continue;
    }
    const m = /^\d+:\s+(\S+?)(?:@\S+)?\s+(inet6?)\s+(\S+?)\/(\d+)(?:\s+brd\s+(\S+))?/.exec(line);
    const link = m ? links.get(m[1]) : undefined;
    if (!m || !link) continue;
    const fields: FieldSpec[] = [
      ['name', m[1]],
      ['type', link.type],
      ['hardware_addr', link.mac],
      ['inet_addr', m[3], m[2] === 'inet' ? 'ipv4_address' : 'ipv6_address'],
      ['broadcast_addr', m[5] ?? '', m[2] === 'inet' ? 'ipv4_address' : 'ipv6_address', m[5] ? 'exists' : 'does not exist'],
      ['netmask', m[2] === 'inet' ? netmask(Number(m[4])) : m[4], m[2] === 'inet' ? 'ipv4_address' : 'string'],
      ...link.flags.map((x): FieldSpec => ['flag', x]),
    ];
    items.push(new RecordItem('interface_item', fields));
  }
  return items;
}

export const collectInterface: Collector = async (req) => {
  const name = req.entities.get('name');
  if (!name) return collectError('The object has no name.');
  try {
    const r = await req.target.once('interfaces', () => req.target.sh(INTERFACES));
    return collected(parseInterfaces(r.stdout).filter((i) => matches(name, i.entities('name')[0].value)));
  } catch (e) {
    return collectError(`Could not read the network interfaces: ${errorText(e)}`);
  }
};
