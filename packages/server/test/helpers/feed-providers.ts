// A local stand-in for the feed providers, answering as each one does: the NVD CVE API 2.0 (paging with startIndex and
// resultsPerPage, lastModStartDate/lastModEndDate filtering with its 120-day limit, apiKey header, gzip), CISA's KEV
// file and FIRST's EPSS .csv.gz (ETag / Last-Modified, 304, byte ranges with If-Range), OSV's <ecosystem>/all.zip on
// Google Cloud Storage (x-goog-hash with the MD5), and the Debian Security Tracker JSON — all from the real sample data —
// and a community check library's release archive as GitHub serves one (no checksum published beside it).
// Faults (an answer status, a cut-off body) are scripted per request so tests can break a sync halfway.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { makeZip } from '../../../intel/test/zip-writer.ts';
import { libraryArchive } from './check-library.ts';

/** Where the community check library's release archive is served, as GitHub serves a tag's archive. */
export const LIBRARY_PATH = '/projectdiscovery/nuclei-templates/archive/refs/tags/v10.9.9.tar.gz';

export const SHARED_FEEDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data/feeds');
const INTEL_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../intel/test/fixtures/feeds');

type Json = Record<string, unknown>;

export interface Fault {
  /** Answer with this status (and Retry-After when given) instead of the data. */
  status?: number;
  retryAfter?: string;
  /** Send the headers of the whole answer, then only this many bytes of the body, then drop the connection. */
  cutAfter?: number;
}

export interface LoggedRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  status: number;
}

interface StaticFile {
  body: Buffer;
  etag: string;
  lastModified: string;
  contentType: string;
  /** Extra headers (x-goog-hash). */
  headers?: Record<string, string>;
}

const NVD_PATH = '/rest/json/cves/2.0';
const NVD_MAX_WINDOW_MS = 120 * 86_400_000;

/** NVD dates: 2024-01-01T00:00:00.000+00:00 (a space in place of + when a client forgot to encode it). */
function parseNvdDate(v: string): number {
  return Date.parse(v.replace(' ', '+'));
}

export class FeedProviders {
  readonly log: LoggedRequest[] = [];
  /** CVE records served by the NVD API (cve objects), editable by tests. */
  readonly cves: Json[];
  readonly files = new Map<string, StaticFile>();
  private readonly faults: { match: (path: string, query: Record<string, string>) => boolean; faults: Fault[] }[] = [];
  private server!: Server;
  url = '';

  constructor() {
    const dir = path.join(SHARED_FEEDS, 'nvd');
    this.cves = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Json);
    this.setFile(
      '/sites/default/files/feeds/known_exploited_vulnerabilities.json',
      readFileSync(path.join(SHARED_FEEDS, 'kev/known_exploited_vulnerabilities.json')),
      'application/json',
    );
    this.setFile(
      '/epss_scores-current.csv.gz',
      gzipSync(readFileSync(path.join(SHARED_FEEDS, 'epss/epss_scores-current.head12.csv'))),
      'application/x-gzip',
    );
    const byEcosystem = new Map<string, { name: string; data: Buffer }[]>();
    const osvDir = path.join(SHARED_FEEDS, 'osv');
    for (const f of readdirSync(osvDir).sort()) {
      const data = readFileSync(path.join(osvDir, f));
      const rec = JSON.parse(data.toString('utf8')) as { affected?: { package?: { ecosystem?: string } }[] };
      const eco = (rec.affected?.[0]?.package?.ecosystem ?? 'unknown').split(':')[0]!;
      byEcosystem.set(eco, [...(byEcosystem.get(eco) ?? []), { name: f, data }]);
    }
    for (const [eco, entries] of byEcosystem) this.setOsv(eco, makeZip(entries));
    this.setFile('/tracker/data/json', readFileSync(path.join(INTEL_FIXTURES, 'debian-tracker/openssh.json')), 'application/json');
    this.setFile(LIBRARY_PATH, libraryArchive(), 'application/x-gzip');
  }

  /** Serves (or replaces) a static file with fresh validators. */
  setFile(urlPath: string, body: Buffer, contentType: string, headers?: Record<string, string>): void {
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const lastModified = new Date(Date.UTC(2026, 10, 20, 8, 0, 0) + this.files.size * 1000).toUTCString();
    this.files.set(urlPath, { body, etag, lastModified, contentType, headers });
  }

  /** An OSV ecosystem archive as GCS serves it, with the MD5 in x-goog-hash (or a wrong one, for the checksum test). */
  setOsv(ecosystem: string, zip: Buffer, md5 = createHash('md5').update(zip).digest('base64')): void {
    this.setFile(`/${encodeURIComponent(ecosystem)}/all.zip`, zip, 'application/zip', { 'x-goog-hash': `crc32c=AAAAAA==, md5=${md5}` });
  }

  /** The next matching requests get these faults, one each, in order. */
  fail(match: (path: string, query: Record<string, string>) => boolean, ...faults: Fault[]): void {
    this.faults.push({ match, faults });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  requests(p: string): LoggedRequest[] {
    return this.log.filter((r) => r.path === p);
  }

  get nvdUrl(): string {
    return `${this.url}${NVD_PATH}`;
  }

  /** Settings that point every feed at this server. */
  env(ecosystems = ['AlmaLinux', 'Debian', 'Alpine']): Record<string, string> {
    return {
      BULWARK_FEED_NVD_URL: this.nvdUrl,
      BULWARK_FEED_KEV_URL: `${this.url}/sites/default/files/feeds/known_exploited_vulnerabilities.json`,
      BULWARK_FEED_EPSS_URL: `${this.url}/epss_scores-current.csv.gz`,
      BULWARK_FEED_OSV_URL: this.url,
      BULWARK_FEED_DEBIAN_URL: `${this.url}/tracker/data/json`,
      BULWARK_FEED_CHECKS_URL: `${this.url}${LIBRARY_PATH}`,
      BULWARK_FEEDS_OSV_ECOSYSTEMS: ecosystems.join(','),
    };
  }

  async start(host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${host}:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const u = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(u.searchParams);
    const entry: LoggedRequest = { path: u.pathname, query, headers: req.headers, status: 200 };
    this.log.push(entry);
    const send = (status: number, body: Buffer, headers: Record<string, string | number> = {}, fault?: Fault): void => {
      entry.status = status;
      const gzip =
        status === 200 &&
        /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) &&
        String(headers['content-type'] ?? '').includes('json');
      const payload = gzip ? gzipSync(body) : body;
      res.writeHead(status, {
        ...headers,
        'content-length': payload.length,
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
      });
      if (fault?.cutAfter !== undefined) {
        res.write(payload.subarray(0, fault.cutAfter), () => res.destroy());
        return;
      }
      res.end(req.method === 'HEAD' ? undefined : payload);
    };
    const scripted = this.faults.find((f) => f.faults.length > 0 && f.match(u.pathname, query));
    const fault = scripted?.faults.shift();
    if (fault?.status) {
      entry.status = fault.status;
      res.writeHead(fault.status, { 'content-type': 'text/plain', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
      res.end(`${fault.status}`);
      return;
    }
    if (u.pathname === NVD_PATH) return this.nvd(query, (status, body, headers) => send(status, body, headers, fault));
    const file = this.files.get(u.pathname);
    if (!file) return send(404, Buffer.from('Not Found'), { 'content-type': 'text/plain' });
    const validators = { etag: file.etag, 'last-modified': file.lastModified, 'accept-ranges': 'bytes', ...file.headers };
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    if ((inm && inm === file.etag) || (!inm && ims && Date.parse(ims) >= Date.parse(file.lastModified))) {
      entry.status = 304;
      res.writeHead(304, validators);
      res.end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
    const ifRange = req.headers['if-range'];
    if (range && (!ifRange || ifRange === file.etag || ifRange === file.lastModified)) {
      const start = Number(range[1]);
      const body = file.body.subarray(start);
      entry.status = 206;
      res.writeHead(206, {
        ...validators,
        'content-type': file.contentType,
        'content-length': body.length,
        'content-range': `bytes ${start}-${file.body.length - 1}/${file.body.length}`,
      });
      res.end(body);
      return;
    }
    send(200, file.body, { ...validators, 'content-type': file.contentType }, fault);
  }

  private nvd(q: Record<string, string>, send: (status: number, body: Buffer, headers?: Record<string, string>) => void): void {
    // The NVD answers bad parameters with 404 and a `message` header.
    const bad = (message: string) => send(404, Buffer.alloc(0), { message });
    const perPage = Number(q.resultsPerPage ?? 2000);
    const startIndex = Number(q.startIndex ?? 0);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 2000) return bad('Invalid resultsPerPage');
    if (!Number.isInteger(startIndex) || startIndex < 0) return bad('Invalid startIndex');
    let records = this.cves;
    if ((q.lastModStartDate === undefined) !== (q.lastModEndDate === undefined))
      return bad('Both lastModStartDate and lastModEndDate are required');
    if (q.lastModStartDate !== undefined) {
      const from = parseNvdDate(q.lastModStartDate);
      const to = parseNvdDate(q.lastModEndDate!);
      if (Number.isNaN(from) || Number.isNaN(to) || to < from) return bad('Invalid lastMod date');
      if (to - from > NVD_MAX_WINDOW_MS) return bad('The lastMod date range must not exceed 120 days');
      records = records.filter((r) => {
        const t = Date.parse(`${String(r.lastModified)}Z`);
        return t >= from && t <= to;
      });
    }
    const sorted = [...records].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const page = sorted.slice(startIndex, startIndex + perPage);
    const body = {
      resultsPerPage: page.length,
      startIndex,
      totalResults: sorted.length,
      format: 'NVD_CVE',
      version: '2.0',
      timestamp: new Date().toISOString().slice(0, 23),
      vulnerabilities: page.map((cve) => ({ cve })),
    };
    send(200, Buffer.from(JSON.stringify(body)), { 'content-type': 'application/json' });
  }
}
