// Login/logout addresses: the session_expired message code and a remembered target that cannot leave the app.
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '@bulwark/core';
import { loginUrl, logoutUrl, safeNext } from './urls.ts';

describe('safeNext', () => {
  it('accepts paths of this app', () => {
    expect(safeNext('/scans/scans?page=2')).toBe('/scans/scans?page=2');
  });

  it('refuses other sites, protocol-relative links and auth pages', () => {
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', '/auth/login', '/auth/logout', '', null]) {
      expect(safeNext(bad)).toBeNull();
    }
  });
});

describe('loginUrl and logoutUrl', () => {
  it('carry the message code and the target', () => {
    expect(loginUrl({ message: SESSION_EXPIRED, next: '/vm/unified-vulnerabilities' })).toBe(
      '/auth/login?message=session_expired&next=%2Fvm%2Funified-vulnerabilities',
    );
    expect(logoutUrl({ message: SESSION_EXPIRED })).toBe('/auth/logout?message=session_expired');
  });

  it('leave out the dashboard as a target and any unsafe target', () => {
    expect(loginUrl({ next: '/dashboard' })).toBe('/auth/login');
    expect(loginUrl({ next: 'https://evil.example/' })).toBe('/auth/login');
  });
});
