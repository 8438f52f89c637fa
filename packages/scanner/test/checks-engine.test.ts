// Unit tests of the check engine: RE2 translation, dsl-lite, matchers, extractors, template parsing and refusal reasons.
import { describe, expect, it } from 'vitest';
import { evalDsl, parseDsl, parseTemplate, runOperators, TemplateError, translateRe2, type ResponseView } from '../src/checks/index.ts';

const view = (body: string, header = '', status = 200): ResponseView => {
  const all = `HTTP/1.1 ${status} X\r\n${header}\r\n${body}`;
  const parts = { body, header, all, raw: all, response: all, status: `HTTP/1.1 ${status} X` };
  const env: Record<string, string | number> = { ...parts, status_code: status, content_length: body.length };
  for (const l of header.split('\r\n').filter(Boolean)) {
    const [k, ...v] = l.split(':');
    env[k.toLowerCase().replace(/-/g, '_')] = v.join(':').trim();
  }
  return { parts, env, status };
};
const tpl = (body: string) =>
  `id: t1\ninfo:\n  name: T\n  severity: low\nhttp:\n  - method: GET\n    path: ["{{BaseURL}}/"]\n${body
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`;
const refusal = (yaml: string) => {
  try {
    parseTemplate(yaml);
  } catch (e) {
    expect(e).toBeInstanceOf(TemplateError);
    return (e as Error).message;
  }
  throw new Error('template was accepted');
};

describe('RE2 → JavaScript', () => {
  it('turns leading inline flags into RegExp flags', () => {
    const re = translateRe2('(?i)(?s)server: apache.+end');
    expect(re.flags).toBe('is');
    expect(re.test('SERVER: Apache\nx end')).toBe(true);
    expect(translateRe2('(?im)^x$').flags).toBe('im');
    expect(translateRe2('(?m)^b$').test('a\nb')).toBe(true);
  });
  it('translates named groups, \\A \\z, \\Q…\\E and POSIX classes', () => {
    expect(translateRe2('(?P<v>[0-9.]+)').exec('v 1.2')?.groups?.v).toBe('1.2');
    expect(translateRe2('\\Aab\\z').test('ab')).toBe(true);
    expect(translateRe2('\\Aab\\z').test('xab')).toBe(false);
    expect(translateRe2('\\Q1.2+\\E').test('1.2+')).toBe(true);
    expect(translateRe2('\\Q1.2+\\E').test('1x22')).toBe(false);
    expect(translateRe2('^[[:digit:]]+$').test('123')).toBe(true);
  });
  it('refuses what it cannot translate faithfully', () => {
    expect(() => translateRe2('a(?s)b')).toThrow(/inline regex flags/);
    expect(() => translateRe2('(?s:ab)')).toThrow(/inline regex flags/);
    // RE2's case-insensitive regions inside a pattern: only their letters match both cases.
    expect(translateRe2('a(?i)b').test('aB')).toBe(true);
    expect(translateRe2('a(?i)b').test('AB')).toBe(false);
    expect(translateRe2('x(?i:ab)c').test('xABc')).toBe(true);
    expect(translateRe2('x(?i:ab)c').test('xABC')).toBe(false);
    expect(translateRe2('((?i)pass|pwd)=').test('PWD=')).toBe(true);
    expect(translateRe2('(?P<k>LTAI)(?i)[a-z]{2}\\b').exec('LTAIxY')?.groups?.k).toBe('LTAI');
    expect(() => translateRe2('(?U)a+')).toThrow(/flag 'U'/);
    expect(() => translateRe2('a(?=b)')).toThrow(/lookaround/);
    expect(() => translateRe2('\\pL')).toThrow(/not supported/);
    expect(() => translateRe2('(a')).toThrow(/does not compile/);
  });
});

describe('dsl-lite', () => {
  const env = { status_code: 200, body: 'Hello World', server: 'nginx/1.2', expired: true, key_bits: 1024 };
  const ev = (s: string) => evalDsl(parseDsl(s), env);
  it('evaluates comparisons, logic, functions and precedence', () => {
    expect(ev('status_code == 200 && contains(body, "World")')).toBe(true);
    expect(ev('status_code != 200 || !contains(to_lower(body), "hello")')).toBe(false);
    expect(ev('len(body) > 10 && len(body) <= 11')).toBe(true);
    expect(ev('expired == true')).toBe(true);
    expect(ev('key_bits < 2048')).toBe(true);
    expect(ev('regex("(?i)^NGINX/[0-9]", server)')).toBe(true);
    expect(ev('contains_any(body, "x", "World") && !contains_all(body, "Hello", "x")')).toBe(true);
    expect(ev('starts_with(server, "nginx") && ends_with(server, ".2")')).toBe(true);
    expect(ev("'a' + 'b' == 'ab' && 1 + 2 == 3 && 5 - 1 == 4 || false")).toBe(true);
    expect(ev('(false || true) && !(1 > 2)')).toBe(true);
    expect(ev('missing == 1')).toBe(false);
  });
  it('has Nuclei helper functions', () => {
    expect(ev('md5("abc")')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(ev('base64("admin:admin")')).toBe('YWRtaW46YWRtaW4=');
    expect(ev('base64_decode("YWRtaW4=") == "admin" && hex_encode("A") == "41" && url_encode("a b&") == "a%20b%26"')).toBe(true);
    expect(ev('tolower(server) == "nginx/1.2" && len(rand_base(8)) == 8 && len(rand_text_numeric(4)) == 4')).toBe(true);
    // Shodan's favicon hash of the bytes "hello" (Python: mmh3.hash(base64.encodebytes(b"hello"))).
    expect(ev('mmh3("hello")')).toBe('613153351');
    expect(ev('compare_versions("1.2.3", ">= 1.2", "< 1.10")')).toBe(true);
    expect(ev('compare_versions("v2.0.0-rc1", "< 2.0.0")')).toBe(true);
    expect(ev('compare_versions("9.1", "<= 9.0.5")')).toBe(false);
    expect(ev('7 % 4 * 2 == 6 && replace_regex("a1b22", "[0-9]+", "#") == "a#b#"')).toBe(true);
  });
  it('refuses unknown functions and bad syntax', () => {
    expect(() => parseDsl('jarm(body) == "x"')).toThrow("dsl function 'jarm' not supported");
    expect(() => parseDsl('len(body, 2)')).toThrow(/takes 1 arguments/);
    expect(() => parseDsl('status_code ==')).toThrow(/unexpected end/);
    expect(() => parseDsl('a ; b')).toThrow(/unexpected ';'/);
    expect(() => parseDsl('"abc')).toThrow(/unterminated/);
  });
});

describe('matchers and extractors', () => {
  it('word/regex/status/size with part, condition, negative, case-insensitive and matchers-condition', () => {
    const t = parseTemplate(
      tpl(`matchers-condition: and
matchers:
  - type: word
    part: header
    words: ["server: apache"]
    case-insensitive: true
  - type: word
    words: ["Index of", "Parent Directory"]
    condition: and
  - type: regex
    regex: ["(?i)apache/([0-9.]+)"]
    part: all
  - type: status
    status: [200, 206]
  - type: word
    words: ["secret"]
    negative: true
extractors:
  - type: regex
    part: header
    group: 1
    regex: ["(?i)server: apache/([0-9.]+)"]
  - type: kval
    kval: [x-powered-by]`),
    );
    const ok = view('<h1>Index of /</h1><a>Parent Directory</a>', 'Server: Apache/2.4.1\r\nX-Powered-By: PHP/8\r\n');
    const r = runOperators(t.http[0], ok);
    expect(r.matched).toBe(true);
    expect(r.extracted).toEqual({ regex: ['2.4.1'], kval: ['PHP/8'] });
    expect(runOperators(t.http[0], view('Index of / Parent Directory secret', 'Server: Apache/2\r\n')).matched).toBe(false);
    expect(runOperators(t.http[0], view('Index of /', 'Server: Apache/2\r\n')).matched).toBe(false);
    expect(runOperators(t.http[0], view('Index of / Parent Directory', 'Server: Apache/2\r\n', 404)).matched).toBe(false);
  });
  it('or-condition, size, dsl and hex/binary words; extractors alone decide when there are no matchers', () => {
    const t = parseTemplate(
      tpl(`matchers:
  - type: size
    size: [3]
  - type: dsl
    dsl: ['status_code == 418 && contains(body, "tea")']
  - type: word
    encoding: hex
    words: ["deadbeef"]
  - type: binary
    binary: ["cafe"]`),
    );
    expect(runOperators(t.http[0], view('abc')).matched).toBe(true);
    expect(runOperators(t.http[0], view('a teapot', '', 418)).matched).toBe(true);
    expect(runOperators(t.http[0], view('x\xde\xad\xbe\xefy')).matched).toBe(true);
    expect(runOperators(t.http[0], view('x\xca\xfey')).matched).toBe(true);
    expect(runOperators(t.http[0], view('nothing here', '', 200)).matched).toBe(false);
    const x = parseTemplate(tpl(`extractors:\n  - type: regex\n    regex: ["v([0-9]+)"]\n    group: 1`));
    expect(runOperators(x.http[0], view('v12 v13')).extracted.regex).toEqual(['12', '13']);
    expect(runOperators(x.http[0], view('none')).matched).toBe(false);
  });
});

describe('templates', () => {
  it('parses info, classification, raw requests and the bulwark block', () => {
    const t = parseTemplate(`id: demo-raw
info:
  name: Demo
  severity: High
  description: d
  remediation: r
  reference: [https://example.org]
  classification:
    cve-id: cve-2021-1234
    cvss-score: 7.5
    cvss-metrics: CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N
bulwark:
  category: Web servers
  solution: Upgrade.
  confidence: confirmed
http:
  - raw:
      - |
        TRACE /x HTTP/1.1
        Host: {{Hostname}}
        X-A: b

    matchers:
      - type: status
        status: [200]
`);
    expect(t.info).toMatchObject({ severity: 3, cve: ['CVE-2021-1234'], cvssScore: 7.5, reference: ['https://example.org'] });
    expect(t.bulwark).toEqual({ category: 'Web servers', solution: 'Upgrade.', confidence: 'confirmed', services: [] });
    expect(t.http[0].requests[0]).toEqual({ method: 'TRACE', path: '/x', headers: { Host: '{{Hostname}}', 'X-A': 'b' }, body: '' });
  });
  it('refuses templates outside the subset, with the reason', () => {
    expect(refusal('id: a\ninfo: {name: A, severity: low}\nheadless:\n  - steps: []\n')).toBe('headless (browser) templates not supported');
    expect(refusal('id: a\ninfo: {name: A, severity: low}\ndns:\n  - name: x\n')).toMatch(/resolver/);
    expect(refusal('id: a\ninfo: {name: A, severity: bogus}\nhttp: []\n')).toMatch(/severity 'bogus'/);
    expect(refusal('id: a\ninfo: {name: A, severity: low}\nself-contained: true\nhttp: []\n')).toMatch(/third-party/);
    expect(refusal('id: a\ninfo: {name: A, severity: low}\nflow: http(1)\nhttp: []\n')).toMatch(/flow/);
    expect(refusal(tpl('matchers:\n  - type: dsl\n    dsl: ["jarm(Host) == \\"x\\""]'))).toBe("dsl function 'jarm' not supported");
    expect(refusal(tpl('matchers:\n  - type: xpath\n    xpath: ["/a"]'))).toBe("matcher type 'xpath' not supported");
    expect(refusal(tpl('payloads:\n  a: helpers/a.txt\nmatchers:\n  - type: status\n    status: [200]'))).toMatch(
      "payload file 'helpers/a.txt' of 'a' not found",
    );
    expect(refusal(tpl('payloads:\n  a: [1]\nattack: sniper\nmatchers:\n  - type: status\n    status: [200]'))).toMatch(/attack 'sniper'/);
    expect(refusal(tpl('matchers:\n  - type: word\n    part: interactsh_protocol\n    words: [dns]'))).toMatch(/interactsh/);
    expect(refusal(tpl('extractors:\n  - type: xpath\n    xpath: ["/a"]'))).toBe("extractor type 'xpath' not supported");
    expect(refusal(tpl('extractors:\n  - type: json\n    json: [".a | keys"]'))).toMatch(/json query/);
    expect(refusal(tpl('matchers:\n  - type: regex\n    regex: ["a(?s)b"]'))).toMatch(/inline regex flags/);
    expect(refusal(tpl('headers:\n  X: "{{nope}}"\nmatchers:\n  - type: status\n    status: [200]'))).toMatch(
      /^unsupported template expression '\{\{nope\}\}'/,
    );
    expect(refusal(tpl('headers:\n  X: "{{jarm(Host)}}"\nmatchers:\n  - type: status\n    status: [200]'))).toBe(
      "dsl function 'jarm' not supported",
    );
    expect(refusal(tpl('unsafe: true\nmatchers:\n  - type: status\n    status: [200]'))).toMatch(/'unsafe' needs 'raw'/);
    expect(refusal(tpl(''))).toBe('a request needs matchers or extractors');
    expect(
      refusal('id: a\ninfo: {name: A, severity: low}\nssl:\n  - min_version: sslv3\n    matchers: [{type: dsl, dsl: ["true"]}]\n'),
    ).toMatch(/sslv3/);
    expect(
      refusal('id: a\ninfo: {name: A, severity: low}\nssl:\n  - tls_cipher_enum: true\n    matchers: [{type: dsl, dsl: ["true"]}]\n'),
    ).toBe("unsupported key 'ssl.tls_cipher_enum'");
    expect(
      refusal(
        'id: a\ninfo: {name: A, severity: low}\nnetwork:\n  - host: ["{{Hostname}}"]\n    bulwark-probe: nope\n    matchers: [{type: dsl, dsl: ["true"]}]\n',
      ),
    ).toMatch(/bulwark-probe 'nope'/);
    expect(refusal('id: a\ninfo: {name: A, severity: low}\nbulwark: {category: x, confidence: sure}\nhttp: []\n')).toMatch(
      /bulwark.confidence/,
    );
    expect(refusal('id: a\ninfo: {name: A, severity: low}\n')).toMatch(/no http, network or ssl/);
    expect(refusal('id: [\n')).toMatch(/invalid YAML/);
  });
});

describe('shipped templates', () => {
  it('all load, none refused, each with Bulwark fields and a unique id', async () => {
    const { loadTemplates } = await import('../src/checks/index.ts');
    const { templates, refused } = await loadTemplates();
    expect(refused).toEqual([]);
    expect(templates.length).toBeGreaterThanOrEqual(60);
    for (const t of templates) {
      expect(t.bulwark.category, t.id).not.toBe('uncategorized');
      expect(t.bulwark.solution, t.id).not.toBe('');
      expect(t.file, t.id).toMatch(new RegExp(`/${t.id}\\.yaml$`));
    }
  });
  it('lists a refused template with its file and reason', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { loadTemplates } = await import('../src/checks/index.ts');
    const dir = await mkdtemp(`${tmpdir()}/bulwark-tpl-`);
    await writeFile(`${dir}/a.yaml`, tpl('matchers:\n  - type: status\n    status: [200]'));
    await writeFile(`${dir}/b.yaml`, 'id: b\ninfo: {name: B, severity: low}\nheadless:\n  - steps: []\n');
    const r = await loadTemplates(dir);
    expect(r.templates.map((t) => t.id)).toEqual(['t1']);
    expect(r.refused).toEqual([{ file: 'b.yaml', id: 'b', reason: 'headless (browser) templates not supported' }]);
  });
});
