// cpeMatchesCriteria: attributes, version ranges, version+update joined, unknown target attributes.
import { describe, expect, test } from 'vitest';
import { type CpeMatch, cpeMatchesCriteria, describeCpeMatch, joinedVersion, parseCpe } from '../src/index.ts';

const crit = (criteria: string, range: Partial<CpeMatch> = {}): CpeMatch => ({ vulnerable: true, criteria, ...range });
const OPENSSH_ANY = 'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*';
// CVE-2024-6387's entries
const REGRESSHION_RANGE = crit(OPENSSH_ANY, { versionStartIncluding: '8.6', versionEndExcluding: '9.8' });
const OPENSSH_8_5_P1 = crit('cpe:2.3:a:openbsd:openssh:8.5:p1:*:*:*:*:*:*');
const OPENSSH_9_8_NA = crit('cpe:2.3:a:openbsd:openssh:9.8:-:*:*:*:*:*:*');

describe('cpeMatchesCriteria', () => {
  test.each([
    // target, criteria, expected
    ['cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*', REGRESSHION_RANGE, true],
    ['cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:*', REGRESSHION_RANGE, true], // scanner style
    ['cpe:2.3:a:openbsd:openssh:8.6:*:*:*:*:*:*:*', REGRESSHION_RANGE, true], // start included
    ['cpe:2.3:a:openbsd:openssh:8.5:p1:*:*:*:*:*:*', REGRESSHION_RANGE, false],
    ['cpe:2.3:a:openbsd:openssh:9.7:p1:*:*:*:*:*:*', REGRESSHION_RANGE, true],
    ['cpe:2.3:a:openbsd:openssh:9.8:*:*:*:*:*:*:*', REGRESSHION_RANGE, false], // end excluded
    ['cpe:2.3:a:openbsd:openssh:9.8:p1:*:*:*:*:*:*', REGRESSHION_RANGE, false],
    ['cpe:2.3:a:openbsd:openssh:8.5:p1:*:*:*:*:*:*', OPENSSH_8_5_P1, true],
    ['cpe:2.3:a:openbsd:openssh:8.5p1:*:*:*:*:*:*:*', OPENSSH_8_5_P1, true], // joined version+update
    ['cpe:2.3:a:openbsd:openssh:8.5:p2:*:*:*:*:*:*', OPENSSH_8_5_P1, false],
    ['cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*', OPENSSH_8_5_P1, false],
    ['cpe:2.3:a:openbsd:openssh:9.8:*:*:*:*:*:*:*', OPENSSH_9_8_NA, true], // update unknown
    ['cpe:2.3:a:openbsd:openssh:9.8:-:*:*:*:*:*:*', OPENSSH_9_8_NA, true],
    ['cpe:2.3:a:openbsd:openssh:9.8:p1:*:*:*:*:*:*', OPENSSH_9_8_NA, false],
    ['cpe:2.3:a:openbsd:openssh:9.8p1:*:*:*:*:*:*:*', OPENSSH_9_8_NA, false],
    // a range of one update line (CVE-2016-6210: OpenSSH *:p2 up to 7.2), NVD style and scanner style
    [
      'cpe:2.3:a:openbsd:openssh:7.2:p2:*:*:*:*:*:*',
      crit('cpe:2.3:a:openbsd:openssh:*:p2:*:*:*:*:*:*', { versionEndIncluding: '7.2' }),
      true,
    ],
    [
      'cpe:2.3:a:openbsd:openssh:7.2p2:*:*:*:*:*:*:*',
      crit('cpe:2.3:a:openbsd:openssh:*:p2:*:*:*:*:*:*', { versionEndIncluding: '7.2' }),
      true,
    ],
    [
      'cpe:2.3:a:openbsd:openssh:7.1:p1:*:*:*:*:*:*',
      crit('cpe:2.3:a:openbsd:openssh:*:p2:*:*:*:*:*:*', { versionEndIncluding: '7.2' }),
      false,
    ],
    [
      'cpe:2.3:a:openbsd:openssh:7.3:p2:*:*:*:*:*:*',
      crit('cpe:2.3:a:openbsd:openssh:*:p2:*:*:*:*:*:*', { versionEndIncluding: '7.2' }),
      false,
    ],
    [
      'cpe:2.3:a:openbsd:openssh:7.3p1:*:*:*:*:*:*:*',
      crit('cpe:2.3:a:openbsd:openssh:*:p2:*:*:*:*:*:*', { versionEndIncluding: '7.2' }),
      false,
    ],
    // unknown version: only criteria covering every version
    ['cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*', REGRESSHION_RANGE, false],
    ['cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*', OPENSSH_8_5_P1, false],
    ['cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*', crit(OPENSSH_ANY), true],
    // unknown vendor or part does not rule out; a different one does
    ['cpe:2.3:*:*:openssh:8.9p1:*:*:*:*:*:*:*', REGRESSHION_RANGE, true],
    ['cpe:2.3:a:openssh:openssh:8.9p1:*:*:*:*:*:*:*', REGRESSHION_RANGE, false],
    ['cpe:2.3:o:openbsd:openssh:8.9p1:*:*:*:*:*:*:*', REGRESSHION_RANGE, false],
    ['cpe:2.3:a:f5:nginx:1.20.0:*:*:*:*:*:*:*', crit('cpe:2.3:a:nginx:nginx:*:*:*:*:*:*:*:*', { versionEndExcluding: '1.21.0' }), false],
    // target software: unknown matches, a different one does not
    ['cpe:2.3:a:jquery:jquery:1.0:*:*:*:*:*:*:*', crit('cpe:2.3:a:jquery:jquery:*:*:*:*:*:node.js:*:*'), true],
    ['cpe:2.3:a:jquery:jquery:1.0:*:*:*:*:wordpress:*:*', crit('cpe:2.3:a:jquery:jquery:*:*:*:*:*:node.js:*:*'), false],
    // wildcards in the criteria
    ['cpe:2.3:a:microsoft:internet_explorer:8.0.6001:*:*:*:*:*:*:*', crit('cpe:2.3:a:microsoft:internet_explorer:8.*:*:*:*:*:*:*:*'), true],
    ['cpe:2.3:a:microsoft:internet_explorer:9.0:*:*:*:*:*:*:*', crit('cpe:2.3:a:microsoft:internet_explorer:8.*:*:*:*:*:*:*:*'), false],
    // an OS whose version is "not applicable" in the criteria, unknown in the target
    ['cpe:2.3:o:microsoft:windows_7:*:sp1:*:*:*:*:*:*', crit('cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*'), true],
    ['cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*', crit('cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*'), true],
    ['cpe:2.3:o:microsoft:windows_7:-:*:*:*:*:*:*:*', crit('cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*'), true],
    ['cpe:2.3:o:microsoft:windows_7:-:sp2:*:*:*:*:*:*', crit('cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*'), false],
  ] as const)('%s under %o → %s', (target, criteria, expected) => {
    expect(cpeMatchesCriteria(target, criteria)).toBe(expected);
  });

  test.each([
    ['1.0', false],
    ['1.0.0', false], // == 1.0: excluded start
    ['1.0.1', true],
    ['2.0', true], // included end
    ['2.0.0', true],
    ['2.0.1', false],
    ['2.0rc1', true], // a pre-release of 2.0 is below 2.0
  ])('versionStartExcluding 1.0 versionEndIncluding 2.0: %s → %s', (version, expected) => {
    const m = crit('cpe:2.3:a:vendor:product:*:*:*:*:*:*:*:*', { versionStartExcluding: '1.0', versionEndIncluding: '2.0' });
    expect(cpeMatchesCriteria(`cpe:2.3:a:vendor:product:${version}:*:*:*:*:*:*:*`, m)).toBe(expected);
  });

  test('describes criteria and range for matched_by', () => {
    expect(describeCpeMatch(REGRESSHION_RANGE)).toBe(
      'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:* versionStartIncluding 8.6 versionEndExcluding 9.8',
    );
    expect(describeCpeMatch(OPENSSH_8_5_P1)).toBe('cpe:2.3:a:openbsd:openssh:8.5:p1:*:*:*:*:*:*');
  });

  test('joins version and update the way OpenSSH is written', () => {
    expect(joinedVersion(parseCpe('cpe:2.3:a:openbsd:openssh:8.9:p1:*:*:*:*:*:*'))).toBe('8.9p1');
    expect(joinedVersion(parseCpe('cpe:2.3:a:openbsd:openssh:9.8:-:*:*:*:*:*:*'))).toBe('9.8');
    expect(joinedVersion(parseCpe('cpe:2.3:a:vendor:product:2.4:1:*:*:*:*:*:*'))).toBe('2.4.1');
    expect(joinedVersion(parseCpe('cpe:2.3:a:vendor:product:*:*:*:*:*:*:*:*'))).toBeNull();
  });
});
