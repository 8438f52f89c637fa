// The proof through the whole stack: an administrator creates a recipient, a domain, a website phishing
// template and a web training with a video step through the API and starts an assessment; the message reaches the
// stack's SMTP server with its own token; a mail scanner's requests on the link (at once, HEAD, a scripted client, no
// script) are recorded as bots; with the clock past humanAfterSeconds the link opened in Chromium like a person is a
// click, the form submitted with a password stores no password, the training is completed in the browser, and the
// recipient's severity and its `pat` finding follow.
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fraEvents, fraTargets } from '../packages/server/src/db/schema/index.ts';
import { api } from './helpers/api.ts';
import { expect as pwExpect } from './helpers/expect.ts';
import { signInAsAdmin } from './helpers/sign-in.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PASSWORD = 'Winter2026!-never-stored';
const START = new Date('2026-09-01T08:00:00Z');
const LANDING = `<html><body><h1>Hi {{first_name}}, your mailbox is full</h1>
<form><label>Email <input name="email" value="{{email}}"></label><label>Password <input type="password" name="password"></label>
<button type="submit">Keep my mail</button></form></body></html>`;

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone, base64 parts decoded). */
function decoded(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...b64].join('\n');
}

/** A request as a mail scanner makes it: no cookies, no script, its own user agent. */
function scan(method: string, url: string, userAgent: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'user-agent': userAgent } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

let stack: Stack;
let admin: Page;
let now = START;

describe('a phishing assessment end to end', () => {
  beforeAll(async () => {
    stack = await startStack();
    stack.app.ctx.clock = () => now;
    admin = (await stack.newPage()).page;
    await signInAsAdmin(admin);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('sends, tells the scanner from the person, keeps no password, trains, and sets the severity and the pat finding', async () => {
    const recipient = await api<{ id: number; asset_id: number }>(admin, 'POST', '/api/fra/recipients/', {
      email: 'dana.doe@corp.example',
      first_name: 'Dana',
      last_name: 'Doe',
      department: 'Finance',
    });
    const domain = await api<{ id: number }>(admin, 'POST', '/api/fra/domains/', { name: 'mail.corp-it.example', purpose: 'both' });
    const template = await api<{ id: number }>(admin, 'POST', '/api/fra/phishing-templates/', {
      name: 'Mailbox full',
      template_type: 'website',
      sender_name: 'IT Service Desk',
      email_subject: 'Your mailbox is full, {{first_name}}',
      email_body: '<p>Hello {{first_name}}, <a href="{{link}}">keep your mail</a>.</p>',
      website_main_template: LANDING,
      website_response_template: '<p>Thank you</p>',
    });
    const training = await api<{ id: number; training_steps: { id: number }[] }>(admin, 'POST', '/api/fra/session-templates/', {
      name: 'Spotting phishing',
      session_type: 'website',
      section: 'training',
      accent_color: '#e8590c',
      training_steps: [
        {
          title: 'Watch this first',
          description: 'How a phishing page looks.',
          media: { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        },
        {
          title: 'Where do you type a password?',
          question_type: 'single_choice',
          question_options: [
            { id: 1, text: 'On a page a mail linked to', correct: false },
            { id: 2, text: 'Only on the address I typed myself', correct: true },
          ],
          correct_message: 'Right: type the address yourself.',
          incorrect_message: 'No: links in mail can lie.',
        },
      ],
    });
    const assessment = await api<{ uuid: string }>(admin, 'POST', '/api/fra/assessments/', {
      name: 'September check',
      phishing_templates: [template.id],
      recipients: { recipients: [recipient.id], tags: [], departments: [] },
      sender_domain: domain.id,
      training_template: training.id,
      training_trigger: 'submit',
      start: true,
    });

    // The message arrives with the recipient's own link.
    await pwExpect.poll(() => stack.mails.filter((m) => m.to.includes('dana.doe@corp.example')).length, 60_000).toBe(1);
    const mail = decoded(stack.mails.find((m) => m.to.includes('dana.doe@corp.example'))!.raw);
    const link = /(https?:\/\/[^\s"'<>]+\/l\/([A-Za-z0-9_-]{22}))/.exec(mail);
    expect(link, mail).not.toBeNull();
    const [, url, token] = link as unknown as [string, string, string];
    expect(mail).toContain('Hello Dana');
    const db = stack.app.ctx.db;
    // The sender records the message as sent once the SMTP server took it.
    const sentTarget = async () => (await db.select().from(fraTargets).where(eq(fraTargets.token, token)))[0];
    await pwExpect.poll(async () => (await sentTarget())?.sentAt?.toISOString() ?? null, 30_000).toBe(START.toISOString());
    const target = await sentTarget();

    // A mail scanner at once: HEAD, then a scripted GET. Both bots, with their reasons; nothing counted.
    expect(await scan('HEAD', url, 'Mozilla/5.0 (compatible; Proofpoint URL Defense)')).toBe(200);
    expect(await scan('GET', url, 'python-requests/2.32.3')).toBe(200);
    // The listener's requests (the sender's own sent and delivered events aside).
    const listened = async () =>
      (await db.select().from(fraEvents).where(eq(fraEvents.targetId, target!.id)).orderBy(fraEvents.id)).filter(
        (e) => !['sent', 'delivered', 'bounced'].includes(e.kind),
      );
    let events = await listened();
    expect(events.map((e) => [e.kind, e.human])).toEqual([
      ['clicked', false],
      ['clicked', false],
    ]);
    expect(events[0]!.botReasons).toEqual(expect.arrayContaining(['too_soon', 'head_request', 'scanner_agent', 'no_script']));
    expect(events[1]!.botReasons).toEqual(expect.arrayContaining(['too_soon', 'scanner_agent', 'no_script']));

    // A minute later the person opens the link in a browser: the page's script makes it a click.
    now = new Date(START.getTime() + 60_000);
    const context = await stack.browser.newContext({ userAgent: CHROME });
    context.setDefaultTimeout(15_000);
    const person = await context.newPage();
    const beacon = person.waitForResponse((r) => r.url().endsWith(`/l/${token}/b`));
    await person.goto(url, { waitUntil: 'domcontentloaded' });
    await person.getByRole('heading', { name: 'Hi Dana, your mailbox is full' }).waitFor();
    await person.mouse.move(40, 40);
    expect(await (await beacon).json()).toEqual({ counted: true });
    let row = (await db.select().from(fraTargets).where(eq(fraTargets.id, target!.id)))[0]!;
    expect(row.clickedAt).toEqual(now);
    expect(row.botEvents).toBe(2);

    // The form with a password: the training follows; no value is stored.
    now = new Date(START.getTime() + 90_000);
    await person.getByLabel('Password').fill(PASSWORD);
    await person.getByRole('button', { name: 'Keep my mail' }).click();
    await person.waitForURL(new RegExp(`/t/${token}$`));
    await person.getByRole('heading', { name: 'Watch this first' }).waitFor();
    expect(await person.locator('iframe').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    events = await listened();
    const submitted = events.find((e) => e.kind === 'submitted')!;
    expect(submitted.human).toBe(true);
    expect(submitted.details).toMatchObject({ fields: ['email', 'password'], password_fields: ['password'], password: true });
    const stored = JSON.stringify([await db.select().from(fraEvents), await db.select().from(fraTargets)]);
    expect(stored).not.toContain(PASSWORD);

    // The pat finding on the recipient's asset is open, critical (a password typed).
    type Findings = { count: number; results: { source: string; severity_label: string; asset: Record<string, unknown> }[] };
    const open = await api<Findings>(admin, 'GET', '/api/remediation/vulnerability-simple/?source=pat');
    expect(open.count).toBe(1);
    expect(open.results[0]).toMatchObject({ source: 'pat' });
    expect(open.results[0]!.severity_label).toMatch(/critical/i);

    // The training, in the browser: the video step, then the question, then finish.
    now = new Date(START.getTime() + 120_000);
    await person.getByRole('link', { name: 'Next' }).click();
    await person.getByRole('heading', { name: 'Where do you type a password?' }).waitFor();
    await person.getByLabel('Only on the address I typed myself').check();
    await person.getByRole('button', { name: 'Check answer' }).click();
    await person.getByText('Right: type the address yourself.').waitFor();
    await person.getByRole('button', { name: 'Finish the training' }).click();
    await person.getByText('Training completed. Your score: 100%').waitFor();
    row = (await db.select().from(fraTargets).where(eq(fraTargets.id, target!.id)))[0]!;
    expect(row).toMatchObject({ trainingScore: 100 });
    expect(row.trainingStartedAt).not.toBeNull();
    expect(row.trainingCompletedAt).not.toBeNull();
    await context.close();

    // The recipient's severity (a password typed: critical) and its pat finding, through the API.
    const after = await api<{ severity: number }>(admin, 'GET', `/api/fra/recipients/${recipient.id}/`);
    expect(after.severity).toBe(4);
    // Completing the training closes the finding (the severity stays: the person still fell for it).
    expect((await api<Findings>(admin, 'GET', '/api/remediation/vulnerability-simple/?source=pat')).count).toBe(0);
    expect((await api<Findings>(admin, 'GET', '/api/remediation/vulnerability-simple/?source=pat&finding_state=3')).count).toBe(1);
    expect(assessment.uuid).toBeTruthy();
  }, 180_000);
});
