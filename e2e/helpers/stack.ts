// The whole stack for browser tests: the real server (built web app, PGlite), a real SMTP server, an SMS receiver, Chromium.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openTestDatabase } from '../../packages/server/test/helpers/backends.ts';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Correct-Horse-42';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIR = path.join(root, 'packages/web/dist');
export const CHROMIUM = process.env.BULWARK_CHROMIUM ?? '/usr/bin/chromium';

export interface Mail {
  to: string[];
  raw: string;
}

export interface Stack {
  app: FastifyInstance;
  baseUrl: string;
  browser: Browser;
  mails: Mail[];
  sms: { to: string; message: string }[];
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

async function listen(server: Server | SMTPServer, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const addr = (server as Server).address?.() ?? (server as unknown as { server: Server }).server.address();
  return (addr as AddressInfo).port;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) throw new Error('The web app is not built: run `npm run build` (npm test does).');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (.ci/run does).`);

  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    // No reverse DNS of the client: this machine has no resolver to ask, and the lookup would stall delivery.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const smtpPort = await listen(smtp, '127.0.0.3');

  const sms: { to: string; message: string }[] = [];
  const smsServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      sms.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(202).end();
    });
  });
  const smsPort = await listen(smsServer, '127.0.0.2');

  // A copy of the migrated database the run's global set-up made (the app's migrator finds nothing to do).
  const { database } = await openTestDatabase('pglite', { migrated: true });
  const config = loadConfig({
    BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bulwark-e2e-')),
    BULWARK_ADMIN_EMAIL: ADMIN_EMAIL,
    BULWARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
    BULWARK_WEB_DIR: WEB_DIR,
    BULWARK_JOBS: 'on',
    BULWARK_FEEDS_SYNC: 'off',
    BULWARK_JOB_RETRY_SECONDS: '1',
    BULWARK_LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.3:${smtpPort}`,
    BULWARK_SMS_URL: `http://127.0.0.2:${smsPort}/sms`,
    PORT: '0',
    // The phishing listener on any free port of loopback (tests run side by side); its links use the bound address.
    BULWARK_PHISHING_HOST: '127.0.0.1',
    BULWARK_PHISHING_PORT: '0',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Links in mail must point at this server.
  app.ctx.config.publicUrl = baseUrl;

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  return {
    app,
    baseUrl,
    browser,
    mails,
    sms,
    async newPage() {
      const context = await browser.newContext({ baseURL: baseUrl });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await app.close();
      await database.close();
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => smsServer.close(() => r()));
    },
  };
}
