// Test helper: real HTTP and HTTPS websites on loopback 127.30.1.x for the website monitor's tests (one route table;
// HTTPS servers with certificates from a test CA made with openssl: good, expired, wrong name, self-signed, TLS 1.0).
import { X509Certificate } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { checkWebsite, type WebsiteCheckOptions } from '../../src/monitor/website.ts';
import { websiteCheckResult, type WebsiteCheckResult } from '@bulwark/core';
import { makeCert, type Cert } from '../checks-helpers/certs.ts';
import { listen } from '../checks-helpers/servers.ts';
import { render, shopPage } from './render.ts';

export const HTTP_HOST = '127.30.1.1';
export const HTTPS_HOST = '127.30.1.2';
const DAY = 86_400_000;

/** What the shop page's price reads; a test changes it to make a real content change. */
export const shop = { price: '19 EUR' };

const GOOD_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The route table every test server answers; `links` gives the other sites' origins for cross-origin redirects. */
function handler(links: () => { http: string; https: string; other: string; refused: string }) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    const html = (body: string, headers: Record<string, string> = {}, status = 200) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(`<!DOCTYPE html><html><body>${body}</body></html>`);
    };
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location });
      res.end();
    };
    if (p === '/') return html('<h1>Welcome home</h1>', GOOD_HEADERS);
    if (p === '/plain') return html('<h1>No headers</h1>');
    if (p === '/weak')
      return html('<h1>Weak headers</h1>', {
        'strict-transport-security': 'max-age=60',
        'content-security-policy-report-only': "default-src 'self'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'ALLOW-FROM https://example.org',
        'referrer-policy': 'unsafe-url',
      });
    if (p === '/r1') return redirect(301, '/r2');
    if (p === '/r2') return redirect(302, `${links().https}/`);
    if (p === '/loop-a') return redirect(302, '/loop-b');
    if (p === '/loop-b') return redirect(307, '/loop-a');
    if (p.startsWith('/many/')) return redirect(302, `/many/${Number(p.slice(6)) + 1}`);
    if (p === '/down') return redirect(302, `${links().http}/`);
    if (p === '/to-other') return redirect(302, `${links().other}/`);
    if (p === '/to-refused') return redirect(302, `${links().refused}/`);
    if (p === '/slow') {
      setTimeout(() => html('<p>Finally</p>'), 250);
      return;
    }
    if (p === '/shop') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(render(shopPage.replace('19 EUR', shop.price)).html);
    }
    if (p.startsWith('/status/')) return html(`<p>Status ${p.slice(8)}</p>`, {}, Number(p.slice(8)));
    if (p === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return res.end(zlib.gzipSync('<p>Compressed hello</p>'));
    }
    if (p === '/br' || p === '/deflate') {
      const body = Buffer.from('<p>Compressed hello</p>');
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': p.slice(1) });
      return res.end(p === '/br' ? zlib.brotliCompressSync(body) : zlib.deflateSync(body));
    }
    if (p === '/broken-gzip') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return res.end('this is not gzip at all');
    }
    if (p === '/to-ftp') return redirect(302, 'ftp://127.30.1.1/file');
    if (p === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return res.end(Buffer.from('<p>Caf\u00e9 cr\u00e8me</p>', 'latin1'));
    }
    if (p === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('x'.repeat(6 * 1024 * 1024));
    }
    if (p === '/keywords') return html('<h1>Welcome <b>HOME</b></h1><footer>Powered by WordPress 6.1</footer>');
    if (p === '/hang') return; // never answers; closeAll() destroys the socket
    html('<p>Not here</p>', {}, 404);
  };
}

export interface Sites {
  http: string;
  https: string;
  expired: string;
  wrongName: string;
  selfSigned: string;
  tls10: string;
  ca: Cert;
  /** The good certificate's validity, to count days from. */
  validFrom: Date;
  validTo: Date;
  refused: string;
  /** The port of an HTTPS site that picks its certificate by SNI: shop.test and *.shop.test, else another name. */
  sniPort: number;
}

/** A resolver for the tests' names: *.test is this machine's 127.30.1.2; anything else does not exist. */
export async function resolveTestHost(hostname: string): Promise<string> {
  if (hostname.endsWith('.test')) return HTTPS_HOST;
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

async function httpsSite(cert: Cert, route: ReturnType<typeof handler>, extra: Partial<https.ServerOptions> = {}): Promise<string> {
  const server = https.createServer({ ...cert, ...extra }, route);
  server.on('tlsClientError', () => undefined);
  return `https://${HTTPS_HOST}:${await listen(server, HTTPS_HOST)}`;
}

/** Starts every site; stop them with closeAll() from checks-helpers/servers.ts. */
export async function startSites(): Promise<Sites> {
  const now = Date.now();
  const ca = makeCert({ cn: 'Bulwark Monitor Test CA', notBefore: new Date(now - 400 * DAY), notAfter: new Date(now + 9000 * DAY) });
  const good = makeCert({
    cn: HTTPS_HOST,
    san: [`IP:${HTTPS_HOST}`],
    ca,
    notBefore: new Date(now - 30 * DAY),
    notAfter: new Date(now + 60 * DAY),
  });
  const expired = makeCert({
    cn: HTTPS_HOST,
    san: [`IP:${HTTPS_HOST}`],
    ca,
    notBefore: new Date(now - 300 * DAY),
    notAfter: new Date(now - 10 * DAY),
  });
  const wrongName = makeCert({ cn: 'shop.example', san: ['DNS:shop.example', 'DNS:www.shop.example'], ca });
  const selfSigned = makeCert({
    cn: HTTPS_HOST,
    san: [`IP:${HTTPS_HOST}`],
    notBefore: new Date(now - 300 * DAY),
    notAfter: new Date(now - 10 * DAY),
  });
  const sites = {} as Sites;
  const route = handler(() => ({ http: sites.http, https: sites.https, other: sites.wrongName, refused: sites.refused }));
  sites.http = `http://${HTTP_HOST}:${await listen(http.createServer(route), HTTP_HOST)}`;
  sites.https = await httpsSite(good, route);
  sites.expired = await httpsSite(expired, route);
  sites.wrongName = await httpsSite(wrongName, route);
  sites.selfSigned = await httpsSite(selfSigned, route);
  sites.tls10 = await httpsSite(good, route, { minVersion: 'TLSv1', maxVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' });
  const shopCert = makeCert({ cn: 'shop.test', san: ['DNS:shop.test', 'DNS:*.shop.test'], ca });
  const shopCtx = tls.createSecureContext(shopCert);
  const sni = https.createServer({ ...makeCert({ cn: 'default.invalid', san: ['DNS:default.invalid'], ca }) }, route);
  sni.addContext('shop.test', shopCtx);
  sni.addContext('*.shop.test', shopCtx);
  sni.addContext('*.b.shop.test', shopCtx);
  sni.on('tlsClientError', () => undefined);
  sites.sniPort = await listen(sni, HTTPS_HOST);
  sites.ca = ca;
  const x = new X509Certificate(good.cert);
  sites.validFrom = new Date(x.validFrom);
  sites.validTo = new Date(x.validTo);
  // A port that was open a moment ago and is closed now: connecting to it is refused.
  const probe = net.createServer();
  const port = await new Promise<number>((r) => probe.listen(0, HTTP_HOST, () => r((probe.address() as net.AddressInfo).port)));
  await new Promise((r) => probe.close(r));
  sites.refused = `http://${HTTP_HOST}:${port}`;
  return sites;
}

export const defaults = (url: string, sites: Sites): WebsiteCheckOptions => ({
  url,
  timeoutMs: 5000,
  slowMs: 30_000,
  expectedStatus: null,
  keywordsRequired: [],
  keywordsForbidden: [],
  watchContent: true,
  previousHash: null,
  certDays: 30,
  now: new Date(sites.validFrom.getTime() + DAY),
  extraCa: sites.ca.cert,
});

/** Runs the check and holds its answer to core's schema (the contract the server stores and the web app reads). */
export async function check(o: WebsiteCheckOptions): Promise<WebsiteCheckResult & { by: (k: string) => WebsiteCheckResult['checks'] }> {
  const r = websiteCheckResult.parse(await checkWebsite(o));
  return { ...r, by: (k: string) => r.checks.filter((c) => c.check === k) };
}
