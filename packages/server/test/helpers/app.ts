// Starts the real app on a test database and gives cookie-keeping clients that speak the API like the web app does.
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { customers, users } from '../../src/db/schema/index.ts';
import { createUser, type CreateUserOptions } from '../../src/cli/users.ts';
import { openTestDatabase, type Backend, type TestDatabase } from './backends.ts';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Correct-Horse-42';
export const PASSWORD = 'Battery-Staple-77';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  testDb: TestDatabase;
  client(ip?: string): Client;
  /** A user with PASSWORD (customer 1 unless said otherwise). */
  user(o: Partial<CreateUserOptions> & { email: string }): Promise<{ id: number; customerId: number }>;
  /** A second customer with its own superuser. */
  otherCustomer(name?: string): Promise<{ customerId: number; adminEmail: string; adminId: number }>;
  close(): Promise<void>;
}

export async function startTestApp(backend: Backend, env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await openTestDatabase(backend, { migrated: true });
  const config = loadConfig({
    BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bulwark-test-')),
    BULWARK_ADMIN_EMAIL: ADMIN_EMAIL,
    BULWARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
    BULWARK_PUBLIC_URL: 'http://bulwark.test',
    BULWARK_JOBS: 'on',
    // No test reaches the real feed providers: a sync test points the feeds at its local stand-in and turns it on.
    BULWARK_FEEDS_SYNC: 'off',
    BULWARK_JOB_RETRY_SECONDS: '1',
    BULWARK_LOG_LEVEL: 'silent',
    BULWARK_WEB_DIR: path.join(tmpdir(), 'bulwark-no-web'),
    // The phishing listener on any free port of loopback (tests run side by side); its links use the bound address.
    BULWARK_PHISHING_HOST: '127.0.0.1',
    BULWARK_PHISHING_PORT: '0',
    ...env,
  });
  const app = await buildApp({ config, database: testDb.database, logger: false });
  await app.ready();
  const ctx = app.ctx;
  let n = 0;
  return {
    app,
    ctx,
    config,
    testDb,
    client: (ip?: string) => new Client(app, ip),
    async user(o) {
      const created = await createUser(ctx, { password: PASSWORD, ...o });
      return { id: created.id, customerId: created.customerId };
    },
    async otherCustomer(name?: string) {
      n += 1;
      name ??= `Other customer ${n}`;
      const adminEmail = `admin${n}@other.example`;
      const created = await createUser(ctx, { email: adminEmail, password: PASSWORD, customerName: name, customerAdmin: true });
      return { customerId: created.customerId, adminEmail, adminId: created.id };
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: { name: string; value: string; maxAge?: number; httpOnly?: boolean; expires?: Date }[];
}

/** Keeps cookies between calls and echoes the CSRF cookie in X-CSRFToken, like the web app's client. */
export class Client {
  readonly jar = new Map<string, string>();
  csrf = true;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const h: Record<string, string> = { ...headers };
    if (cookie) h.cookie = cookie;
    if (this.csrf && !['GET', 'HEAD'].includes(method) && this.jar.has('csrftoken') && !('x-csrftoken' in h)) {
      h['x-csrftoken'] = this.jar.get('csrftoken')!;
    }
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: h,
      remoteAddress: this.ip,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const c of res.cookies as Reply['cookies']) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown = res.body;
    try {
      parsed = res.body ? JSON.parse(res.body) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.statusCode, body: parsed as T, headers: res.headers, cookies: res.cookies as Reply['cookies'] };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = Record<string, unknown>>(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  patch<T = Record<string, unknown>>(url: string, body: unknown) {
    return this.request<T>('PATCH', url, body);
  }

  /** check-authentication/ (sets the CSRF cookie) then sign-in. */
  async login(username: string, password: string, extra: Record<string, unknown> = {}) {
    if (!this.jar.has('csrftoken')) await this.get('/api/check-authentication/');
    return this.post('/api/auth/login/', { username, password, ...extra });
  }
}

export async function setFlags(ctx: AppContext, customerId: number, flags: string[]): Promise<void> {
  await ctx.db.update(customers).set({ featureFlags: flags }).where(eq(customers.id, customerId));
}

export async function userRow(ctx: AppContext, email: string) {
  const rows = await ctx.db.select().from(users).where(eq(users.email, email));
  return rows[0]!;
}
