// The directory-listing test on the listings real servers write (Apache's mod_autoindex, lighttpd's mod_dirlisting;
// nginx's is in passive-nginx.test.ts), with the server's version and CPE from its banner.
import { afterEach, describe, expect, it } from 'vitest';
import { detectTechnologies } from '../../src/web/technologies.ts';
import { PASSIVE_WEB_TESTS } from '../../src/web/tests/passive/index.ts';
import { APACHE, LIGHTTPD, startApacheSite, startLighttpdSite, type ServerSite } from './fixtures/site-passive-servers.ts';
import { runPassiveTests } from './fixtures/site-passive-harness.ts';

let site: ServerSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const listingTests = PASSIVE_WEB_TESTS.filter((t) => ['web-directory-listing', 'web-server-version'].includes(t.id));

describe('directory listings of real servers', () => {
  it.skipIf(!APACHE)('Apache', async () => {
    site = await startApacheSite();
    const run = await runPassiveTests(site.origin, ['/', '/files/'], { tests: listingTests });
    expect(run.of('web-directory-listing').map((f) => [f.url, f.evidence.proof])).toEqual([
      [`${site.origin}/files/`, 'Apache directory listing of /files/'],
    ]);
    expect(run.of('web-server-version')).toHaveLength(1);
  });

  it.skipIf(!LIGHTTPD)('lighttpd', async () => {
    site = await startLighttpdSite();
    const run = await runPassiveTests(site.origin, ['/', '/files/'], { tests: listingTests });
    expect(run.of('web-directory-listing').map((f) => [f.url, f.evidence.proof])).toEqual([
      [`${site.origin}/files/`, 'lighttpd directory listing of /files/'],
    ]);
    const banner = run.of('web-server-version')[0]!.evidence.proof;
    expect(banner).toMatch(/^server: lighttpd\/\d/);
    const [lighttpd] = detectTechnologies({
      request: { method: 'GET', url: site.origin, headers: {} },
      url: site.origin,
      status: 200,
      headers: { server: banner.slice('server: '.length) },
      body: '',
      truncated: false,
      timeMs: 1,
    });
    expect(lighttpd?.cpe).toMatch(/^cpe:2\.3:a:lighttpd:lighttpd:\d+\.\d+\.\d+:/);
  });
});
