// The collectors on this machine (family, uname, sysctl, partition, passwd, shadow, dpkg, rpm, environment, symlink,
// systemd), their output parsers on recorded output, and the batching of file requests into few commands.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOvalDocument, localRunner, OvalEngine } from '../src/index.ts';
import { dpkgItem, parseDpkgList, parseRpmList } from '../src/policy/collect-packages.ts';
import { encryptMethod, parseInterfaces, parseMounts } from '../src/policy/collect-system.ts';
import { parseShow, parseUnitList } from '../src/policy/collect-systemd.ts';
import { fixedPathPrefix } from '../src/policy/collect-files.ts';
import { Target } from '../src/policy/target.ts';

const sh = (cmd: string) => execFileSync('sh', ['-c', cmd], { encoding: 'utf8' }).trim();
const isRoot = process.getuid?.() === 0;

describe('system collectors on this machine', () => {
  let root: string;
  let engine: OvalEngine;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bulwark-oval-sys-'));
    writeFileSync(join(root, 'target'), 'x');
    symlinkSync(join(root, 'target'), join(root, 'link'));
    const xml = readFileSync(join(import.meta.dirname, 'policy-fixtures', 'system.xml'), 'utf8').replaceAll('@ROOT@', root);
    engine = new OvalEngine(loadOvalDocument(xml), localRunner());
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const obj = (id: string) => engine.object(`oval:s:obj:${id}`);
  const one = async (id: string, field: string) => (await obj(id)).items[0]?.entities(field).map((e) => e.value);

  it('reads family and uname', async () => {
    expect(await one('family', 'family')).toEqual(['unix']);
    expect(await one('uname', 'machine_class')).toEqual([sh('uname -m')]);
    expect(await one('uname', 'os_release')).toEqual([sh('uname -r')]);
  });

  it('reads kernel parameters by name and by pattern', async () => {
    expect(await one('ostype', 'value')).toEqual(['Linux']);
    const names = (await obj('kernel_os')).items.map((i) => i.entities('name')[0].value);
    expect(names).toContain('kernel.ostype');
    expect(names).toContain('kernel.osrelease');
    expect((await obj('no_sysctl')).flag).toBe('does not exist');
  });

  it('reads mounts with their options and space', async () => {
    const root = (await obj('root')).items[0];
    expect(root.entities('fs_type')[0].value).toBe(sh('awk \'$2=="/"{print $3; exit}\' /proc/mounts'));
    expect(root.entities('mount_options').map((e) => e.value)).toContain('rw');
    expect(Number(root.entities('total_space')[0].value)).toBeGreaterThan(0);
    expect((await obj('no_mount')).flag).toBe('does not exist');
  });

  it('reads accounts', async () => {
    expect(await one('root_user', 'user_id')).toEqual(['0']);
    expect(await one('root_user', 'home_dir')).toEqual([sh('getent passwd root | cut -d: -f6')]);
    expect((await obj('not_root')).items.every((i) => i.entities('username')[0].value !== 'root')).toBe(true);
    if (isRoot) expect(await one('root_shadow', 'username')).toEqual(['root']);
  });

  it('reads installed packages', async () => {
    const version = sh("dpkg-query -W -f='${Version}' dpkg");
    const evr = await one('dpkg', 'evr');
    expect(evr?.[0]).toBe(version.includes(':') ? version : `0:${version}`);
    expect((await obj('no_package')).flag).toBe('does not exist');
    // This is a Debian machine: no rpm database, so no rpm package (OpenSCAP says the same).
    expect((await obj('rpm_bash')).flag).toBe('does not exist');
  });

  it('reads the environment of the collecting shell', async () => {
    expect((await one('path', 'value'))?.[0]).toContain('/usr/bin');
  });

  it('reads network interfaces', async () => {
    const lo = (await obj('loopback')).items;
    expect(lo.length).toBeGreaterThan(0);
    expect(lo[0].entities('flag').map((e) => e.value)).toContain('LOOPBACK');
    expect(lo.map((i) => i.entities('inet_addr')[0].value)).toContain('127.0.0.1');
  });

  it('reads symlinks', async () => {
    expect(await one('symlink', 'canonical_path')).toEqual([join(root, 'target')]);
    expect((await obj('not_symlink')).flag).toBe('does not exist');
  });

  it('reports systemd objects as errors where systemd does not run', async () => {
    const c = await obj('unit_prop');
    let running = true;
    try {
      execFileSync('systemctl', ['list-units', '--no-legend'], { stdio: 'ignore' });
    } catch {
      running = false;
    }
    if (running) expect(['complete', 'does not exist']).toContain(c.flag);
    else {
      expect(c.flag).toBe('error');
      expect(c.messages.join(' ')).toMatch(/systemd|bus/i);
    }
  });
});

describe('parsers', () => {
  it('parses dpkg-query output: installed packages, native architecture first', () => {
    const out = 'libc6\ti386\t2.36-9\tii \nlibc6\tamd64\t2.36-9+deb12u4\tii \nold\tamd64\t1.0\trc \nnative\tall\t3.1\tii \n__ARCH__amd64\n';
    const pkgs = parseDpkgList(out);
    expect(pkgs.get('libc6')?.arch).toBe('amd64');
    expect(pkgs.has('old')).toBe(false);
    const item = dpkgItem({ name: 'login', arch: 'amd64', version: '1:4.13+dfsg1-1+deb12u1' });
    expect(['epoch', 'version', 'release', 'evr'].map((f) => item.entities(f)[0].value)).toEqual([
      '1',
      '4.13+dfsg1',
      '1+deb12u1',
      '1:4.13+dfsg1-1+deb12u1',
    ]);
    const native = dpkgItem(pkgs.get('native') as never);
    expect(['epoch', 'version', 'release', 'evr'].map((f) => native.entities(f)[0].value)).toEqual(['0', '3.1', '', '0:3.1']);
  });

  it('parses rpm -qa output', () => {
    const [p] = parseRpmList('openssh\tx86_64\t0\t8.0p1\t19.el8\tRSA/SHA256, Tue 01 Jan 2024, Key ID 199e2f91fd431d51\n');
    expect(p).toMatchObject({ name: 'openssh', epoch: '0', version: '8.0p1', release: '19.el8', keyId: '199e2f91fd431d51' });
  });

  it('parses mounts, systemd listings and shadow hashes', () => {
    expect(parseMounts('/dev/sda1 /mnt/with\\040space ext4 rw,nodev 0 0\n')[0]).toEqual({
      device: '/dev/sda1',
      mountPoint: '/mnt/with space',
      fsType: 'ext4',
      options: ['rw', 'nodev'],
    });
    expect(parseUnitList('ssh.service loaded active running OpenSSH\n__RC__0\ncron.service enabled enabled\n')).toEqual([
      'cron.service',
      'ssh.service',
    ]);
    expect(() => parseUnitList('System has not been booted with systemd\n__RC__1\n')).toThrow(/booted/);
    const show = parseShow('Id=a.service\nActiveState=active\n\nId=b.service\nActiveState=inactive\n', ['a.service', 'b.service']);
    expect(show.get('b.service')?.get('ActiveState')).toBe('inactive');
    expect(encryptMethod('$6$salt$hash')).toBe('SHA-512');
    expect(encryptMethod('$y$j9T$salt$hash')).toBe('yescrypt');
  });

  it('parses network interfaces: one item per address, flags from sysfs', () => {
    const out =
      'I lo 0x9 772 unknown 00:00:00:00:00:00\nI eth0 0x1003 1 up 02:fc:00:00:00:01\nI wlan0 0x1002 1 down aa:bb:cc:dd:ee:ff\n' +
      '1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever\n' +
      '4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\\       valid_lft forever\n' +
      '4: eth0    inet6 fe80::fc:ff:fe00:1/64 scope link \\       valid_lft forever\n';
    const items = parseInterfaces(out);
    const show = (i: (typeof items)[number]) =>
      ['name', 'type', 'hardware_addr', 'inet_addr', 'netmask', 'flag'].map((f) =>
        i
          .entities(f)
          .map((e) => e.value)
          .join(','),
      );
    expect(items.map(show)).toEqual([
      ['lo', 'ARPHRD_LOOPBACK', '00:00:00:00:00:00', '127.0.0.1', '255.0.0.0', 'UP,LOOPBACK,RUNNING'],
      ['eth0', 'ARPHRD_ETHER', '02:FC:00:00:00:01', '192.0.2.2', '255.255.255.0', 'UP,BROADCAST,RUNNING,MULTICAST'],
      ['eth0', 'ARPHRD_ETHER', '02:FC:00:00:00:01', 'fe80::fc:ff:fe00:1', '64', 'UP,BROADCAST,RUNNING,MULTICAST'],
    ]);
    expect(items[1].entities('broadcast_addr')[0]).toEqual({ value: '192.0.2.255', datatype: 'ipv4_address', status: 'exists' });
  });

  it('finds the literal directory a path pattern starts from', () => {
    expect(fixedPathPrefix('^/etc/audit/rules\\.d/.*\\.rules$')).toBe('/etc/audit/rules.d');
    expect(fixedPathPrefix('^/etc/sudoers(\\.d/.*)?$')).toBe('/etc');
    expect(fixedPathPrefix('^/boot/config-.*$')).toBe('/boot');
    expect(fixedPathPrefix('^\\/(|s)bin|^\\/usr\\/(|local\\/)(|s)bin')).toBe('/');
    expect(fixedPathPrefix('relative/.*')).toBe('/');
  });
});

describe('batching', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bulwark-oval-batch-'));
    for (let i = 0; i < 50; i++) {
      mkdirSync(join(root, `d${i}`));
      writeFileSync(join(root, `d${i}`, 'f'), `file ${i}\n`);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers many requests of one wave with one command each kind', async () => {
    const t = new Target(localRunner());
    const paths = Array.from({ length: 50 }, (_, i) => join(root, `d${i}`, 'f'));
    const [stats, reads, walks] = await Promise.all([
      Promise.all([...paths, join(root, 'missing')].map((p) => t.lstat(p))),
      Promise.all(paths.map((p) => t.read(p))),
      Promise.all(Array.from({ length: 50 }, (_, i) => t.walk(join(root, `d${i}`), -1, 'local'))),
    ]);
    expect(t.commands).toBe(3);
    expect(stats.filter(Boolean)).toHaveLength(50);
    expect(stats[50]).toBeUndefined();
    expect(reads.map((r) => (r.ok ? r.data.toString() : '')).join('')).toContain('file 49\n');
    expect(walks.every((w) => w.entries.length === 2 && w.root?.type === 'directory')).toBe(true);
    // Asked again, answered from the evaluation's cache.
    await t.read(paths[0]);
    expect(t.commands).toBe(3);
  });

  it('answers walks of subtrees from a walk of the whole tree', async () => {
    const t = new Target(localRunner());
    symlinkSync(join(root, 'd7'), join(root, 'seven'));
    const [whole, sub, viaLink] = await Promise.all([
      t.walk(root, -1, 'local'),
      t.walk(join(root, 'd3'), -1, 'local'),
      t.walk(join(root, 'seven'), 1, 'all'),
    ]);
    expect(t.commands).toBe(1);
    expect(whole.entries.length).toBe(102);
    expect(sub.entries.map((e) => [e.path, e.depth])).toEqual([
      [join(root, 'd3'), 0],
      [join(root, 'd3', 'f'), 1],
    ]);
    // A symlinked root is followed and keeps its own path, as find -H does.
    expect(viaLink.root?.type).toBe('symbolic link');
    expect(viaLink.entries.map((e) => e.path)).toEqual([join(root, 'seven'), join(root, 'seven', 'f')]);
    const later = await t.walk(join(root, 'd9'), 0, 'local');
    expect(later.entries).toHaveLength(1);
    expect(t.commands).toBe(1);
  });
});
