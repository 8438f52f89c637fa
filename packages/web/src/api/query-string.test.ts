// Query strings of the API client: arrays as repeated parameters, absent values left out (§7).
import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string.ts';
import { apiUrl } from './client.ts';

describe('buildQueryString', () => {
  it('repeats a parameter once per array value, in order', () => {
    expect(buildQueryString({ tag: [3, 1, 2] })).toBe('?tag=3&tag=1&tag=2');
  });

  it('mixes scalars and arrays and keeps key order', () => {
    expect(buildQueryString({ page: 2, status: ['1', '3'], ordering: '-started' })).toBe('?page=2&status=1&status=3&ordering=-started');
  });

  it('leaves out undefined and null, keeps false, 0 and empty string', () => {
    expect(buildQueryString({ a: undefined, b: null, c: false, d: 0, e: '' })).toBe('?c=false&d=0&e=');
  });

  it('sends nothing for an empty array and answers "" when nothing is left', () => {
    expect(buildQueryString({ tag: [] })).toBe('');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString()).toBe('');
  });

  it('encodes reserved characters in keys and values', () => {
    expect(buildQueryString({ 'q&x': 'a b&c=d', host: ['10.0.0.0/8'] })).toBe('?q%26x=a+b%26c%3Dd&host=10.0.0.0%2F8');
  });
});

describe('apiUrl', () => {
  it('puts the path under /api/ with its query string', () => {
    expect(apiUrl('user/profile/', { me: 1 })).toBe('/api/user/profile/?me=1');
    expect(apiUrl('/customer/')).toBe('/api/customer/');
  });
});
