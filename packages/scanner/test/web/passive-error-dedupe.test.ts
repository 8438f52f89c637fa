// One error is one finding: the same trace from the same line of code, shown at many URLs (a test's payload in a path
// segment makes a URL of each request; Juice Shop's Express error handler answered 80 of them), is reported once; a
// trace from another line is its own; an error without a location in code (a database message) is kept per URL.
import { afterAll, describe, expect, it } from 'vitest';
import { codeLocation } from '../../src/web/sensitive/index.ts';
import { PASSIVE_WEB_TESTS } from '../../src/web/tests/passive/index.ts';
import type { WebResponse } from '../../src/web/types.ts';
import { harness } from './fixtures/harness.ts';

const errorMessages = PASSIVE_WEB_TESTS.find((t) => t.id === 'web-error-message')!;

const expressError = (path: string, at: string): string =>
  `<html><head><title>Error: Unexpected path: ${path}</title></head><body><h2><em>500</em> Error: Unexpected path: ${path}</h2>` +
  `<ul id="stacktrace"><li> &nbsp; &nbsp;at ${at}</li></ul></body></html>`;

const answer = (url: string, body: string): WebResponse => ({
  request: { method: 'GET', url, headers: {} },
  url,
  status: 500,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
  truncated: false,
  timeMs: 1,
});

describe('error messages', () => {
  const h = harness();
  afterAll(() => h.close());

  it('names where in the code an error was raised, when its trace says', () => {
    expect(codeLocation('Error: x</h2><ul><li> &nbsp;at /srv/shop/build/routes/angular.js:52:18')).toBe(
      '/srv/shop/build/routes/angular.js:52:18',
    );
    expect(codeLocation('Traceback (most recent call last):\n  File "/srv/app/views.py", line 7')).toBe('/srv/app/views.py", line 7');
    expect(codeLocation('<b>Warning</b>: mysqli_query() in <b>/var/www/x.php</b> on line <b>9</b>')).toBe(
      '/var/www/x.php</b> on line <b>9',
    );
    expect(codeLocation('Warning: mysqli_query() in /var/www/x.php on line 9')).toBe('/var/www/x.php on line 9');
    expect(codeLocation('You have an error in your SQL syntax')).toBe(null);
  });

  it('reports one trace from one line of code once, whatever URL showed it', () => {
    const base = 'http://127.0.0.1:9';
    const at = '/srv/shop/build/routes/angular.js:52:18';
    const found = [
      ...errorMessages.response!(answer(`${base}/rest/basket/1'/checkout`, expressError("/rest/basket/1'/checkout", at)), h.ctx),
      ...errorMessages.response!(answer(`${base}/rest/basket/1"/checkout`, expressError('/rest/basket/1"/checkout', at)), h.ctx),
      ...errorMessages.response!(answer(`${base}/rest/qwertz`, expressError('/rest/qwertz', at)), h.ctx),
      // Another line of code: another error.
      ...errorMessages.response!(answer(`${base}/api/x`, expressError('/api/x', '/srv/shop/build/routes/api.js:10:3')), h.ctx),
      // A database message names no line of code: one a URL.
      ...errorMessages.response!(answer(`${base}/a`, '<p>You have an error in your SQL syntax near 1</p>'), h.ctx),
      ...errorMessages.response!(answer(`${base}/b`, '<p>You have an error in your SQL syntax near 2</p>'), h.ctx),
    ];
    expect(found.map((f) => new URL(f.url).pathname)).toEqual([`/rest/basket/1'/checkout`, '/api/x', '/a', '/b']);
    expect(found[0]!.name).toBe('Node.js stack trace disclosed');
  });
});
