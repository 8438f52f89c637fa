// The phishing listener over real HTTP on its own port: strict headers and no app cookies, the open pixel, a mail
// scanner's HEAD and immediate curl on the link (bots, with their reasons), a person's page view made a click by the
// page's beacon, a form with a password (field names only, no value anywhere in the database), a submission without
// the page's nonce (a bot), the training (answers, score, completion), unknown tokens (neutral 404, then 429), and
// events after the assessment ended (kept, not counted). Assessment and target rows are inserted as sending would.
import { request } from 'node:http';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assets,
  fraAssessments,
  fraEvents,
  fraPhishingTemplates,
  fraRecipients,
  fraSessionTemplates,
  fraTargets,
  fraTrainingSteps,
} from '../src/db/schema/index.ts';
import { trackingListenerOf } from '../src/modules/fra/index.ts';
import { trackingServeLoop } from '../src/modules/fra/tracking/serve.ts';
import { buildTrackingServer } from '../src/modules/fra/tracking/server.ts';
import { BACKENDS } from './helpers/backends.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SENT = new Date('2026-05-04T08:00:00Z');
const at = (s: number) => new Date(SENT.getTime() + s * 1000);
const SECRET = 'Sup3r-S3cret-Passw0rd!';
const HOST = '127.31.4.1';
const SCANNER = '127.31.4.9';

const MAIN = `<html><body><h1>Hello {{first_name}}</h1><p>Sign in to keep your mailbox, {{full_name}}.</p>
<form><input name="username"><input type="password" name="pw"><input name="remember"><button>Sign in</button></form></body></html>`;

interface Hit {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe.each(BACKENDS)('phishing listener on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let now = at(0);
  let assessmentId = 0;
  let endedAssessmentId = 0;
  let n = 0;
  const steps: Record<string, number> = {};

  function hit(method: string, path: string, o: { headers?: Record<string, string>; body?: string; from?: string } = {}): Promise<Hit> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}${path}`,
        { method, headers: { 'user-agent': CHROME, ...o.headers }, localAddress: o.from ?? '127.31.4.2' },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      if (o.body !== undefined) req.write(o.body);
      req.end();
    });
  }
  const json = (method: string, path: string, body: unknown) =>
    hit(method, path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const form = (path: string, fields: Record<string, string>) =>
    hit('POST', path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const pageNonce = (html: string) => /,N="([A-Za-z0-9_-]+)"/.exec(html)?.[1] ?? '';

  async function target(assessment = assessmentId, firstName = 'Alice') {
    n += 1;
    const email = `person${n}@example.com`;
    const [asset] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'recipient', type: 5, value: email, name: email, emailAddress: email })
      .returning();
    const [rec] = await t.ctx.db
      .insert(fraRecipients)
      .values({ customerId: 1, assetId: asset!.id, email, firstName, lastName: 'Doe' })
      .returning();
    const [tpl] = await t.ctx.db.select().from(fraPhishingTemplates).limit(1);
    const token = randomBytes(16).toString('base64url');
    const [row] = await t.ctx.db
      .insert(fraTargets)
      .values({ customerId: 1, assessmentId: assessment, recipientId: rec!.id, templateId: tpl!.id, token, state: 'sent', sentAt: SENT })
      .returning();
    return { id: row!.id, token };
  }
  const targetRow = async (id: number) => (await t.ctx.db.select().from(fraTargets).where(eq(fraTargets.id, id)))[0]!;
  const eventsOf = (id: number) => t.ctx.db.select().from(fraEvents).where(eq(fraEvents.targetId, id)).orderBy(fraEvents.id);

  beforeAll(async () => {
    t = await startTestApp(backend, { BULWARK_PHISHING_HOST: HOST, BULWARK_PHISHING_SCANNER_RANGES: `${SCANNER}/32, 203.0.113.0/24` });
    t.ctx.clock = () => now;
    base = trackingListenerOf(t.ctx)!.url;
    await t.ctx.db.insert(fraPhishingTemplates).values({
      customerId: 1,
      name: 'Mailbox full',
      templateType: 'website',
      senderName: 'IT',
      emailSubject: 'Your mailbox is full',
      emailBody: '<a href="{{link}}">Keep my mail</a>',
      websiteMainTemplate: MAIN,
      websiteResponseTemplate: '<p>Thanks {{first_name}}</p>',
    });
    const [training] = await t.ctx.db
      .insert(fraSessionTemplates)
      .values({
        customerId: 1,
        name: 'Spotting phishing',
        sessionType: 'website',
        section: 'training',
        accentColor: '#e8590c',
        colorScheme: 'dark',
      })
      .returning();
    const rows = await t.ctx.db
      .insert(fraTrainingSteps)
      .values([
        {
          templateId: training!.id,
          position: 0,
          title: 'Watch this',
          description: 'Phishing hides in plain sight.',
          media: { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' },
        },
        {
          templateId: training!.id,
          position: 1,
          title: 'Which link is safe?',
          questionType: 'single_choice',
          questionOptions: [
            { id: 1, text: 'The one in the mail', correct: false },
            { id: 2, text: 'The one you typed yourself', correct: true },
          ],
          correctMessage: 'Right: type the address yourself.',
          incorrectMessage: 'No: links in mail can lie.',
        },
        {
          templateId: training!.id,
          position: 2,
          title: 'Signs of phishing',
          questionType: 'multiple_choice',
          questionOptions: [
            { id: 1, text: 'Urgency', correct: true },
            { id: 2, text: 'A strange sender', correct: true },
            { id: 3, text: 'Your manager’s usual tone', correct: false },
          ],
          correctMessage: 'Yes.',
          incorrectMessage: 'Both urgency and the sender are signs.',
        },
      ])
      .returning();
    steps.intro = rows[0]!.id;
    steps.single = rows[1]!.id;
    steps.multiple = rows[2]!.id;
    const settings = {
      name: 'Q2',
      selection: { recipients: [], tags: [], departments: ['Sales'] },
      trainingTemplateId: training!.id,
      trainingTrigger: 'submit' as const,
    };
    const [a] = await t.ctx.db
      .insert(fraAssessments)
      .values({ customerId: 1, ...settings, state: 'running', sendStart: SENT, sendEnd: SENT })
      .returning();
    assessmentId = a!.id;
    const [ended] = await t.ctx.db
      .insert(fraAssessments)
      .values({ customerId: 1, ...settings, name: 'Old', state: 'cancelled' })
      .returning();
    endedAssessmentId = ended!.id;
  });
  afterAll(() => t?.close());

  it('answers on its own address with strict headers, no cookies and a filled, escaped landing page', async () => {
    expect(base).toMatch(/^http:\/\/127\.31\.4\.1:\d+$/);
    const tg = await target(assessmentId, '<b>Al</b>');
    now = at(120);
    const r = await hit('GET', `/l/${tg.token}`);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-robots-tag']).toContain('noindex');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['set-cookie']).toBeUndefined();
    const csp = String(r.headers['content-security-policy']);
    const scriptNonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(scriptNonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(r.body).toContain(`<script nonce="${scriptNonce}">`);
    expect(r.body).toContain('Hello &lt;b&gt;Al&lt;/b&gt;');
    expect(r.body).toContain('&lt;b&gt;Al&lt;/b&gt; Doe');
    // The application's own paths are not here.
    expect((await hit('GET', '/api/check-authentication/')).status).toBe(404);
    expect((await hit('GET', '/')).status).toBe(404);
  });

  it('the open pixel: a person’s open is counted once; an image proxy opens; a scanner’s fetch is a bot', async () => {
    const tg = await target();
    now = at(60);
    const r = await hit('GET', `/o/${tg.token}.gif`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/gif');
    now = at(90);
    await hit('GET', `/o/${tg.token}.gif`, { headers: { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' } });
    await hit('GET', `/o/${tg.token}.gif`, { from: SCANNER });
    const row = await targetRow(tg.id);
    expect(row.openedAt).toEqual(at(60));
    expect(row.botEvents).toBe(1);
    const ev = await eventsOf(tg.id);
    expect(ev.map((e) => [e.kind, e.human, e.botReasons])).toEqual([
      ['opened', true, []],
      ['opened', true, []],
      ['opened', false, ['scanner_address']],
    ]);
    expect(ev[1]!.details).toEqual({ proxy: 'googleimageproxy' });
    expect(ev[2]!.ip).toContain(SCANNER);
  });

  it('a mail scanner’s HEAD and immediate curl on the link are bots with their reasons; the click is not counted', async () => {
    const tg = await target();
    now = at(2);
    const head = await hit('HEAD', `/l/${tg.token}`);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const curl = await hit('GET', `/l/${tg.token}`, { headers: { 'user-agent': 'curl/8.5.0' } });
    expect(curl.status).toBe(200);
    const pre = await hit('GET', `/l/${tg.token}`, { headers: { 'sec-purpose': 'prefetch' } });
    expect(pre.status).toBe(200);
    const ev = await eventsOf(tg.id);
    expect(ev.map((e) => [e.kind, e.human, e.botReasons])).toEqual([
      ['clicked', false, ['too_soon', 'head_request', 'no_script']],
      ['clicked', false, ['too_soon', 'scanner_agent', 'no_script']],
      ['clicked', false, ['too_soon', 'prefetch', 'no_script']],
    ]);
    expect(ev[1]!.userAgent).toBe('curl/8.5.0');
    const row = await targetRow(tg.id);
    expect(row.clickedAt).toBeNull();
    expect(row.botEvents).toBe(3);
    // A scanner that runs the script too soon is still a bot: the beacon keeps its own reasons.
    const b = await json('POST', `/l/${tg.token}/b`, { nonce: pageNonce(curl.body), signal: 'visible' });
    expect(b.status).toBe(200);
    expect(JSON.parse(b.body)).toEqual({ counted: false });
    expect((await targetRow(tg.id)).clickedAt).toBeNull();
  });

  it('a person’s page view becomes a click when the page’s script calls back; both requests are kept as evidence', async () => {
    const tg = await target();
    now = at(45);
    const page = await hit('GET', `/l/${tg.token}`);
    expect((await targetRow(tg.id)).clickedAt).toBeNull();
    const [candidate] = await eventsOf(tg.id);
    expect(candidate).toMatchObject({ kind: 'clicked', human: false, botReasons: ['no_script'] });
    expect(JSON.stringify(candidate!.details)).not.toContain(pageNonce(page.body));
    expect((await json('POST', `/l/${tg.token}/b`, { nonce: 'x'.repeat(22), signal: 'pointerdown' })).status).toBe(404);
    now = at(47);
    const b = await json('POST', `/l/${tg.token}/b`, { nonce: pageNonce(page.body), signal: 'pointerdown' });
    expect(JSON.parse(b.body)).toEqual({ counted: true });
    const [click] = await eventsOf(tg.id);
    expect(click).toMatchObject({ kind: 'clicked', human: true, botReasons: [] });
    expect(click!.details).toMatchObject({
      method: 'GET',
      candidate: true,
      beacon: { signal: 'pointerdown', at: at(47).toISOString(), reasons: [] },
    });
    const row = await targetRow(tg.id);
    expect(row.clickedAt).toEqual(at(45));
    expect(row.botEvents).toBe(0);
    // The same beacon again changes nothing.
    await json('POST', `/l/${tg.token}/b`, { nonce: pageNonce(page.body), signal: 'keydown' });
    expect(await eventsOf(tg.id)).toHaveLength(1);
  });

  it('a form submission keeps the names of the filled fields and marks the password, never a value; training follows', async () => {
    const tg = await target();
    now = at(300);
    const page = await hit('GET', `/l/${tg.token}`);
    await json('POST', `/l/${tg.token}/b`, { nonce: pageNonce(page.body), signal: 'focusin' });
    now = at(320);
    const r = await form(`/l/${tg.token}`, {
      username: 'alice',
      pw: SECRET,
      pin_code: '',
      remember: 'on',
      _bw_nonce: pageNonce(page.body),
    });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe(`/t/${tg.token}`);
    const ev = (await eventsOf(tg.id)).find((e) => e.kind === 'submitted')!;
    expect(ev.human).toBe(true);
    expect(ev.details).toEqual({ fields: ['username', 'pw', 'remember'], password_fields: ['pw'], password: true, nonce: 'valid' });
    expect((await targetRow(tg.id)).submittedAt).toEqual(at(320));
    // Nothing typed is stored anywhere: not the password, not the user name.
    const everything = JSON.stringify([await t.ctx.db.select().from(fraEvents), await t.ctx.db.select().from(fraTargets)]);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('alice');
  });

  it('a submission without the page’s nonce is a bot’s (no_script) and not counted', async () => {
    const tg = await target();
    now = at(400);
    const r = await form(`/l/${tg.token}`, { username: 'bob', password: SECRET });
    expect(r.status).toBe(303);
    const [ev] = await eventsOf(tg.id);
    expect(ev).toMatchObject({ kind: 'submitted', human: false, botReasons: ['no_script'] });
    expect(ev!.details).toMatchObject({ fields: ['username', 'password'], password: true, nonce: 'missing' });
    const wrong = await form(`/l/${tg.token}`, { username: 'bob', _bw_nonce: 'y'.repeat(22) });
    expect(wrong.status).toBe(303);
    const row = await targetRow(tg.id);
    expect(row.submittedAt).toBeNull();
    expect(row.botEvents).toBe(2);
    expect(JSON.stringify(await eventsOf(tg.id))).not.toContain(SECRET);
  });

  it('the training: steps one at a time, answers checked, completion with the score', async () => {
    const tg = await target();
    now = at(600);
    const page = await hit('GET', `/t/${tg.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Watch this');
    expect(page.body).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(page.body).toContain('color-scheme:dark');
    expect(page.body).toContain('#e8590c');
    expect(String(page.headers['content-security-policy'])).toContain('https://www.youtube-nocookie.com');
    expect((await targetRow(tg.id)).trainingStartedAt).toEqual(at(600));
    const q = await hit('GET', `/t/${tg.token}?step=1`);
    expect(q.body).toContain('Which link is safe?');
    expect(q.body).toMatch(/<legend>Question<\/legend><label><input type="radio" name="option" value="1">/);

    const noQuestion = await json('POST', `/t/${tg.token}/answer`, { step: steps.intro, options: [1] });
    expect(noQuestion.status).toBe(400);
    expect(JSON.parse(noQuestion.body)).toEqual({ step: ['This step has no question to answer.'] });
    const two = await json('POST', `/t/${tg.token}/answer`, { step: steps.single, options: [1, 2] });
    expect(JSON.parse(two.body)).toEqual({ options: ['Choose one answer.'] });
    const unknown = await json('POST', `/t/${tg.token}/answer`, { step: steps.single, options: [9] });
    expect(JSON.parse(unknown.body)).toEqual({ options: ['Choose among the answers shown.'] });

    const early = await json('POST', `/t/${tg.token}/complete`, {});
    expect(early.status).toBe(400);
    expect(JSON.parse(early.body)).toMatchObject({ detail: 'Answer every question first.', unanswered: [steps.single, steps.multiple] });

    const wrong = await json('POST', `/t/${tg.token}/answer`, { step: steps.single, options: [1] });
    expect(JSON.parse(wrong.body)).toMatchObject({ correct: false, message: 'No: links in mail can lie.' });
    const partly = await json('POST', `/t/${tg.token}/answer`, { step: steps.multiple, options: [1] });
    expect(JSON.parse(partly.body)).toMatchObject({ correct: false });
    const right = await json('POST', `/t/${tg.token}/answer`, { step: steps.multiple, options: [2, 1] });
    expect(JSON.parse(right.body)).toMatchObject({ correct: true, message: 'Yes.' });

    now = at(700);
    const done = await json('POST', `/t/${tg.token}/complete`, {});
    expect(JSON.parse(done.body)).toEqual({ score: 50, completed: true });
    const row = await targetRow(tg.id);
    expect(row).toMatchObject({ trainingScore: 50, trainingCompletedAt: at(700) });
    expect(row.trainingAnswers).toEqual({ [steps.single]: [1], [steps.multiple]: [2, 1] });
    // Completed: the score is final.
    await json('POST', `/t/${tg.token}/answer`, { step: steps.single, options: [2] });
    expect(JSON.parse((await json('POST', `/t/${tg.token}/complete`, {})).body)).toEqual({ score: 50, completed: true });
    const kinds = (await eventsOf(tg.id)).map((e) => [e.kind, e.human]);
    expect(kinds).toContainEqual(['training_completed', true]);
  });

  it('reporting the message counts, by GET or POST', async () => {
    const tg = await target();
    now = at(900);
    const r = await hit('POST', `/r/${tg.token}`, { headers: { accept: 'application/json' } });
    expect(JSON.parse(r.body)).toEqual({ reported: true });
    expect((await hit('GET', `/r/${tg.token}`)).body).toContain('Thank you for reporting');
    expect((await targetRow(tg.id)).reportedAt).toEqual(at(900));
  });

  it('after the assessment ended, requests are kept as after_end and count for nothing', async () => {
    const tg = await target(endedAssessmentId);
    now = at(1000);
    const page = await hit('GET', `/l/${tg.token}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Sign in');
    await hit('GET', `/o/${tg.token}.gif`);
    await form(`/l/${tg.token}`, { username: 'carol', pw: SECRET });
    const ev = await eventsOf(tg.id);
    expect(ev).toHaveLength(3);
    for (const e of ev) expect(e.details).toMatchObject({ after_end: true });
    expect(ev.every((e) => !e.human)).toBe(true);
    const row = await targetRow(tg.id);
    expect([row.openedAt, row.clickedAt, row.submittedAt, row.botEvents]).toEqual([null, null, null, 0]);
    // The training is not offered after the end of a cancelled assessment's tracking.
    const after = await form(`/l/${tg.token}`, { username: 'carol' });
    expect(after.headers.location).toBeUndefined();
  });

  it('an unknown token is the neutral 404; guessing many from one address is answered 429 for every token', async () => {
    const tg = await target();
    const from = '127.31.4.20';
    const miss = await hit('GET', `/l/${'z'.repeat(22)}`, { from });
    expect(miss.status).toBe(404);
    expect(miss.body).toContain('This page is not available.');
    expect((await hit('GET', '/o/short.gif', { from })).status).toBe(404);
    for (let i = 0; i < 28; i++) await hit('GET', `/t/${randomBytes(16).toString('base64url')}`, { from });
    const blocked = await hit('GET', `/l/${tg.token}`, { from });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await eventsOf(tg.id)).toHaveLength(0);
    // Another address is not affected, and a minute later the guesser may ask again.
    expect((await hit('GET', `/l/${tg.token}`)).status).toBe(200);
    now = new Date(now.getTime() + 61_000);
    expect((await hit('GET', `/l/${tg.token}`, { from })).status).toBe(200);
  });

  it('a port already taken is logged and the application carries on without a second listener', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.31.4.3', resolve));
    const port = (blocker.address() as { port: number }).port;
    const errors: unknown[] = [];
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, phishing: { ...t.ctx.config.phishing, host: '127.31.4.3', port } },
      log: { ...t.ctx.log, error: (...a: unknown[]) => errors.push(a) },
    } as typeof t.ctx;
    await expect(trackingServeLoop(ctx)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(trackingListenerOf(ctx)).toBeUndefined();
    await new Promise((resolve) => blocker.close(resolve));
  });

  it('behind a trusted reverse proxy the forwarded address is judged; from anyone else X-Forwarded-For is ignored', async () => {
    const judged = async (trustedProxies: string[]) => {
      const tg = await target();
      now = at(600);
      const ctx = { ...t.ctx, config: { ...t.ctx.config, phishing: { ...t.ctx.config.phishing, trustedProxies } } } as typeof t.ctx;
      const server = buildTrackingServer(ctx);
      const r = await server.inject({
        method: 'GET',
        url: `/o/${tg.token}.gif`,
        remoteAddress: '127.0.0.1',
        headers: { 'user-agent': CHROME, 'x-forwarded-for': SCANNER },
      });
      await server.close();
      expect(r.statusCode).toBe(200);
      const [e] = await eventsOf(tg.id);
      return { ip: e!.ip, reasons: e!.botReasons };
    };
    expect(await judged(['127.0.0.1'])).toEqual({ ip: SCANNER, reasons: ['scanner_address'] });
    expect(await judged([])).toEqual({ ip: '127.0.0.1', reasons: [] });
  });
});
