// Reading the CSRF cookie for the X-CSRFToken header of unsafe calls (§7).
import { describe, expect, it } from 'vitest';
import { isUnsafeMethod, readCookie } from './csrf.ts';

describe('readCookie', () => {
  it('finds the named cookie among others and decodes it', () => {
    expect(readCookie('theme=dark; csrftoken=abc%3D123; other=x', 'csrftoken')).toBe('abc=123');
  });

  it('does not match a cookie whose name only ends with the name', () => {
    expect(readCookie('xcsrftoken=nope', 'csrftoken')).toBeNull();
    expect(readCookie('', 'csrftoken')).toBeNull();
  });
});

describe('isUnsafeMethod', () => {
  it('is true for POST, PUT, PATCH and DELETE only', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isUnsafeMethod)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isUnsafeMethod)).toBe(false);
  });
});
