// dpkg version ordering against the cases of dpkg's own tests and apt's compareversion test (a known dpkg reimplementation).
import { describe, expect, test } from 'vitest';
import { compareDpkg, compareVersions, parseDpkgVersion } from '../src/index.ts';

// [a, b, expected sign]
const CASES: [string, string, number][] = [
  // dpkg lib/dpkg/t/t-version.c
  ['0:0-0', '0:0-0', 0],
  ['0:0-00', '0:00-0', 0],
  ['1:2-3', '1:2-3', 0],
  ['0:0-0', '1:0-0', -1],
  ['0:a-0', '0:b-0', -1],
  ['0:0-a', '0:0-b', -1],
  // apt test/libapt/compareversion_test.cc
  ['7.6p2-4', '7.6-0', 1],
  ['1.0.3-3', '1.0-1', 1],
  ['1.3', '1.2.2-2', 1],
  ['1.3', '1.2.2', 1],
  ['0-pre', '0-pre', 0],
  ['0-pre', '0-pree', -1],
  ['1.1.6r2-2', '1.1.6r-1', 1],
  ['2.6b2-1', '2.6b-2', 1],
  ['98.1p5-1', '98.1-pre2-b6-2', -1],
  ['0.4a6-2', '0.4-1', 1],
  ['1:3.0.5-2', '1:3.0.5.1', -1],
  ['1:0.4', '10.3', 1],
  ['1:1.25-4', '1:1.25-8', -1],
  ['0:1.18.36', '1.18.36', 0],
  ['1.18.36', '1.18.35', 1],
  ['0:1.18.36', '1.18.35', 1],
  ['9:1.18.36:5.4-20', '10:0.5.1-22', -1],
  ['9:1.18.36:5.4-20', '9:1.18.36:5.5-1', -1],
  ['1.18.36-0.17.35-18', '1.18.36-19', 1],
  ['1:1.2.13-3', '1:1.2.13-3.1', -1],
  ['2.0.7pre1-4', '2.0.7r-1', -1],
  ['0:0-0-0', '0-0', 1],
  ['0', '0', 0],
  ['0', '00', 0],
  ['3.0~rc1-1', '3.0-1', -1],
  ['1.0', '1.0-0', 0],
  ['0.2', '1.0-0', -1],
  ['1.0', '1.0-0+b1', -1],
  ['1.0', '1.0-0~', 1],
  ['1:2ab:5', '1:2ab:5', 0],
  ['7:1-a:b-5', '7:1-a:b-5', 0],
  ['57:1.2.3abYZ+~-4-5', '57:1.2.3abYZ+~-4-5', 0],
  ['1.2.3', '0:1.2.3', 0],
  ['1.2.3', '1.2.3-0', 0],
  ['009', '9', 0],
  ['009ab5', '9ab5', 0],
  ['1.2.3', '1.2.3-1', -1],
  ['1.2.3', '1.2.4', -1],
  ['1.2.4', '1.2.3', 1],
  ['1.2.24', '1.2.3', 1],
  ['0.10.0', '0.8.7', 1],
  ['3.2', '2.3', 1],
  ['1.3.2a', '1.3.2', 1],
  ['0.5.0~git', '0.5.0~git2', -1],
  ['2a', '21', -1],
  ['1.3.2a', '1.3.2b', -1],
  ['1:1.2.3', '1.2.4', 1],
  ['1:1.2.3', '1:1.2.4', -1],
  ['1.2a+~bCd3', '1.2a++', -1],
  ['1.2a+~bCd3', '1.2a+~', 1],
  ['5:2', '304-2', 1],
  ['5:2', '304:2', -1],
  ['25:2', '3:2', 1],
  ['1:2:123', '1:12:3', -1],
  ['1.2-5', '1.2-3-5', -1],
  ['5.10.0', '5.005', 1],
  ['3a9.8', '3.10.2', -1],
  ['3a9.8', '3~10', 1],
  ['1.4+OOo3.0.0~', '1.4+OOo3.0.0-4', -1],
  ['2.4.7-1', '2.4.7-z', -1],
  ['1.002-1+b2', '1.00', 1],
  // Debian security fixes as OSV/DSA records give them
  ['1.2.1-2.2+wheezy2', '1.2.1-2.2+wheezy3', -1],
  ['1:9.2p1-2+deb12u2', '1:9.2p1-2+deb12u3', -1],
  ['1:9.2p1-2+deb12u3', '1:9.2p1-2', 1],
];

describe('dpkg ordering', () => {
  test.each(CASES)('%s vs %s → %i', (a, b, expected) => {
    expect(compareDpkg(a, b)).toBe(expected);
    expect(compareDpkg(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  test('~ sorts before everything, even the end of the version', () => {
    const sorted = ['1.0~~', '1.0~~a', '1.0~', '1.0', '1.0a'];
    expect([...sorted].reverse().sort(compareDpkg)).toEqual(sorted);
  });

  test('parses epoch, upstream and revision (the revision starts after the last hyphen)', () => {
    expect(parseDpkgVersion('1:9.2p1-2+deb12u3')).toEqual({ epoch: 1, upstream: '9.2p1', revision: '2+deb12u3' });
    expect(parseDpkgVersion('1.2-3-5')).toEqual({ epoch: 0, upstream: '1.2-3', revision: '5' });
    expect(parseDpkgVersion('2.0')).toEqual({ epoch: 0, upstream: '2.0', revision: '' });
  });

  test('Debian and Ubuntu ecosystems use it', () => {
    expect(compareVersions('Debian:12', '3.0~rc1-1', '3.0-1')).toBe(-1);
    expect(compareVersions('Ubuntu:22.04:LTS', '1.0', '1.0-0~')).toBe(1);
  });
});
