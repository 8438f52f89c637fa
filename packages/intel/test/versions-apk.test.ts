// Alpine apk ordering against lines of apk-tools' test/version.data (the reference list apk's own test runs).
import { describe, expect, test } from 'vitest';
import { compareApk, compareVersions } from '../src/index.ts';

// "a op b" lines from apk-tools test/version.data, chosen for the rules they exercise.
const LINES = `
2.34 > 0.1.0_alpha
23_foo > 4_beta
1.0 < 1.0bc
0.1.0_alpha = 0.1.0_alpha
0.1.0_alpha < 0.1.3_alpha
0.1.0_alpha2 > 0.1.0_alpha
0.1.0_alpha < 2.2.39-r1
1.0.4-r3 < 1.0.4-r4
1.1 > 1.1_alpha1
1.3_alpha < 1.3_alpha2
1.3_alpha8 > 0.6.0
0.7.0 < 0.8_beta1
0.8_beta1 < 0.8_beta2
3.10.18-r1 > 2.3.0b-r1
2.3.0b-r1 < 2.3.0b-r2
0.12.3 > 0.12
0.13_beta5 > 0.9.12
1.2.11 < 1.2.12.1
0.2.0-r1 = 0.2.0-r1
0.2.0-r1 < 3.1_p16
3.1_p16 < 3.1_p17
3.1_p17 > 1.06-r6
1.06-r6 < 006
006 > 1.0.0
1.2.2-r1 > 1.2.2
20050718-r1 < 20050718-r2
3.9.8-r5 > 2.01.01_alpha10
2.01.01_alpha10 > 0.94
1.0 > 0.99.3.20040818
1.39 > 1.00_beta2
4.2.52_p2-r1 < 4.2.52_p4-r2
4.2.52_p4-r2 > 1.02.07
1.02.07 < 1.02.10-r1
2.18.3-r10 > 1.05-r18
20060720 > 3.0.20060720
2.1.9.200602141850 > 1.6
2.5.1-r8 < 2.5.1a-r1
1.3.5-r10 > 1.3.5-r8
20040401 > 2.0.0_rc3-r1
3.0.0-r2 < 021109-r3
0.9.16-r1 < 3.9_pre20060124
1.1.7 < 6b-r7
0.10.0 < 0.10.1_rc1
2.12r-r4 < 2.12r-r5
0.3.4_pre20061029 < 0.4.0
1.3.5-r9 > 1.0
22.7-r1 < 22.7.3-r1
22.7 > 2.1_pre20
2.10.1 > 02.08.01b
3.81 > 1.6d
1.6d > 1.2.07.8
1.2.07.8 < 1.2.12.04
1.07-r1 < 1.07.5
0.20070118 < 0.20070207_rc1
2.9.11_pre20051101-r2 < 2.9.11_pre20051101-r3
2.9.11_pre20051101-r3 > 2.9.11_pre20051101
1.6.8_p12-r1 > 1.6.8_p9-r2
4.5_p1-r1 > 4.5_p1
0.9.28.1 < 087-r1
7.0.17 < 7.0.174
1.3-r0 < 1.3.1-r0
1.3_pre1-r1 < 1.3.2
1.0_p10-r0 > 1.0_p9-r0
0.1.0_alpha_pre2 < 0.1.0_alpha
1.0.0_pre20191002222144-r0 < 1.0.0_pre20210530193627-r0
`;

const CASES = LINES.trim()
  .split('\n')
  .map((line) => {
    const [a, op, b] = line.trim().split(/\s+/);
    return [a, b, op === '<' ? -1 : op === '>' ? 1 : 0] as [string, string, number];
  });

describe('apk ordering (apk-tools test/version.data)', () => {
  test.each(CASES)('%s vs %s → %i', (a, b, expected) => {
    expect(compareApk(a, b)).toBe(expected);
    expect(compareApk(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  test('suffix order: _alpha < _beta < _pre < _rc < (none) < -rN < _cvs < _svn < _git < _hg < _p', () => {
    const sorted = [
      '1.2_alpha',
      '1.2_beta',
      '1.2_pre',
      '1.2_rc',
      '1.2',
      '1.2-r1',
      '1.2_cvs',
      '1.2_svn',
      '1.2_git',
      '1.2_hg',
      '1.2_p1',
      '1.2.1',
    ];
    expect([...sorted].reverse().sort(compareApk)).toEqual(sorted);
  });

  test('apk-tools 2 oddity, kept so a change shows: a suffix right after a zero component is not a pre-release', () => {
    // version.c gives ".0" a negative value and then reads the suffix as a new digit token: 1.0_alpha > 1.0.
    expect(compareApk('1.0_alpha', '1.0')).toBe(1);
    expect(compareApk('1.1_alpha', '1.1')).toBe(-1);
  });

  test('Alpine ecosystems use it', () => {
    expect(compareVersions('Alpine:v3.19', '10.6.8-r0', '10.6.8_p1-r0')).toBe(-1);
    expect(compareVersions('Alpine:v3.15', '10.4.24-r0', '10.4.25-r0')).toBe(-1);
  });
});
