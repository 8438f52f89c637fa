// Sends e-mail through SMTP_URL with nodemailer, and records every message in the outbox (the only delivery without SMTP).
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a stream is read once, while sending); the outbox records their names. */
  attachments?: { filename: string; content: Buffer | Readable; contentType?: string }[];
}

export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  /** Never throws for a delivery failure: the failure is recorded in the outbox and logged without the body; answers how it went. */
  async send(message: MailMessage): Promise<'stored' | 'sent' | 'failed'> {
    let status: 'stored' | 'sent' | 'failed' = 'stored';
    let error: string | null = null;
    if (this.transport) {
      try {
        await this.transport.sendMail({ from: this.from, ...message });
        status = 'sent';
        this.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      } catch (e) {
        status = 'failed';
        error = e instanceof Error ? e.message : String(e);
        this.log.error({ to: message.to, subject: message.subject, error }, 'mail delivery failed');
      }
    } else {
      // Without SMTP the outbox and this log line are the delivery (documented in README: development only).
      this.log.info({ to: message.to, subject: message.subject, body: message.text }, 'mail stored in outbox (SMTP_URL not set)');
    }
    await this.db.insert(outbox).values({
      recipient: message.to,
      subject: message.subject,
      body: message.attachments?.length
        ? `${message.text}\nAttachments: ${message.attachments.map((a) => a.filename).join(', ')}\n`
        : message.text,
      html: message.html ?? null,
      status,
      error,
    });
    return status;
  }

  close(): void {
    this.transport?.close();
  }
}
