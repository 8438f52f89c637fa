// Generic upstream ordering (NVD ranges, products seen on the wire) and the ecosystem → scheme mapping.
import { describe, expect, test } from 'vitest';
import { compareGeneric, compareVersions, ecosystemMatches, parseEcosystem, versionSchemeFor } from '../src/index.ts';

describe('generic upstream ordering', () => {
  test.each([
    // OpenSSH portable: pN is a patch level above the bare release
    ['8.9p1', '9.3p2', -1],
    ['7.4', '7.4p1', -1],
    ['9.3p1', '9.3p2', -1],
    ['9.3p2', '9.3p10', -1],
    ['9.8', '9.8p1', -1],
    ['8.9p1', '8.6', 1],
    // OpenSSL letter releases
    ['1.0.1f', '1.0.1g', -1],
    ['1.0.1g', '1.0.2', -1],
    ['1.0.1', '1.0.1a', -1],
    ['1.0.2zh', '1.0.2zi', -1],
    ['1.1.1w', '3.0.0', -1],
    // numbers are numbers, trailing zeros do not count
    ['2.4.9', '2.4.49', -1],
    ['2.4', '2.4.0', 0],
    ['10.0.17763.1', '10.0.17763.2', -1],
    ['v1.2', '1.2', 0],
    // pre-release words sort below the release
    ['1.0rc1', '1.0', -1],
    ['1.0-beta2', '1.0-rc1', -1],
    ['1.0alpha', '1.0beta', -1],
    ['3.0.0-alpha1', '3.0.0', -1],
    ['1.3.8b', '1.3.8rc2', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareGeneric(a, b)).toBe(expected);
    expect(compareGeneric(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  test('sorts an OpenSSH and OpenSSL history', () => {
    const ssh = ['7.4', '7.4p1', '8.5p1', '8.9p1', '9.3', '9.3p1', '9.3p2', '9.8', '9.8p1'];
    expect([...ssh].reverse().sort(compareGeneric)).toEqual(ssh);
    const ssl = ['1.0.1', '1.0.1a', '1.0.1f', '1.0.1g', '1.0.2', '1.0.2a', '1.1.0'];
    expect([...ssl].reverse().sort(compareGeneric)).toEqual(ssl);
  });
});

describe('ecosystems', () => {
  test('scheme per ecosystem, unknown ones generic', () => {
    expect(versionSchemeFor('Debian:12')).toBe('dpkg');
    expect(versionSchemeFor('Ubuntu:22.04:LTS')).toBe('dpkg');
    expect(versionSchemeFor('AlmaLinux:9')).toBe('rpm');
    expect(versionSchemeFor('Rocky Linux:8')).toBe('rpm');
    expect(versionSchemeFor('Alpine:v3.19')).toBe('apk');
    expect(versionSchemeFor('npm')).toBe('semver');
    expect(versionSchemeFor('crates.io')).toBe('semver');
    expect(versionSchemeFor('PyPI')).toBe('pep440');
    expect(versionSchemeFor('Maven')).toBe('generic');
    expect(compareVersions('Maven', '1.0.1f', '1.0.1g')).toBe(-1);
  });

  test('parses base, release and qualifiers', () => {
    expect(parseEcosystem('Ubuntu:22.04:LTS')).toEqual({ base: 'Ubuntu', release: '22.04', qualifiers: ['LTS'] });
    expect(parseEcosystem('Ubuntu:Pro:18.04:LTS')).toEqual({ base: 'Ubuntu', release: '18.04', qualifiers: ['Pro', 'LTS'] });
    expect(parseEcosystem('Debian:12')).toEqual({ base: 'Debian', release: '12', qualifiers: [] });
    expect(parseEcosystem('npm')).toEqual({ base: 'npm', release: null, qualifiers: [] });
  });

  test.each([
    ['Debian:12', 'Debian:12', true],
    ['Debian:12', 'Debian:11', false],
    ['Debian:12', 'debian', true], // no release asked: every release
    ['Ubuntu:22.04:LTS', 'Ubuntu:22.04', true],
    ['Ubuntu:22.04:LTS', 'Ubuntu:24.04:LTS', false],
    ['Alpine:v3.19', 'Alpine:3.19', true],
    ['Alpine:v3.1', 'Alpine:v3.19', false],
    ['AlmaLinux:9', 'AlmaLinux:9.4', true], // a major-release advisory covers the point releases
    ['AlmaLinux:8', 'AlmaLinux:9', false],
    ['npm', 'npm', true],
    ['npm', 'PyPI', false],
  ])('advisory %s covers %s: %s', (advisory, asked, expected) => {
    expect(ecosystemMatches(advisory, asked)).toBe(expected);
  });
});
