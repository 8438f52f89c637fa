// The mail transport of a customer's phishing messages: its own e-mail integration (host, port, security, user and
// password) when it is enabled, else the installation's SMTP_URL; none at all is said plainly (the target fails).
import nodemailer, { type Transporter } from 'nodemailer';
import { smtpSecurityOf, type SmtpSecurity } from '@bulwark/core';
import type { AppContext } from '../../../context.ts';
import { openSettings } from '../../notifications/index.ts';

export const NO_TRANSPORT =
  'No mail server to send through: set up the e-mail integration (Integrations → E-mail) or SMTP_URL for the installation.';

const TIMEOUT_MS = 15_000;

export interface PhishingTransport {
  transport: Transporter;
  /** Where it goes: "integration" or "installation" (for the operator's log, never a secret). */
  via: 'integration' | 'installation';
}

/** The customer's transport, or null when there is none. The caller closes it. */
export async function transportFor(ctx: AppContext, customerId: number): Promise<PhishingTransport | null> {
  const s = await openSettings(ctx.db, ctx.secrets, customerId, 'email');
  const host = s?.enabled && typeof s.fields.host === 'string' ? s.fields.host : '';
  if (s && host) {
    const port = typeof s.fields.port === 'number' ? s.fields.port : null;
    const security = smtpSecurityOf(s.fields.smtp_security as SmtpSecurity | null | undefined, port);
    const username = typeof s.fields.username === 'string' ? s.fields.username : '';
    return {
      via: 'integration',
      transport: nodemailer.createTransport({
        host,
        port: port ?? (security === 'tls' ? 465 : 587),
        secure: security === 'tls',
        requireTLS: security === 'require_starttls',
        auth: username ? { user: username, pass: s.secrets.token ?? '' } : undefined,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      }),
    };
  }
  if (ctx.config.smtpUrl) return { via: 'installation', transport: nodemailer.createTransport(ctx.config.smtpUrl) };
  return null;
}

/** Permanent (5xx: the address or message was refused) or temporary (4xx, a connection that failed or timed out). */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
