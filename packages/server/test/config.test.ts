// Settings from the environment, the secret box and key file, and the password policy and hashing.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';
import { SecretBox, loadSecretKey } from '../src/lib/secrets.ts';
import { hashPassword, passwordProblems, verifyPassword } from '../src/lib/passwords.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      feedsDir: path.resolve('./data/feeds'),
      publicUrl: 'http://localhost:8000',
      secretKey: undefined,
      smtpUrl: undefined,
      smsUrl: undefined,
      sessionAgeSeconds: 3600,
      longSessionAgeSeconds: 30 * 86400,
      secureCookies: 'auto',
      logLevel: 'info',
      jobs: true,
    });
    expect(path.isAbsolute(c.dataDir)).toBe(true);
  });

  it('reads the settings it is given', () => {
    const c = loadConfig({
      PORT: '9443',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://bulwark@db:5432/bulwark',
      BULWARK_DATA_DIR: '/var/lib/bulwark',
      BULWARK_PUBLIC_URL: 'https://bulwark.example.com/',
      BULWARK_ADMIN_EMAIL: 'Root@Example.COM',
      BULWARK_ADMIN_PASSWORD: 'Some-Admin-Pass-1',
      BULWARK_JOBS: 'off',
      BULWARK_SESSION_AGE_SECONDS: '900',
    });
    expect(c).toMatchObject({
      port: 9443,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://bulwark@db:5432/bulwark',
      dataDir: '/var/lib/bulwark',
      feedsDir: '/var/lib/bulwark/feeds',
      publicUrl: 'https://bulwark.example.com',
      adminEmail: 'root@example.com',
      jobs: false,
      sessionAgeSeconds: 900,
    });
    expect(loadConfig({ BULWARK_FEEDS_DIR: '/srv/feeds' }).feedsDir).toBe('/srv/feeds');
    // The public URL follows PORT when it is not set.
    expect(loadConfig({ PORT: '8123' }).publicUrl).toBe('http://localhost:8123');
  });

  it('names PORT when it is not a port number', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([expect.stringMatching(/^PORT /)]);
    expect(problemsOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT .*65535/)]);
    expect(problemsOf({ PORT: '80.5' })).toEqual([expect.stringMatching(/^PORT /)]);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('does not turn an empty PORT into port 0 (a random port)', () => {
    // Every other setting treats an empty value as unset; PORT= must give the default, or be refused.
    let port: number | undefined;
    try {
      port = loadConfig({ PORT: '' }).port;
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).problems.join('\n')).toMatch(/PORT/);
      return;
    }
    expect(port).toBe(8000);
  });

  it('names DATABASE_URL when it is not a PostgreSQL URL', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://x' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL .*postgres/);
    expect(problemsOf({ DATABASE_URL: 'not a url' })[0]).toMatch(/^DATABASE_URL/);
  });

  it('refuses an admin password without an admin e-mail', () => {
    const problems = problemsOf({ BULWARK_ADMIN_PASSWORD: 'Some-Admin-Pass-1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/BULWARK_ADMIN_EMAIL/);
    expect(problems[0]).toMatch(/BULWARK_ADMIN_PASSWORD/);
    expect(problemsOf({ BULWARK_ADMIN_EMAIL: 'not-an-email' })[0]).toMatch(/^BULWARK_ADMIN_EMAIL/);
  });

  it('refuses a secret key shorter than 32 characters', () => {
    expect(problemsOf({ BULWARK_SECRET_KEY: 'short' })).toEqual([expect.stringMatching(/^BULWARK_SECRET_KEY .*32/)]);
    expect(loadConfig({ BULWARK_SECRET_KEY: 'k'.repeat(32) }).secretKey).toBe('k'.repeat(32));
  });

  it('names every bad value at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      BULWARK_SECRET_KEY: 'short',
      BULWARK_LOG_LEVEL: 'loud',
      SMTP_URL: 'http://mail',
    });
    const text = problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'BULWARK_SECRET_KEY', 'BULWARK_LOG_LEVEL', 'SMTP_URL'])
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    expect(problems).toHaveLength(5);
    const err = (() => {
      try {
        loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).toMatch(/^Invalid configuration:\n {2}- PORT .*\n {2}- DATABASE_URL /);
  });

  it('syncs every feed daily from the providers by default; every URL, the time, zone and sources are settings', () => {
    expect(loadConfig({}).feedSync).toEqual({
      enabled: true,
      at: '03:30',
      timeZone: 'UTC',
      sources: ['nvd', 'kev', 'epss', 'osv', 'debian', 'checks'],
      osvEcosystems: ['Debian', 'Ubuntu', 'Alpine', 'AlmaLinux', 'Rocky Linux', 'npm', 'PyPI', 'Maven', 'Go', 'crates.io'],
      urls: {
        nvd: 'https://services.nvd.nist.gov/rest/json/cves/2.0',
        kev: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
        epss: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
        osv: 'https://osv-vulnerabilities.storage.googleapis.com',
        debian: 'https://security-tracker.debian.org/tracker/data/json',
        checks: 'https://github.com/projectdiscovery/nuclei-templates/archive/refs/tags/v10.1.1.tar.gz',
      },
      nvdApiKey: undefined,
      checksSha256: undefined,
      checksSha256Url: undefined,
    });
    const c = loadConfig({
      BULWARK_FEEDS_SYNC: 'off',
      BULWARK_FEEDS_SYNC_AT: '22:05',
      BULWARK_FEEDS_SYNC_TZ: 'Europe/Copenhagen',
      BULWARK_FEEDS_SOURCES: 'kev, osv,kev',
      BULWARK_FEEDS_OSV_ECOSYSTEMS: 'Debian, Rocky Linux',
      BULWARK_FEED_OSV_URL: 'http://mirror.internal/osv/',
      BULWARK_NVD_API_KEY: 'abc-123',
    }).feedSync;
    expect(c).toMatchObject({
      enabled: false,
      at: '22:05',
      timeZone: 'Europe/Copenhagen',
      sources: ['kev', 'osv'],
      osvEcosystems: ['Debian', 'Rocky Linux'],
      nvdApiKey: 'abc-123',
    });
    // A trailing slash is dropped: <ecosystem>/all.zip is appended to it.
    expect(c.urls.osv).toBe('http://mirror.internal/osv');
  });

  it('names a bad feed setting with what it must be', () => {
    const problems = problemsOf({
      BULWARK_FEEDS_SYNC: 'yes',
      BULWARK_FEEDS_SYNC_AT: '25:00',
      BULWARK_FEEDS_SYNC_TZ: 'Mars/Olympus',
      BULWARK_FEEDS_SOURCES: 'nvd,ghsa',
      BULWARK_FEED_KEV_URL: 'ftp://mirror/kev.json',
    });
    expect(problems).toEqual([
      'BULWARK_FEEDS_SYNC must be on or off',
      'BULWARK_FEEDS_SYNC_AT must be a time of day as HH:MM (24-hour clock), e.g. 03:30',
      'BULWARK_FEEDS_SYNC_TZ must be an IANA time zone such as UTC or Europe/Copenhagen',
      'BULWARK_FEEDS_SOURCES must be a comma-separated list of nvd, kev, epss, osv, debian, checks',
      'BULWARK_FEED_KEV_URL must be a URL starting with http:// or https://',
    ]);
  });

  it('names the admin-password problem together with the other bad values', () => {
    const text = problemsOf({ PORT: 'abc', BULWARK_ADMIN_PASSWORD: 'Some-Admin-Pass-1' }).join('\n');
    expect(text).toMatch(/PORT/);
    expect(text).toMatch(/BULWARK_ADMIN_PASSWORD/);
  });
});

describe('SecretBox and the secret key', () => {
  const key = 'a'.repeat(64);

  it('encrypts and decrypts back, with a fresh IV every time', () => {
    const box = new SecretBox(key);
    const sealed = box.encrypt('s3cr3t pässword ✓');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('s3cr3t');
    expect(box.decrypt(sealed)).toBe('s3cr3t pässword ✓');
    expect(box.encrypt('s3cr3t pässword ✓')).not.toBe(sealed);
    expect(box.decrypt(box.encrypt(''))).toBe('');
  });

  it('refuses tampered ciphertext and a foreign format', () => {
    const box = new SecretBox(key);
    const sealed = box.encrypt('top secret');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 0x01;
    expect(() => box.decrypt(`v1:${raw.toString('base64url')}`)).toThrow();
    const tag = Buffer.from(sealed.slice(3), 'base64url');
    tag[14] = tag[14]! ^ 0x80;
    expect(() => box.decrypt(`v1:${tag.toString('base64url')}`)).toThrow();
    expect(() => box.decrypt('v2:abc')).toThrow(/Unknown secret format/);
  });

  it('cannot be opened with another key', () => {
    const sealed = new SecretBox(key).encrypt('top secret');
    expect(() => new SecretBox('b'.repeat(64)).decrypt(sealed)).toThrow();
  });

  it('generates the key file once (mode 0600) and reads the same key back', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bulwark-key-')), 'nested', 'data');
    const first = loadSecretKey(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadSecretKey(undefined, dir)).toBe(first);
    // A box made from the reloaded key opens what the first one sealed.
    expect(new SecretBox(loadSecretKey(undefined, dir)).decrypt(new SecretBox(first).encrypt('persisted'))).toBe('persisted');
    // A configured key wins and writes nothing.
    const other = path.join(mkdtempSync(path.join(tmpdir(), 'bulwark-key-')), 'data');
    expect(loadSecretKey('configured-key-of-enough-length-123', other)).toBe('configured-key-of-enough-length-123');
    expect(() => statSync(path.join(other, 'secret.key'))).toThrow();
  });
});

describe('password policy and hashing', () => {
  it('refuses a short password', () => {
    expect(passwordProblems('short')).toEqual([expect.stringMatching(/too short.*10 characters/)]);
  });

  it('refuses common passwords, also with the usual digits and symbols appended', () => {
    for (const p of ['password123', 'Password1!', 'qwertyuiop', 'iloveyou2024!']) {
      expect(passwordProblems(p).join(' '), p).toMatch(/too common/);
    }
    expect(passwordProblems('aaaaaaaaaaaa').join(' ')).toMatch(/too easy/);
    expect(passwordProblems('1234567890ab').join(' ')).toMatch(/too (easy|common)/);
  });

  it('refuses a password too similar to the e-mail address', () => {
    expect(passwordProblems('alice.smith@example.com', 'alice.smith@example.com').join(' ')).toMatch(/similar to the e-mail/);
    expect(passwordProblems('Alice.Smith-2024-xyz', 'alice.smith@example.com').join(' ')).toMatch(/similar to the e-mail/);
    expect(passwordProblems('Alice.Smith-2024-xyz', 'bob@example.com')).toEqual([]);
  });

  it('accepts a good password', () => {
    expect(passwordProblems('Battery-Staple-77', 'someone@example.com')).toEqual([]);
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
  });

  it('hashes with argon2id and verifies only the right password', async () => {
    const h = await hashPassword('Battery-Staple-77');
    expect(h).toMatch(/^\$argon2id\$/);
    expect(h).not.toContain('Battery');
    expect(await hashPassword('Battery-Staple-77')).not.toBe(h);
    expect(await verifyPassword(h, 'Battery-Staple-77')).toBe(true);
    expect(await verifyPassword(h, 'battery-staple-77')).toBe(false);
    expect(await verifyPassword(null, 'Battery-Staple-77')).toBe(false);
    expect(await verifyPassword('not a hash', 'Battery-Staple-77')).toBe(false);
  });
});
