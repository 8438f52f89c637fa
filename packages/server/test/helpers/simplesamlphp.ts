// A real identity provider for the SAML tests: Debian's simplesamlphp (1.19) served by `php -S` on a loopback address,
// with a configuration written here (SIMPLESAMLPHP_CONFIG_DIR): exampleauth:UserPass users with e-mail, name and group
// attributes, a hosted SAML 2.0 IdP with a freshly generated key, and Bulwark's SP in saml20-sp-remote.
// Debian's package needs php-xml (DOM) and php-mbstring beside php-cli; without them `available()` says why.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSpKeyPair } from '../../src/modules/saml/sp-keys.ts';

export const SSP_WWW = '/usr/share/simplesamlphp/www';

/** Why simpleSAMLphp cannot run here, or null when it can. */
export function sspMissing(): string | null {
  if (!existsSync(`${SSP_WWW}/saml2/idp/SSOService.php`)) return 'Debian package simplesamlphp is not installed';
  const php = spawnSync('php', ['-m'], { encoding: 'utf8' });
  if (php.status !== 0) return 'php-cli is not installed';
  for (const ext of ['dom', 'mbstring', 'openssl'])
    if (!php.stdout.split('\n').includes(ext)) return `PHP extension ${ext} is missing (apt-get install php-xml php-mbstring)`;
  return null;
}

export interface SspUser {
  username: string;
  password: string;
  email: string;
  givenName: string;
  sn: string;
  groups: string[];
}

export interface SspSp {
  entityId: string;
  acsUrl: string;
  /** PEM: encrypted assertions are encrypted to it, signed requests checked with it. */
  certificate: string;
  encryptAssertions: boolean;
}

const php = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(php).join(', ')}]`;
  if (v && typeof v === 'object')
    return `[${Object.entries(v)
      .map(([k, x]) => `${php(k)} => ${php(x)}`)
      .join(', ')}]`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  return `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
};

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export class SimpleSamlPhp {
  readonly dir: string;
  host = '';
  port = 0;
  private proc: ChildProcess | undefined;
  /** The IdP's key pair (tests sign forged or broken answers with it, as only the IdP could). */
  readonly keys = generateSpKeyPair('simplesamlphp test idp', new Date(Date.now() - 3600_000));

  constructor(private readonly users: SspUser[]) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'bulwark-ssp-'));
  }

  get baseUrl(): string {
    return `http://${this.host}:${this.port}`;
  }
  get entityId(): string {
    return `${this.baseUrl}/saml2/idp/metadata.php`;
  }
  get metadataUrl(): string {
    return this.entityId;
  }

  private writeConfig(): void {
    const d = this.dir;
    for (const sub of ['metadata', 'cert', 'tmp', 'data', 'log', 'sessions']) mkdirSync(path.join(d, sub), { recursive: true });
    writeFileSync(path.join(d, 'cert', 'idp.key'), this.keys.privateKeyPem);
    writeFileSync(path.join(d, 'cert', 'idp.crt'), this.keys.certificatePem);
    const config = {
      baseurlpath: `${this.baseUrl}/`,
      certdir: path.join(d, 'cert'),
      loggingdir: path.join(d, 'log'),
      datadir: path.join(d, 'data'),
      tempdir: path.join(d, 'tmp'),
      metadatadir: path.join(d, 'metadata'),
      attributenamemapdir: '/etc/simplesamlphp/attributemap/',
      technicalcontact_name: 'Tests',
      technicalcontact_email: 'tests@example.com',
      timezone: 'UTC',
      secretsalt: 'bulwark-test-salt-0123456789abcdef',
      'auth.adminpassword': 'bulwark-test-admin',
      'admin.protectindexpage': false,
      'admin.protectmetadata': false,
      'admin.checkforupdates': false,
      'enable.saml20-idp': true,
      'enable.shib13-idp': false,
      'enable.adfs-idp': false,
      'logging.level': 3,
      'logging.handler': 'file',
      'logging.logfile': 'simplesamlphp.log',
      'store.type': 'phpsession',
      'session.phpsession.savepath': path.join(d, 'sessions'),
      'session.cookie.secure': false,
      'module.enable': { exampleauth: true, core: true, saml: true, admin: true },
      'language.default': 'en',
      showerrors: true,
      errorreporting: false,
      'trusted.url.domains': [],
    };
    writeFileSync(path.join(d, 'config.php'), `<?php\n$config = ${php(config)};\n`);
    const users = Object.fromEntries(
      this.users.map((u) => [`${u.username}:${u.password}`, { email: [u.email], givenName: [u.givenName], sn: [u.sn], groups: u.groups }]),
    );
    writeFileSync(
      path.join(d, 'authsources.php'),
      `<?php\n$config = ${php({ admin: ['core:AdminPassword'], 'example-userpass': { 0: 'exampleauth:UserPass', ...users } })};\n`,
    );
    writeFileSync(
      path.join(d, 'metadata', 'saml20-idp-hosted.php'),
      `<?php\n$metadata['__DYNAMIC:1__'] = ${php({
        host: '__DEFAULT__',
        privatekey: 'idp.key',
        certificate: 'idp.crt',
        auth: 'example-userpass',
        'signature.algorithm': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
        NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        'simplesaml.nameidattribute': 'email',
        'saml20.sign.assertion': true,
      })};\n`,
    );
    this.setSp(null);
  }

  /** Writes Bulwark's SP into saml20-sp-remote (read on every request: no restart). */
  setSp(sp: SspSp | null): void {
    const body = sp
      ? `$metadata[${php(sp.entityId)}] = ${php({
          AssertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.acsUrl }],
          certData: sp.certificate.replace(/-----[A-Z ]+-----|\s/g, ''),
          'assertion.encryption': sp.encryptAssertions,
          'validate.authnrequest': true,
          'saml20.sign.assertion': true,
          NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          'simplesaml.nameidattribute': 'email',
          'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
        })};\n`
      : '';
    writeFileSync(path.join(this.dir, 'metadata', 'saml20-sp-remote.php'), `<?php\n${body}`);
  }

  /** Starts `php -S` on a loopback address of its own (127.0.0.<n>). */
  async start(): Promise<void> {
    this.host = `127.0.0.${20 + Math.floor(Math.random() * 200)}`;
    this.port = await freePort(this.host);
    this.writeConfig();
    // No opcode cache: saml20-sp-remote.php is rewritten between sign-ins and must be read afresh.
    this.proc = spawn('php', ['-d', 'opcache.enable=0', '-d', 'opcache.enable_cli=0', '-S', `${this.host}:${this.port}`, '-t', SSP_WWW], {
      env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: this.dir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    for (let i = 0; i < 100; i += 1) {
      try {
        const res = await fetch(this.metadataUrl);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`simpleSAMLphp did not start on ${this.baseUrl}`);
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A browser's cookie jar and redirects, for walking simpleSAMLphp's login form without a browser. */
export class FormWalker {
  private readonly cookies = new Map<string, string>();

  async get(url: string): Promise<{ url: string; status: number; body: string }> {
    return this.go(url, { method: 'GET' });
  }
  async post(url: string, form: Record<string, string>): Promise<{ url: string; status: number; body: string }> {
    return this.go(url, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  private async go(url: string, init: RequestInit): Promise<{ url: string; status: number; body: string }> {
    let current = url;
    let request = init;
    for (let hop = 0; hop < 10; hop += 1) {
      const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(current, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        current = new URL(location, current).toString();
        request = { method: 'GET' };
        continue;
      }
      return { url: current, status: res.status, body: await res.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** The value of a form field in an HTML page (simpleSAMLphp's login and POST pages). */
export function formField(html: string, name: string): string | undefined {
  const m =
    new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`, 'i').exec(html) ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`, 'i').exec(html);
  return m?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The action of the first form of an HTML page. */
export function formAction(html: string, base: string): string {
  const m = /<form[^>]*action="([^"]*)"/i.exec(html);
  return new URL((m?.[1] ?? '').replace(/&amp;/g, '&'), base).toString();
}
