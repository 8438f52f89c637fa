// Runs wapiti (Debian's 3.0.4, through bench/was/wapiti.py which mends its --exclude) on one target for the web-scan
// bench: signs in first with wapiti-getcookie when the target has a form login, or is handed the session as cookies
// and headers (an API login such as Juice Shop's, which wapiti-getcookie cannot post), keeps its SSRF/XXE endpoint on
// loopback, and reads back its JSON report (findings) and its log (the pages and parameters it crawled).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pageOf, wapitiClass, type BenchFinding } from './score.ts';

const run = promisify(execFile);
const PY = '/usr/bin/python3'; // Debian's, where the wapiti package installs wapitiCore
const WAPITI = path.join(import.meta.dirname, 'wapiti.py');

/** The modules the bench asks for: wapiti's defaults plus XXE and CRLF (Bulwark tests both). */
export const WAPITI_MODULES = 'blindsql,cookieflags,csp,exec,file,http_headers,permanentxss,redirect,sql,ssrf,xss,xxe,crlf';

export interface WapitiTarget {
  url: string;
  login?: { url: string; data: string };
  /** A session signed in beforehand: cookies (written to wapiti's cookie file) and headers (its -H). */
  session?: { cookies: Record<string, string>; headers: Record<string, string> };
  /** URL wildcards never requested (wapiti's -x). */
  exclude?: string[];
  budgetS: number;
}

export interface PeerResult {
  findings: BenchFinding[];
  pages: number;
  parameters: number;
  ms: number;
  error?: string;
}

interface WapitiItem {
  method: string;
  path: string;
  info: string;
  parameter: string;
  http_request: string;
}

interface WapitiReport {
  vulnerabilities: Record<string, WapitiItem[]>;
  anomalies: Record<string, WapitiItem[]>;
  additionals?: Record<string, WapitiItem[]>;
}

/** The URL of a finding: its request line names the path and query (the report's "path" drops the query). */
function requestUrl(item: WapitiItem, base: string): string {
  const line = item.http_request.split('\n')[0] ?? '';
  const target = /^[A-Z]+ (\S+)/.exec(line)?.[1] ?? item.path;
  return new URL(target, base).href;
}

export async function runWapiti(t: WapitiTarget): Promise<PeerResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-wapiti-'));
  const cookie = path.join(dir, 'cookie.json');
  const report = path.join(dir, 'report.json');
  const started = performance.now();
  try {
    if (t.login) await run('wapiti-getcookie', ['-u', t.login.url, '-c', cookie, '-d', t.login.data]);
    else if (t.session) {
      // wapiti's cookie file: domain (an IP address as it is), path, name → attributes.
      const jar: Record<string, { value: string; expires: null; secure: false; port: null; version: 0 }> = {};
      for (const [name, value] of Object.entries(t.session.cookies))
        jar[name] = { value, expires: null, secure: false, port: null, version: 0 };
      const host = new URL(t.url).hostname;
      await writeFile(cookie, JSON.stringify({ [/^[\d.]+$/.test(host) ? host : `.${host}`]: { '/': jar } }));
    }
    const args = [
      WAPITI,
      '-u',
      t.url,
      '--scope',
      'folder',
      '-m',
      WAPITI_MODULES,
      '--max-scan-time',
      String(t.budgetS),
      '--max-attack-time',
      String(Math.max(30, Math.round(t.budgetS / 8))),
      '--flush-session',
      // Its SSRF and XXE modules ask a public endpoint by default: the bench sends nothing off loopback.
      '--endpoint',
      'http://127.0.0.1:9/',
      '--no-bugreport',
      '-f',
      'json',
      '-o',
      report,
      '-v',
      '1',
      ...(t.login || t.session ? ['-c', cookie] : []),
      ...Object.entries(t.session?.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      ...(t.exclude ?? []).flatMap((x) => ['-x', x]),
    ];
    const { stdout } = await run(PY, args, { maxBuffer: 256 * 1024 * 1024, timeout: (t.budgetS + 600) * 1000 });
    const ms = performance.now() - started;
    const json = JSON.parse(await readFile(report, 'utf8')) as WapitiReport;
    const findings: BenchFinding[] = [];
    for (const group of [json.vulnerabilities, json.anomalies, json.additionals ?? {}])
      for (const [category, items] of Object.entries(group))
        for (const item of items) {
          const url = requestUrl(item, t.url);
          findings.push({
            cls: wapitiClass(`${category} ${item.info}`),
            page: pageOf(url, item.parameter ?? ''),
            parameter: item.parameter ?? '',
            method: item.method,
            url,
            raw: category,
          });
        }
    // The crawl: "[+] GET url (depth)" lines, a POST's fields on the "data:" line after it, up to the line that
    // says how many it found (the attack modules print the same lines for what they attack).
    const pages = new Set<string>();
    const params = new Set<string>();
    let last = '';
    for (const line of stdout.split('\n')) {
      if (/^\[\*\] (Saving scan state|Wapiti found)/.test(line)) break;
      const crawled = /^\[\+\] ([A-Z]+) (\S+) \(\d+\)/.exec(line);
      if (crawled) {
        const u = new URL(crawled[2]!);
        last = pageOf(u.href);
        pages.add(`${crawled[1]} ${last}`);
        for (const k of u.searchParams.keys()) if (k !== 'page') params.add(`${last} ${k}`);
        continue;
      }
      const data = /^\s+data: (.*)$/.exec(line);
      if (data && last) for (const k of new URLSearchParams(data[1]).keys()) params.add(`${last} ${k}`);
    }
    return { findings, pages: pages.size, parameters: params.size, ms };
  } catch (e) {
    return { findings: [], pages: 0, parameters: 0, ms: performance.now() - started, error: String(e).slice(0, 300) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
