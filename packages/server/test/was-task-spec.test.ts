// The web task spec without a database: the tests a web profile selects (passive only, plus and minus categories and
// tests), and the sign-in with its secrets opened (the recorded steps' password placeholder filled in).
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_PROFILE } from '@bulwark/core';
import type { WebTestInfo } from '@bulwark/scanner';
import { SecretBox } from '../src/lib/secrets.ts';
import { selectWebTests, webSpecOf } from '../src/modules/probes/web-task-spec.ts';

const test = (id: string, category: string, kind: 'active' | 'passive'): WebTestInfo => ({
  id,
  name: id,
  category,
  severity: 2,
  cwe: [],
  owasp: 'A03:2021',
  description: '',
  solution: '',
  references: [],
  kind,
});
const CATALOGUE = [
  test('web-sqli', 'sql-injection', 'active'),
  test('web-xss', 'xss', 'active'),
  test('web-headers', 'headers', 'passive'),
];

describe('web task spec', () => {
  it('selects every test, the passive ones only, by plus and minus categories and tests', () => {
    const p = DEFAULT_WEB_PROFILE;
    expect(selectWebTests(p, CATALOGUE)).toEqual(['web-sqli', 'web-xss', 'web-headers']);
    expect(selectWebTests({ ...p, passive_only: true }, CATALOGUE)).toEqual(['web-headers']);
    expect(selectWebTests({ ...p, plus_categories: ['xss'] }, CATALOGUE)).toEqual(['web-xss']);
    expect(selectWebTests({ ...p, minus_categories: ['xss'], minus_tests: ['web-headers'] }, CATALOGUE)).toEqual(['web-sqli']);
    // A test named in plus_tests runs even when its category is out or the profile is passive only.
    expect(selectWebTests({ ...p, passive_only: true, plus_tests: ['web-sqli'] }, CATALOGUE)).toEqual(['web-sqli', 'web-headers']);
  });

  it('opens the secrets for the task and fills the recorded steps with the password', () => {
    const box = new SecretBox('0'.repeat(64));
    const profile = {
      ...DEFAULT_WEB_PROFILE,
      auth_kind: 'recorded' as const,
      auth_password: box.encrypt('hunter2'),
      auth_logged_in_indicator: 'Logout',
      auth_steps: [
        { action: 'goto' as const, url: 'http://127.0.0.1/login' },
        { action: 'fill' as const, selector: '#pw', value: '{{password}}' },
      ],
    };
    const spec = webSpecOf('http://127.0.0.1/', { profile, isWasDiscovery: false, vhosts: [] }, box);
    expect(spec.auth).toEqual({
      kind: 'recorded',
      steps: [
        { action: 'goto', url: 'http://127.0.0.1/login' },
        { action: 'fill', selector: '#pw', value: 'hunter2' },
      ],
      loggedInIndicator: 'Logout',
      loggedOutIndicator: undefined,
      checkUrl: undefined,
    });
    expect(spec).toMatchObject({
      target: 'http://127.0.0.1/',
      discovery: false,
      browser: true,
      allowDestructive: false,
      sensitive: { countries: [] },
    });
  });
});
