// Target parsing and expansion: hosts, names, networks, ranges, exclusions, de-duplication, cap and malformed targets.
import { describe, expect, it } from 'vitest';
import { expandTargets, parseTarget, TargetError, type TargetSet } from '../src/targets/index.ts';

const addresses = (set: TargetSet): string[] => [...set].map((h) => h.address);

async function targetError(p: Promise<unknown>): Promise<TargetError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TargetError);
  return err as TargetError;
}

describe('targets', () => {
  it('expands hosts, IPv4 networks without network and broadcast, and /31 /32 whole', async () => {
    expect(addresses(await expandTargets(['10.0.0.0/30']))).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(addresses(await expandTargets(['10.0.0.4/31']))).toEqual(['10.0.0.4', '10.0.0.5']);
    expect(addresses(await expandTargets(['10.0.0.9/32', '192.168.1.7']))).toEqual(['10.0.0.9', '192.168.1.7']);
    expect((await expandTargets(['10.1.0.0/16'])).size).toBe(65534);
  });

  it('expands ranges, the short form, and IPv6 hosts, networks and ranges', async () => {
    expect(addresses(await expandTargets(['10.0.0.254-10.0.1.1']))).toEqual(['10.0.0.254', '10.0.0.255', '10.0.1.0', '10.0.1.1']);
    expect(addresses(await expandTargets(['10.0.0.1-3']))).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(addresses(await expandTargets(['2001:db8::/126']))).toEqual(['2001:db8::', '2001:db8::1', '2001:db8::2', '2001:db8::3']);
    expect(addresses(await expandTargets(['2001:db8::fe-2001:db8::101']))).toEqual([
      '2001:db8::fe',
      '2001:db8::ff',
      '2001:db8::100',
      '2001:db8::101',
    ]);
    expect(addresses(await expandTargets(['fe80::1-3', '::ffff:10.0.0.1']))).toEqual(['::ffff:a00:1', 'fe80::1', 'fe80::2', 'fe80::3']);
  });

  it('scans every host once when targets overlap, and applies exclusions of every kind', async () => {
    const set = await expandTargets(
      ['10.0.0.0/29', '10.0.0.2-10.0.0.9', '10.0.0.3', '10.0.0.5-6'],
      ['10.0.0.4', '10.0.0.6-7', '10.0.0.8/31'],
    );
    expect(addresses(set)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.5']);
    expect(set.size).toBe(4);
    expect(set.has('10.0.0.3')).toBe(true);
    expect(set.has('10.0.0.4')).toBe(false);
  });

  it('resolves host names to all their addresses and keeps the name', async () => {
    const set = await expandTargets(['localhost', '127.0.0.1'], [], { resolve: async () => ['127.0.0.1', '::1'] });
    expect([...set]).toEqual([
      { address: '127.0.0.1', family: 4, hostnames: ['localhost'] },
      { address: '::1', family: 6, hostnames: ['localhost'] },
    ]);
    const real = await expandTargets(['localhost']);
    expect(real.size).toBeGreaterThan(0);
    const err = await targetError(expandTargets(['no-such-host.invalid']));
    expect(err.code).toBe('unresolved');
    expect(err.message).toContain('no-such-host.invalid');
  });

  it('is lazy: a /8 is counted without being listed', async () => {
    const set = await expandTargets(['10.0.0.0/8'], ['10.0.0.0/9'], { maxHosts: 1 << 24 });
    expect(set.size).toBe((1 << 23) - 1); // the /8's broadcast address stays out
    const it = set[Symbol.iterator]();
    expect(it.next().value?.address).toBe('10.128.0.0');
  });

  it('refuses more hosts than the cap, naming the size and the limit', async () => {
    const err = await targetError(expandTargets(['10.0.0.0/22'], [], { maxHosts: 1000 }));
    expect(err.code).toBe('too-large');
    expect(err.message).toContain('1022 hosts');
    expect(err.message).toContain('1000');
    expect((await expandTargets(['10.0.0.0/22'], ['10.0.0.0/24'], { maxHosts: 1000 })).size).toBe(767);
  });

  it('names the malformed target', async () => {
    for (const bad of [
      '10.0.0.256',
      '10.0.0.0/33',
      '10.0.0.5-10.0.0.1',
      '10.0.0.1-300',
      '2001:db8::/129',
      '1.2.3',
      'a..b',
      '10.0.0.1-::1',
      'fe80::1::2',
    ]) {
      const err = await targetError(expandTargets(['10.0.0.1', bad]));
      expect(err.code).toBe('malformed');
      expect(err.target).toBe(bad);
      expect(err.message).toContain(`"${bad}"`);
    }
    const excluded = await targetError(expandTargets(['10.0.0.1'], ['10.0.0/24']));
    expect(excluded.target).toBe('10.0.0/24');
    expect(() => parseTarget(' ')).toThrow(TargetError);
  });

  it('reports an empty target set', async () => {
    expect((await targetError(expandTargets([]))).code).toBe('empty');
    expect((await targetError(expandTargets(['10.0.0.1-2'], ['10.0.0.0/30']))).code).toBe('empty');
  });
});
