// The active tests' helpers: a payload at each kind of insertion point, comparing pages with the payload's
// reflections taken out, and the time-based confirmation's statistics (fake answers: no waiting).
import { describe, expect, it } from 'vitest';
import { buildRequest, confirmDelay, inject, normalise, samePage, similarity, stats } from '../../src/web/inject.ts';
import type { InsertionPoint, WebRequest, WebResponse, WebTestContext } from '../../src/web/types.ts';

const point = (over: Partial<InsertionPoint>): InsertionPoint => ({
  method: 'GET',
  url: 'http://127.0.0.1:8080/a/17/view?x=1&id=5',
  location: 'query',
  name: 'id',
  value: '5',
  fields: { x: '1' },
  page: 'http://127.0.0.1:8080/',
  ...over,
});

const res = (body: string, timeMs = 10, status = 200): WebResponse => ({
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: {} },
  url: 'http://127.0.0.1/',
  status,
  headers: {},
  body,
  truncated: false,
  timeMs,
});

describe('buildRequest', () => {
  it('puts the value at each kind of point', () => {
    expect(buildRequest(point({}), "5'").url).toBe('http://127.0.0.1:8080/a/17/view?x=1&id=5%27');
    const body = buildRequest(point({ method: 'POST', location: 'body', url: 'http://127.0.0.1/f' }), 'a b&c');
    expect(body).toMatchObject({ method: 'POST', body: 'x=1&id=a+b%26c' });
    expect(body.headers?.['content-type']).toBe('application/x-www-form-urlencoded');
    const json = buildRequest(point({ method: 'POST', location: 'json', name: 'a.b', fields: { a: '{"b":"v","c":2}', n: '3' } }), 'p"');
    expect(json.body).toBe('{"a":{"b":"p\\"","c":2},"n":3}');
    expect(buildRequest(point({ location: 'path', name: 'path[2]', value: '17' }), '../x').url).toBe(
      'http://127.0.0.1:8080/a/..%2Fx/view?x=1&id=5',
    );
    expect(buildRequest(point({ location: 'header', name: 'Referer' }), 'r').headers).toEqual({ Referer: 'r' });
    expect(buildRequest(point({ location: 'cookie', name: 's', fields: { t: '1' } }), 'a;b').headers).toEqual({
      cookie: 't=1; s=a%3Bb',
    });
    const mp = buildRequest(point({ method: 'POST', location: 'multipart', name: 'f' }), 'v');
    expect(String(mp.body)).toContain('name="f"\r\n\r\nv\r\n');
  });
});

describe('comparing pages', () => {
  it('takes reflections out before comparing', () => {
    expect(normalise('<p>You searched 1 AND 1=1</p>', '1 AND 1=1')).toBe('<p>You searched </p>');
    expect(normalise('<p>it&#39;s</p>', "it's")).toBe('<p></p>');
    expect(samePage(res('<p>apple</p> q=5 AND 1=1'), res('<p>apple</p> q=5'), ['5 AND 1=1', '5'])).toBe(true);
    expect(samePage(res('<p>apple</p>'), res('<p>No such item.</p>'), [])).toBe(false);
    expect(samePage(res('x'), res('x', 10, 500), [])).toBe(false);
    expect(similarity('a b c d', 'a b c d')).toBe(1);
    expect(similarity('a b c d', 'a b c e')).toBeCloseTo(3 / 5);
  });
});

describe('confirmDelay', () => {
  const base = stats([40, 60, 50, 45, 55]);
  it('confirms when each delay shows and zero does not', async () => {
    const asked: number[] = [];
    const hit = await confirmDelay(
      async (d) => {
        asked.push(d);
        return res('', 50 + d * 1000);
      },
      base,
      [1, 2],
    );
    expect(hit?.times).toEqual([1050, 2050, 50]);
    expect(asked).toEqual([1, 0, 2, 1]);
  });

  it('costs one request when the first delay does not show', async () => {
    let n = 0;
    expect(await confirmDelay(async () => (n++, res('', 55)), base, [1, 2])).toBeNull();
    expect(n).toBe(1);
  });

  it('refuses a server that is slow whatever it is asked (zero delay slow too)', async () => {
    expect(await confirmDelay(async () => res('', 1500), base, [1, 2])).toBeNull();
  });

  it('refuses one slow answer that does not repeat', async () => {
    let n = 0;
    expect(await confirmDelay(async (d) => res('', n++ === 0 ? 1200 : 50 + (d === 2 ? 2000 : 0)), base, [1, 2])).toBeNull();
  });

  it('refuses when the longer delay is not longer', async () => {
    expect(await confirmDelay(async (d) => res('', d === 0 ? 50 : 1300), base, [1, 2])).toBeNull();
  });
});

describe('inject', () => {
  it("keeps the session's other cookies when the point is a cookie", async () => {
    const sent: WebRequest[] = [];
    const ctx = {
      client: {
        requestsSent: 0,
        inScope: () => true,
        cookies: { header: () => 'session=abc; lang=en' },
        send: async (req: WebRequest) => (sent.push(req), res('')),
      },
      signal: new AbortController().signal,
    } as unknown as WebTestContext;
    await inject(point({ location: 'cookie', name: 'lang', value: 'en', fields: {} }), "en'", ctx);
    expect(sent[0]!.headers).toEqual({ cookie: "session=abc; lang=en'" });
  });
});
