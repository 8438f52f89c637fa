// The out-of-band listener: a token's URL records who called it and answers the RFI marker; called() wakes on the
// call itself, answers null when nobody calls, and close() releases whoever still waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oobBody, oobExecMarker, oobMarker, startOobListener, type OobServer } from '../../src/web/oob.ts';

describe('out-of-band listener', () => {
  let oob: OobServer;
  beforeAll(async () => {
    oob = await startOobListener({ host: '127.0.0.1' });
  });
  afterAll(async () => {
    await oob.close();
  });

  it('hands out unique URLs under its base', () => {
    const a = oob.url();
    const b = oob.url();
    expect(a.token).toMatch(/^[0-9a-f]{16}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.url).toBe(`${oob.base}/${a.token}`);
    expect(oob.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('records a call (method, path, headers, body, caller) and answers the marker', async () => {
    const { token, url } = oob.url();
    const res = await fetch(`${url}/etc/passwd?x=1`, { method: 'POST', body: 'root:x:0:0', headers: { 'x-probe': 'yes' } });
    const body = await res.text();
    expect(body).toBe(oobBody(token));
    expect(body.startsWith(`${oobMarker(token)}\n`)).toBe(true);
    // The source holds the factors, never the exec marker only running it writes.
    expect(body).not.toContain(oobExecMarker(token));
    const call = await oob.called(token, 0);
    expect(call?.from).toMatch(/127\.0\.0\.1/);
    expect(call?.request).toMatch(new RegExp(`^POST /${token}/etc/passwd\\?x=1 HTTP/1.1\\r\\n`));
    expect(call?.request).toMatch(/x-probe: yes/i);
    expect(call?.request).toMatch(/root:x:0:0$/);
  });

  it('wakes a waiting called() as soon as the call arrives', async () => {
    const { token, url } = oob.url();
    const waiting = oob.called(token, 30_000);
    await fetch(url);
    expect((await waiting)?.request).toMatch(new RegExp(`^GET /${token} `));
  });

  it('answers null when the URL is not called, and 404 for tokens it did not issue', async () => {
    const { token } = oob.url();
    expect(await oob.called(token, 50)).toBeNull();
    const res = await fetch(`${oob.base}/0123456789abcdef`);
    expect(res.status).toBe(404);
    expect(await oob.called('0123456789abcdef', 50)).toBeNull();
  });

  it('releases waiters on close', async () => {
    const other = await startOobListener();
    const { token } = other.url();
    const waiting = other.called(token, 60_000);
    await other.close();
    expect(await waiting).toBeNull();
  });
});
