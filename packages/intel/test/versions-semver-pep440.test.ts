// Semantic Versioning 2.0.0 precedence (the spec's examples) and PEP 440 ordering (the spec's example list).
import { describe, expect, test } from 'vitest';
import { compareSemver, compareVersions, comparePep440, parseSemver } from '../src/index.ts';

const sortedBy = (cmp: (a: string, b: string) => number, list: string[]): string[] => [...list].reverse().sort(cmp);

describe('semver', () => {
  test('spec §11 example: 1.0.0 < 2.0.0 < 2.1.0 < 2.1.1', () => {
    const list = ['1.0.0', '2.0.0', '2.1.0', '2.1.1'];
    expect(sortedBy((a, b) => compareSemver(a, b) ?? NaN, list)).toEqual(list);
  });

  test('spec §11 pre-release example', () => {
    const list = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0'];
    expect(sortedBy((a, b) => compareSemver(a, b) ?? NaN, list)).toEqual(list);
  });

  test.each([
    ['1.0.0+build.1', '1.0.0+build.2', 0], // build metadata does not count
    ['1.0.0-alpha+001', '1.0.0-alpha', 0],
    ['1.9.0', '1.10.0', -1],
    ['1.0.0-2', '1.0.0-10', -1], // numeric identifiers compare as numbers
    ['1.0.0-10', '1.0.0-a', -1], // numeric before alphanumeric
    ['1.0.0-A', '1.0.0-a', -1], // ASCII order
    ['v1.2.3', '1.2.3', 0], // Go writes a v
    ['1.2', '1.2.0', 0],
    ['0.0.0-20240101000000-abcdef012345', '0.0.0', -1], // Go pseudo-version
    ['99999999999999999999.0.0', '99999999999999999998.0.0', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareSemver(a, b)).toBe(expected);
  });

  test('not semver → null from compareSemver, generic fallback in compareVersions', () => {
    expect(parseSemver('1.2.3.4')).toBeNull();
    expect(compareSemver('1.2.3.4', '1.2.3')).toBeNull();
    expect(compareVersions('npm', '1.2.3.4', '1.2.3')).toBe(1);
  });

  test('npm, crates.io, Go and Hex use semver', () => {
    for (const eco of ['npm', 'crates.io', 'Go', 'Hex']) expect(compareVersions(eco, '1.0.0-rc.1', '1.0.0'), eco).toBe(-1);
  });
});

describe('PEP 440', () => {
  test('the spec example list is in order', () => {
    const list = [
      '1.dev0',
      '1.0.dev456',
      '1.0a1',
      '1.0a2.dev456',
      '1.0a12.dev456',
      '1.0a12',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0rc1.dev456',
      '1.0rc1',
      '1.0',
      '1.0+abc.5',
      '1.0+abc.7',
      '1.0+5',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.0.15',
      '1.1.dev1',
    ];
    expect(sortedBy((a, b) => comparePep440(a, b) ?? NaN, list)).toEqual(list);
  });

  test.each([
    ['1.0', '1.0.0', 0],
    ['1.0-alpha1', '1.0a1', 0], // alternative spellings normalise
    ['1.0c1', '1.0rc1', 0],
    ['1.0-1', '1.0.post1', 0],
    ['1!1.0', '2.0', 1], // epoch first
    ['2.10', '2.9', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(comparePep440(a, b)).toBe(expected);
  });

  test('PyPI uses it', () => {
    expect(compareVersions('PyPI', '3.4.0rc1', '3.4.0')).toBe(-1);
    expect(compareVersions('PyPI', '3.4.0.post1', '3.4.0')).toBe(1);
  });
});
