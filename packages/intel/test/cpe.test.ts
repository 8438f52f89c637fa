// CPE 2.3 formatted strings: escapes, logical values, wildcards, and NISTIR 7696 attribute relations.
import { describe, expect, test } from 'vitest';
import {
  ANY,
  CpeParseError,
  NA,
  compareCpeValues,
  cpeFromParts,
  cpeIsDisjoint,
  cpeIsEqual,
  cpeIsSuperset,
  formatCpe,
  parseCpe,
  parseCpeValue,
  tryParseCpe,
} from '../src/index.ts';

describe('parseCpe', () => {
  test('reads the eleven attributes', () => {
    const cpe = parseCpe('cpe:2.3:o:microsoft:windows_server_2008:r2:sp1:*:*:*:*:x64:*');
    expect(cpe.part).toMatchObject({ kind: 'value', value: 'o' });
    expect(cpe.product).toMatchObject({ kind: 'value', value: 'windows_server_2008' });
    expect(cpe.version).toMatchObject({ kind: 'value', value: 'r2' });
    expect(cpe.update).toMatchObject({ kind: 'value', value: 'sp1' });
    expect(cpe.edition).toEqual(ANY);
    expect(cpe.targetHw).toMatchObject({ kind: 'value', value: 'x64' });
  });

  test('ANY and NA are logical values', () => {
    const cpe = parseCpe('cpe:2.3:a:openbsd:openssh:9.8:-:*:*:*:*:*:*');
    expect(cpe.update).toEqual(NA);
    expect(cpe.edition).toEqual(ANY);
  });

  test('an escaped colon does not split, an escaped slash is a slash', () => {
    const cpe = parseCpe('cpe:2.3:a:foo\\:bar:swiftnio_http\\/2:1.0\\:beta:*:*:*:*:*:*:*');
    expect(cpe.vendor).toMatchObject({ value: 'foo:bar' });
    expect(cpe.product).toMatchObject({ value: 'swiftnio_http/2' });
    expect(cpe.version).toMatchObject({ value: '1.0:beta' });
    expect(cpe.other).toEqual(ANY);
  });

  test('other escapes (parentheses, plus, quoted asterisk) are literal characters', () => {
    const cpe = parseCpe('cpe:2.3:a:vendor:c\\+\\+_lib\\(x86\\):1.0:*:*:*:*:*:*:*');
    expect(cpe.product).toMatchObject({ value: 'c++_lib(x86)', pattern: null });
    const star = parseCpeValue('prod\\*uct');
    expect(star).toMatchObject({ value: 'prod*uct', pattern: null });
  });

  test('unquoted * and ? inside a value are wildcards', () => {
    const v = parseCpeValue('8.*');
    expect(v.kind === 'value' && v.pattern?.test('8.0.6001')).toBe(true);
    const q = parseCpeValue('sp?');
    expect(q.kind === 'value' && q.pattern?.test('sp1')).toBe(true);
    expect(q.kind === 'value' && q.pattern?.test('sp10')).toBe(false);
  });

  test('values compare in lower case', () => {
    expect(parseCpe('cpe:2.3:a:OpenBSD:OpenSSH:8.9:P1:*:*:*:*:*:*').update).toMatchObject({ value: 'p1' });
  });

  test.each([
    'cpe:2.3:a:openbsd:openssh',
    'cpe:/a:openbsd:openssh:8.9p1',
    'cpe:2.3:x:openbsd:openssh:8.9:*:*:*:*:*:*:*',
    'cpe:2.3:a:openbsd:openssh:8.9:*:*:*:*:*:*:*:extra',
    'cpe:2.3:a:openbsd:openssh:8.9\\',
  ])('rejects %s', (text) => {
    expect(() => parseCpe(text)).toThrow(CpeParseError);
    expect(tryParseCpe(text)).toBeNull();
  });

  test('formats back to the same string', () => {
    for (const text of [
      'cpe:2.3:a:foo\\:bar:swiftnio_http\\/2:1.0:*:*:*:*:*:*:*',
      'cpe:2.3:o:microsoft:windows_7:-:sp1:*:*:*:*:*:*',
      'cpe:2.3:a:microsoft:internet_explorer:8.*:sp?:*:*:*:*:*:*',
    ]) {
      expect(formatCpe(parseCpe(text))).toBe(text);
    }
  });

  test('cpeFromParts quotes plain values', () => {
    expect(formatCpe(cpeFromParts({ part: 'a', vendor: 'openbsd', product: 'openssh', version: '8.9p1' }))).toBe(
      'cpe:2.3:a:openbsd:openssh:8.9p1:*:*:*:*:*:*:*',
    );
    expect(formatCpe(cpeFromParts({ part: 'a', vendor: 'x', product: 'http/2 server', version: '1.0' }))).toBe(
      'cpe:2.3:a:x:http\\/2\\ server:1.0:*:*:*:*:*:*:*',
    );
  });
});

describe('NISTIR 7696 attribute relations (table 6-2)', () => {
  const i = parseCpeValue('openssh');
  const k = parseCpeValue('dropbear');
  const wild = parseCpeValue('open*');
  test.each([
    ['ANY', ANY, 'ANY', ANY, 'EQUAL'],
    ['ANY', ANY, 'NA', NA, 'SUPERSET'],
    ['ANY', ANY, 'i', i, 'SUPERSET'],
    ['ANY', ANY, 'm+wild', wild, 'SUPERSET'],
    ['NA', NA, 'ANY', ANY, 'SUBSET'],
    ['NA', NA, 'NA', NA, 'EQUAL'],
    ['NA', NA, 'i', i, 'DISJOINT'],
    ['NA', NA, 'm+wild', wild, 'UNDEFINED'],
    ['i', i, 'i', i, 'EQUAL'],
    ['i', i, 'k', k, 'DISJOINT'],
    ['i', i, 'm+wild', wild, 'UNDEFINED'],
    ['i', i, 'ANY', ANY, 'SUBSET'],
    ['i', i, 'NA', NA, 'DISJOINT'],
    ['m+wild', wild, 'ANY', ANY, 'SUBSET'],
    ['m+wild', wild, 'NA', NA, 'DISJOINT'],
    ['m+wild', wild, 'i (matching)', i, 'SUPERSET'],
    ['m+wild', wild, 'k (not matching)', k, 'DISJOINT'],
    ['m+wild', wild, 'm+wild', wild, 'UNDEFINED'],
  ] as const)('source %s, target %s → %s', (_s, source, _t, target, relation) => {
    expect(compareCpeValues(source, target)).toBe(relation);
  });

  test('name-level results', () => {
    const ie8 = parseCpe('cpe:2.3:a:microsoft:internet_explorer:8.*:sp?:*:*:*:*:*:*');
    expect(cpeIsSuperset(ie8, parseCpe('cpe:2.3:a:microsoft:internet_explorer:8.0.6001:sp1:*:*:*:*:*:*'))).toBe(true);
    expect(cpeIsDisjoint(ie8, parseCpe('cpe:2.3:a:microsoft:internet_explorer:8.0.6001:beta:*:*:*:*:*:*'))).toBe(true);
    expect(cpeIsSuperset(ie8, parseCpe('cpe:2.3:a:microsoft:internet_explorer:9.0:sp1:*:*:*:*:*:*'))).toBe(false);
    const a = 'cpe:2.3:a:openbsd:openssh:9.8:-:*:*:*:*:*:*';
    expect(cpeIsEqual(parseCpe(a), parseCpe(a))).toBe(true);
  });
});
