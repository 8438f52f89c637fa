// Entity comparisons: every operation over every datatype the engine implements, the version orderings (rpm EVR,
// dpkg, OVAL version) and the PCRE-to-JavaScript pattern translation.
import { describe, expect, it } from 'vitest';
import { compareValues, debianEvrCmp, rpmEvrCmp, rpmVerCmp, versionCmp } from '../src/index.ts';
import { pcre, translatePcre } from '../src/policy/regex.ts';
import { splitEvr } from '../src/policy/versions.ts';

const sign = (n: number) => Math.sign(n);

describe('string operations', () => {
  it('compares exactly, case-insensitively and by pattern', () => {
    expect(compareValues('abc', 'string', 'abc', 'equals')).toBe('true');
    expect(compareValues('abc', 'string', 'ABC', 'equals')).toBe('false');
    expect(compareValues('abc', 'string', 'ABC', 'case insensitive equals')).toBe('true');
    expect(compareValues('abc', 'string', 'abd', 'case insensitive not equal')).toBe('true');
    expect(compareValues('abc', 'string', 'abd', 'not equal')).toBe('true');
    expect(compareValues('^a.c$', 'string', 'abc', 'pattern match')).toBe('true');
    expect(compareValues('^b', 'string', 'abc', 'pattern match')).toBe('false');
    expect(compareValues('b', 'string', 'abc', 'pattern match')).toBe('true');
    expect(compareValues('(', 'string', 'abc', 'pattern match')).toBe('error');
    expect(compareValues('a', 'string', 'b', 'greater than')).toBe('error');
  });
});

describe('numbers and booleans', () => {
  it('compares integers, with bitwise operations', () => {
    expect(compareValues('10', 'int', '9', 'less than')).toBe('true');
    expect(compareValues('10', 'int', '10', 'less than or equal')).toBe('true');
    expect(compareValues('10', 'int', '11', 'greater than')).toBe('true');
    expect(compareValues('10', 'int', '10', 'greater than or equal')).toBe('true');
    expect(compareValues('10', 'int', ' 010', 'equals')).toBe('true');
    expect(compareValues('-1', 'int', '-1', 'equals')).toBe('true');
    expect(compareValues('10', 'int', '9', 'not equal')).toBe('true');
    expect(compareValues('18', 'int', '511', 'bitwise and')).toBe('true');
    expect(compareValues('18', 'int', '16', 'bitwise and')).toBe('false');
    expect(compareValues('7', 'int', '5', 'bitwise or')).toBe('true');
    expect(compareValues('10', 'int', '10x', 'equals')).toBe('error');
    expect(compareValues('10', 'int', '', 'equals')).toBe('error');
    expect(compareValues('9223372036854775807', 'int', '9223372036854775807', 'equals')).toBe('true');
    expect(compareValues('1', 'int', '9223372036854775808', 'equals')).toBe('error');
  });

  it('compares floats with a relative tolerance', () => {
    expect(compareValues('1.5', 'float', '1.5000000000001', 'equals')).toBe('true');
    expect(compareValues('1.5', 'float', '2e0', 'greater than')).toBe('true');
    expect(compareValues('1.5', 'float', 'x', 'equals')).toBe('error');
  });

  it('compares booleans as 1/true against 0/false', () => {
    expect(compareValues('true', 'boolean', '1', 'equals')).toBe('true');
    expect(compareValues('1', 'boolean', 'false', 'equals')).toBe('false');
    expect(compareValues('0', 'boolean', 'false', 'equals')).toBe('true');
    expect(compareValues('0', 'boolean', 'true', 'not equal')).toBe('true');
    expect(compareValues('0', 'boolean', 'true', 'less than')).toBe('error');
  });

  it('compares binary case-insensitively and IPv4 addresses by network', () => {
    expect(compareValues('0AFF', 'binary', '0aff', 'equals')).toBe('true');
    expect(compareValues('10.0.0.0/8', 'ipv4_address', '10.1.2.3', 'subset of')).toBe('true');
    expect(compareValues('10.1.2.3', 'ipv4_address', '10.0.0.0/8', 'superset of')).toBe('true');
    expect(compareValues('10.0.0.1', 'ipv4_address', '10.0.0.2', 'greater than')).toBe('true');
    expect(compareValues('10.0.0.1', 'ipv4_address', '10.0.0.1/255.255.255.255', 'equals')).toBe('true');
    expect(compareValues('x', 'fileset_revision', 'x', 'equals')).toBe('not evaluated');
  });
});

describe('versions', () => {
  it('orders rpm versions', () => {
    const cases: [string, string, number][] = [
      ['1.0', '1.0', 0],
      ['1.0', '1.1', -1],
      ['1.10', '1.9', 1],
      ['1.0a', '1.0', 1],
      ['1.0', '1.0.1', -1],
      ['1.0~rc1', '1.0', -1],
      ['1.0~rc1', '1.0~rc2', -1],
      ['1.0^git1', '1.0', 1],
      ['1.0^git1', '1.0.1', -1],
      ['a', '1', -1],
      ['001', '1', 0],
      ['1.0_1', '1.0.1', 0],
      ['2.0', '10', -1],
    ];
    for (const [a, b, want] of cases) expect(sign(rpmVerCmp(a, b)), `${a} vs ${b}`).toBe(want);
  });

  it('splits and orders rpm EVRs; a missing epoch is older than a present one', () => {
    expect(splitEvr('1:2.3-4.el8')).toEqual({ epoch: '1', version: '2.3', release: '4.el8' });
    expect(splitEvr('2.3')).toEqual({ epoch: undefined, version: '2.3', release: undefined });
    expect(sign(rpmEvrCmp('0:7.4p1-21', '0:7.4'))).toBe(1);
    expect(sign(rpmEvrCmp('1:1.0-1', '0:9.9-9'))).toBe(1);
    expect(sign(rpmEvrCmp('0:1.17-18', '0:1.17-18'))).toBe(0);
    expect(sign(rpmEvrCmp('1.0-1', '0:1.0-1'))).toBe(-1);
    expect(compareValues('0:7.4', 'evr_string', '1:9.2p1-2+deb12u3', 'greater than or equal')).toBe('true');
    expect(compareValues('0:1.17-18', 'evr_string', '0:1.20.1-2+deb12u2', 'less than')).toBe('false');
  });

  it('orders Debian versions as dpkg does', () => {
    const cases: [string, string, number][] = [
      ['1.0', '1.0', 0],
      ['1.0~rc1', '1.0', -1],
      ['1.0', '1.0+b1', -1],
      ['1.0-1', '1.0-1+deb12u1', -1],
      ['2:1.0', '1:9.0', 1],
      ['1.0', '0:1.0', 0],
      ['1.0a', '1.0', 1],
      ['1.0', '1.0-0', 0],
      ['9.2p1-2+deb12u3', '9.2p1-2+deb12u2', 1],
      ['1.2.3', '1.2.10', -1],
      ['1~~', '1~', -1],
    ];
    for (const [a, b, want] of cases) expect(sign(debianEvrCmp(a, b)), `${a} vs ${b}`).toBe(want);
    expect(compareValues('1:9.2p1-2', 'debian_evr_string', '1:9.2p1-2+deb12u3', 'greater than')).toBe('true');
  });

  it('orders OVAL "version" values field by field', () => {
    expect(sign(versionCmp('1.2.3', '1.2.3'))).toBe(0);
    expect(sign(versionCmp('1.10', '1.9'))).toBe(1);
    expect(sign(versionCmp('1.2', '1.2.0'))).toBe(0);
    expect(sign(versionCmp('2', '1.99'))).toBe(1);
    expect(compareValues('5.10', 'version', '5.4', 'less than')).toBe('true');
    expect(compareValues('6.1.0', 'version', '6.1', 'equals')).toBe('true');
  });
});

describe('patterns', () => {
  it('gives ^ and $ their PCRE meaning', () => {
    // Without multiline, $ also matches before a final newline, and ^ only at the very start.
    expect(pcre('^abc$').test('abc\n')).toBe(true);
    expect(pcre('^abc$').test('x\nabc')).toBe(false);
    expect(pcre('^abc$', { multiline: true }).test('x\nabc\ny')).toBe(true);
    // A carriage return is not a line end for PCRE.
    expect(pcre('abc$', { multiline: true }).test('abc\r\nx')).toBe(false);
    expect(pcre('a.c').test('a\rc')).toBe(true);
    expect(pcre('a.c').test('a\nc')).toBe(false);
    expect(pcre('a.c', { dotall: true }).test('a\nc')).toBe(true);
  });

  it('translates PCRE-only syntax', () => {
    expect(pcre('^[[:alpha:]]+[[:digit:]]$').test('abc1')).toBe(true);
    expect(pcre('^[[:space:]]*#').test(' \t#x')).toBe(true);
    expect(pcre('\\s').test('\u00a0')).toBe(false);
    expect(pcre('^(?i)abc$').test('ABC')).toBe(true);
    expect(pcre('(?i)^abc$').test('ABC')).toBe(true);
    expect(pcre('^a++b$').test('aab')).toBe(true);
    expect(pcre('^(?>a+)b$').test('aab')).toBe(true);
    expect(pcre('\\Qa.b\\E').test('a.b')).toBe(true);
    expect(pcre('\\Qa.b\\E').test('axb')).toBe(false);
    expect(pcre('^[]a]+$').test(']a]')).toBe(true);
    expect(pcre('\\Aab\\z').test('ab')).toBe(true);
    expect(pcre('\\Aab\\Z').test('ab\n')).toBe(true);
    expect(pcre('(?P<n>x)(?P=n)').test('xx')).toBe(true);
    expect(pcre('a\\x{41}').test('aA')).toBe(true);
    expect(pcre('a\\h+b').test('a \tb')).toBe(true);
    expect(pcre('a(?#comment)b').test('ab')).toBe(true);
    expect(translatePcre('(?i)x').ignoreCase).toBe(true);
    expect(() => translatePcre('(?|a|b)')).toThrow();
    expect(() => translatePcre('[[:nope:]]')).toThrow();
  });

  it('matches the patterns of the SCAP Security Guide', () => {
    expect(pcre('^[\\s]*PermitRootLogin[\\s]+(.+?)[\\s]*(?:$|#)', { multiline: true }).exec('x\n PermitRootLogin no # c\n')?.[1]).toBe(
      'no',
    );
    expect(pcre('^\\/(|s)bin|^\\/usr\\/(|local\\/)(|s)bin|^\\/usr\\/libexec').test('/usr/local/sbin')).toBe(true);
    expect(pcre('.*\\n[^#]*(PASS_MIN_LEN\\s+\\d+)\\s*\\n', { dotall: true }).exec('a\nPASS_MIN_LEN 8\n')?.[1]).toBe('PASS_MIN_LEN 8');
  });
});
