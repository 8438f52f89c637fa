// How a message reaches each channel, in the shape its receiver documents: e-mail through the customer's SMTP server
// (or the installation's), Slack through an incoming webhook ({text, blocks}) or the Web API's chat.postMessage with a
// bot token (HTTP 200 with ok:false is a failure), Microsoft Teams through a Workflows webhook (an Adaptive Card in a
// message attachment; 200 or 202) or a retired Office 365 connector URL (a MessageCard; success is 200 with body "1"),
// generic webhooks: the JSON body signed with HMAC-SHA256 over "<timestamp>.<body>" (docs/notifications.md says
// how a receiver checks it), and SMS through the installation's SMS provider (one number per delivery, a short text).
// A failure throws with a short reason; the job queue retries (not when retrying cannot help: a final DeliveryError).
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import {
  isTeamsConnectorUrl,
  smtpSecurityOf,
  type DeliveryChannel,
  type NotificationEvent,
  type NotificationIntegration,
  type SmtpSecurity,
} from '@bulwark/core';
import type { Mailer } from '../../mail/mailer.ts';
import type { SmsSender } from '../../lib/sms.ts';
import type { OpenSettings } from './settings.ts';

/** What a notification says, whatever the channel. */
export interface Message {
  event: NotificationEvent;
  title: string;
  lines: string[];
  facts: [string, string][];
  link: string | null;
  /** E-mail: who gets it (and who is copied); SMS: the one phone number. */
  to?: string[];
  cc?: string[];
  /** Webhooks: the ids a receiver may want. */
  data?: Record<string, unknown>;
}

export interface ChannelDeps {
  mailer: Mailer;
  mailFrom: string;
  /** The Slack Web API base (a setting, so an installation or a test can point it at its own stand-in). */
  slackApiUrl: string;
  /** The installation's SMS provider (absent or not configured: an SMS delivery fails saying so). */
  sms?: Pick<SmsSender, 'configured' | 'send'>;
}

const TIMEOUT_MS = 10_000;

export class DeliveryError extends Error {
  /** final: trying again cannot help (nothing is configured to carry it), so the delivery ends failed at once. */
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message);
  }
}

export const SMS_NOT_CONFIGURED = 'SMS is not configured on this installation (BULWARK_SMS_URL)';
/** Three SMS segments at most: the title, the first facts and the link, cut with an ellipsis. */
export const SMS_MAX_CHARS = 459;

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new DeliveryError(`no answer from ${hostOf(url)} (${err instanceof Error ? err.message : String(err)})`);
  }
  const text = await res.text().catch(() => '');
  return { status: res.status, text };
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 60);
  }
}

const plain = (m: Message) =>
  [m.title, '', ...m.lines, ...m.facts.map(([k, v]) => `${k}: ${v}`), ...(m.link ? ['', m.link] : [])].join('\n');

/** The text of an SMS: the title, up to three facts, how many more, and the link; never longer than SMS_MAX_CHARS. */
export function smsText(m: Message): string {
  const facts = m.facts.slice(0, 3).map(([k, v]) => `${k}: ${v}`);
  const more = m.facts.length > 3 ? [`+${m.facts.length - 3} more`] : [];
  const text = [m.title, ...facts, ...more].join('\n');
  const link = m.link ? `\n${m.link}` : '';
  const room = SMS_MAX_CHARS - link.length;
  return (text.length > room ? `${text.slice(0, Math.max(0, room - 1))}…` : text) + link;
}

/** The Slack blocks of a message: a bold title, the lines, the facts and the link. */
export function slackPayload(m: Message): Record<string, unknown> {
  const facts = m.facts.map(([k, v]) => `*${k}:* ${v}`).join('\n');
  return {
    text: m.title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: m.title.slice(0, 150) } },
      ...(m.lines.length ? [{ type: 'section', text: { type: 'mrkdwn', text: m.lines.join('\n') } }] : []),
      ...(facts ? [{ type: 'section', text: { type: 'mrkdwn', text: facts } }] : []),
      ...(m.link
        ? [{ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Bulwark' }, url: m.link }] }]
        : []),
    ],
  };
}

/** A Workflows webhook's message: one Adaptive Card. */
export function teamsWorkflowPayload(m: Message): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...m.lines.map((text) => ({ type: 'TextBlock', text, wrap: true })),
            ...(m.facts.length ? [{ type: 'FactSet', facts: m.facts.map(([title, value]) => ({ title, value })) }] : []),
          ],
          actions: m.link ? [{ type: 'Action.OpenUrl', title: 'Open in Bulwark', url: m.link }] : [],
        },
      },
    ],
  };
}

/** A retired Office 365 connector's MessageCard. */
export function teamsConnectorPayload(m: Message): Record<string, unknown> {
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: m.title,
    title: m.title,
    text: m.lines.join('\n\n'),
    sections: m.facts.length ? [{ facts: m.facts.map(([name, value]) => ({ name, value })) }] : [],
    potentialAction: m.link ? [{ '@type': 'OpenUri', name: 'Open in Bulwark', targets: [{ os: 'default', uri: m.link }] }] : [],
  };
}

/** The signature headers of a webhook body: `X-Bulwark-Signature: sha256=<hex of HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const need = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || value === '') throw new DeliveryError(`the ${what} is not set`);
  return value;
};

/**
 * Sends a message through one channel (throws DeliveryError saying why when it does not arrive); answers 'stored' for
 * an e-mail kept in the outbox because no mail server is set, else 'sent'.
 */
export async function sendThrough(
  channel: DeliveryChannel,
  s: OpenSettings | null,
  m: Message,
  deps: ChannelDeps,
): Promise<'sent' | 'stored'> {
  if (channel === 'email') return sendEmail(s, m, deps);
  if (channel === 'sms') return sendSms(m, deps);
  await sendPost(channel, s, m, deps);
  return 'sent';
}

async function sendPost(
  channel: Exclude<NotificationIntegration, 'email'>,
  s: OpenSettings | null,
  m: Message,
  deps: ChannelDeps,
): Promise<void> {
  if (!s?.enabled) throw new DeliveryError(`the ${channel} integration is not enabled`);
  const url = typeof s.fields.url === 'string' ? s.fields.url : '';
  if (channel === 'slack') {
    if (url) {
      const r = await post(url, JSON.stringify(slackPayload(m)), {});
      if (r.status !== 200) throw new DeliveryError(`Slack answered ${r.status} ${r.text.slice(0, 100)}`);
      return;
    }
    const token = need(s.secrets.token, 'Slack bot token or webhook URL');
    const r = await post(
      `${deps.slackApiUrl.replace(/\/+$/, '')}/chat.postMessage`,
      JSON.stringify({ channel: need(s.fields.channel, 'Slack channel'), ...slackPayload(m) }),
      {
        authorization: `Bearer ${token}`,
      },
    );
    let answer: { ok?: boolean; error?: string } = {};
    try {
      answer = JSON.parse(r.text) as typeof answer;
    } catch {
      /* not JSON: judged by the status below */
    }
    if (r.status !== 200 || answer.ok !== true)
      throw new DeliveryError(`Slack answered ${r.status} ${answer.error ?? r.text.slice(0, 100)}`);
    return;
  }
  if (channel === 'teams') {
    need(url, 'Teams webhook URL');
    if (isTeamsConnectorUrl(url)) {
      const r = await post(url, JSON.stringify(teamsConnectorPayload(m)), {});
      if (r.status !== 200 || r.text.trim() !== '1') throw new DeliveryError(`Teams answered ${r.status} ${r.text.slice(0, 100)}`);
      return;
    }
    const r = await post(url, JSON.stringify(teamsWorkflowPayload(m)), {});
    if (r.status !== 200 && r.status !== 202) throw new DeliveryError(`Teams answered ${r.status} ${r.text.slice(0, 100)}`);
    return;
  }
  need(url, 'webhook URL');
  const timestamp = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify({
    event: m.event,
    title: m.title,
    lines: m.lines,
    facts: Object.fromEntries(m.facts),
    link: m.link,
    ...m.data,
    sent_at: new Date().toISOString(),
  });
  const headers: Record<string, string> = { 'x-bulwark-event': m.event, 'x-bulwark-timestamp': timestamp };
  if (s.secrets.token) headers['x-bulwark-signature'] = webhookSignature(s.secrets.token, timestamp, body);
  const r = await post(url, body, headers);
  if (r.status < 200 || r.status >= 300) throw new DeliveryError(`the webhook answered ${r.status} ${r.text.slice(0, 100)}`);
}

async function sendSms(m: Message, deps: ChannelDeps): Promise<'sent'> {
  const to = m.to?.[0];
  if (!to) throw new DeliveryError('no phone number', true);
  if (!deps.sms?.configured) throw new DeliveryError(SMS_NOT_CONFIGURED, true);
  try {
    await deps.sms.send(to, smsText(m));
  } catch (err) {
    throw new DeliveryError(`the SMS provider refused it (${err instanceof Error ? err.message : String(err)})`);
  }
  return 'sent';
}

async function sendEmail(s: OpenSettings | null, m: Message, deps: ChannelDeps): Promise<'sent' | 'stored'> {
  const to = m.to ?? [];
  if (to.length === 0) throw new DeliveryError('no recipient');
  const host = s?.enabled && typeof s.fields.host === 'string' ? s.fields.host : '';
  if (host) {
    // The customer's own SMTP server, over TLS from the start, or upgraded with STARTTLS (required, or when offered).
    const port = typeof s!.fields.port === 'number' ? s!.fields.port : null;
    const security = smtpSecurityOf(s!.fields.smtp_security as SmtpSecurity | null | undefined, port);
    const transport = nodemailer.createTransport({
      host,
      port: port ?? (security === 'tls' ? 465 : 587),
      secure: security === 'tls',
      requireTLS: security === 'require_starttls',
      auth:
        typeof s!.fields.username === 'string' && s!.fields.username
          ? { user: s!.fields.username, pass: s!.secrets.token ?? '' }
          : undefined,
      connectionTimeout: TIMEOUT_MS,
    });
    try {
      await transport.sendMail({
        from: typeof s!.fields.channel === 'string' && s!.fields.channel ? s!.fields.channel : deps.mailFrom,
        to,
        cc: m.cc,
        subject: m.title,
        text: plain(m),
      });
    } catch (err) {
      throw new DeliveryError(`the mail server refused it (${err instanceof Error ? err.message : String(err)})`);
    } finally {
      transport.close();
    }
    return 'sent';
  }
  let outcome: 'sent' | 'stored' = 'sent';
  for (const address of [...to, ...(m.cc ?? [])]) {
    const status = await deps.mailer.send({ to: address, subject: m.title, text: plain(m) });
    if (status === 'failed') throw new DeliveryError(`the mail server refused the message to ${address}`);
    if (status === 'stored') outcome = 'stored';
  }
  return outcome;
}
