// RPM version ordering against rpm's own tests/rpmvercmp.at cases (tilde, caret, separators, documented oddities).
import { describe, expect, test } from 'vitest';
import { compareRpm, compareVersions, parseRpmVersion, rpmvercmp } from '../src/index.ts';

const CASES: [string, string, number][] = [
  ['1.0', '1.0', 0],
  ['1.0', '2.0', -1],
  ['2.0', '1.0', 1],
  ['2.0.1', '2.0.1', 0],
  ['2.0', '2.0.1', -1],
  ['2.0.1', '2.0', 1],
  ['2.0.1a', '2.0.1a', 0],
  ['2.0.1a', '2.0.1', 1],
  ['2.0.1', '2.0.1a', -1],
  ['5.5p1', '5.5p1', 0],
  ['5.5p1', '5.5p2', -1],
  ['5.5p2', '5.5p1', 1],
  ['5.5p10', '5.5p10', 0],
  ['5.5p1', '5.5p10', -1],
  ['5.5p10', '5.5p1', 1],
  ['10xyz', '10.1xyz', -1],
  ['10.1xyz', '10xyz', 1],
  ['xyz10', 'xyz10', 0],
  ['xyz10', 'xyz10.1', -1],
  ['xyz10.1', 'xyz10', 1],
  ['xyz.4', 'xyz.4', 0],
  ['xyz.4', '8', -1],
  ['8', 'xyz.4', 1],
  ['xyz.4', '2', -1],
  ['2', 'xyz.4', 1],
  ['5.5p2', '5.6p1', -1],
  ['5.6p1', '5.5p2', 1],
  ['5.6p1', '6.5p1', -1],
  ['6.5p1', '5.6p1', 1],
  ['6.0.rc1', '6.0', 1],
  ['6.0', '6.0.rc1', -1],
  ['10b2', '10a1', 1],
  ['10a2', '10b2', -1],
  ['1.0aa', '1.0aa', 0],
  ['1.0a', '1.0aa', -1],
  ['1.0aa', '1.0a', 1],
  ['10.0001', '10.0001', 0],
  ['10.0001', '10.1', 0],
  ['10.1', '10.0001', 0],
  ['10.0001', '10.0039', -1],
  ['10.0039', '10.0001', 1],
  ['4.999.9', '5.0', -1],
  ['5.0', '4.999.9', 1],
  ['20101121', '20101121', 0],
  ['20101121', '20101122', -1],
  ['20101122', '20101121', 1],
  ['2_0', '2_0', 0],
  ['2.0', '2_0', 0],
  ['2_0', '2.0', 0],
  ['a', 'a', 0],
  ['a+', 'a+', 0],
  ['a+', 'a_', 0],
  ['a_', 'a+', 0],
  ['+a', '+a', 0],
  ['+a', '_a', 0],
  ['_a', '+a', 0],
  ['+_', '+_', 0],
  ['_+', '+_', 0],
  ['_+', '_', 0],
  ['+', '_', 0],
  ['_', '+', 0],
  ['1.0~rc1', '1.0~rc1', 0],
  ['1.0~rc1', '1.0', -1],
  ['1.0', '1.0~rc1', 1],
  ['1.0~rc1', '1.0~rc2', -1],
  ['1.0~rc2', '1.0~rc1', 1],
  ['1.0~rc1~git123', '1.0~rc1~git123', 0],
  ['1.0~rc1~git123', '1.0~rc1', -1],
  ['1.0~rc1', '1.0~rc1~git123', 1],
  ['1.0^', '1.0^', 0],
  ['1.0^', '1.0', 1],
  ['1.0', '1.0^', -1],
  ['1.0^git1', '1.0^git1', 0],
  ['1.0^git1', '1.0', 1],
  ['1.0', '1.0^git1', -1],
  ['1.0^git1', '1.0^git2', -1],
  ['1.0^git2', '1.0^git1', 1],
  ['1.0^git1', '1.01', -1],
  ['1.01', '1.0^git1', 1],
  ['1.0^20160101', '1.0^20160101', 0],
  ['1.0^20160101', '1.0.1', -1],
  ['1.0.1', '1.0^20160101', 1],
  ['1.0^20160101^git1', '1.0^20160101^git1', 0],
  ['1.0^20160102', '1.0^20160101^git1', 1],
  ['1.0^20160101^git1', '1.0^20160102', -1],
  ['1.0~rc1^git1', '1.0~rc1^git1', 0],
  ['1.0~rc1^git1', '1.0~rc1', 1],
  ['1.0~rc1', '1.0~rc1^git1', -1],
  ['1.0^git1~pre', '1.0^git1~pre', 0],
  ['1.0^git1', '1.0^git1~pre', 1],
  ['1.0^git1~pre', '1.0^git1', -1],
  // rpmvercmp.at "oddities", kept so a change of behaviour shows
  ['1b.fc17', '1b.fc17', 0],
  ['1b.fc17', '1.fc17', -1],
  ['1.fc17', '1b.fc17', 1],
  ['1g.fc17', '1g.fc17', 0],
  ['1g.fc17', '1.fc17', 1],
  ['1.fc17', '1g.fc17', -1],
];

describe('rpmvercmp', () => {
  test.each(CASES)('%s vs %s → %i', (a, b, expected) => {
    expect(rpmvercmp(a, b)).toBe(expected);
  });
});

describe('RPM EVR ordering', () => {
  test('epoch first, then version, then release', () => {
    expect(compareRpm('1:1.0-1', '2.0-1')).toBe(1);
    expect(compareRpm('0:8.7p1-38.el9', '8.7p1-38.el9')).toBe(0);
    expect(compareRpm('8.7p1-38.el9', '8.7p1-38.el9_4.1')).toBe(-1);
    expect(compareRpm('8.7p1-38.el9_4.1', '8.7p1-38.el9_4.1')).toBe(0);
    expect(compareRpm('8.7p1-38.el9_4.2', '8.7p1-38.el9_4.1')).toBe(1);
    expect(compareRpm('8.7p1-34.el9', '8.7p1-38.el9_4.1')).toBe(-1);
    expect(compareRpm('9.3p1-1.el9', '8.7p1-38.el9_4.1')).toBe(1);
  });

  test('a missing release sorts below any release', () => {
    expect(compareRpm('8.7p1', '8.7p1-1.el9')).toBe(-1);
  });

  test('parses epoch, version and release', () => {
    expect(parseRpmVersion('2:8.7p1-38.el9_4.1')).toEqual({ epoch: 2, version: '8.7p1', release: '38.el9_4.1' });
  });

  test('AlmaLinux, Rocky, Red Hat, SUSE and Fedora ecosystems use it', () => {
    for (const eco of [
      'AlmaLinux:9',
      'Rocky Linux:9',
      'Red Hat',
      'SUSE:Linux Enterprise Server 15 SP5',
      'openSUSE:Leap 15.5',
      'Fedora:39',
    ]) {
      expect(compareVersions(eco, '1.0^git1', '1.0'), eco).toBe(1);
    }
  });
});
