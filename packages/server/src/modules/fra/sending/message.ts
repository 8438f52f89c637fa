// One recipient's phishing message: the template's subject and body with the recipient's placeholders filled, their
// own tracked link ({{link}} → base/l/token), the open pixel (base/o/token.gif) at the end of the HTML, a plain-text
// alternative, and the headers (Message-ID, X-Bulwark-Assessment, X-Bulwark-Token — see docs/phishing-sending.md).
import { fillPlaceholders, type TemplateVars } from '@bulwark/core';
import { trackingLinks } from '../tracking/links.ts';

export interface MessageInput {
  token: string;
  messageId: string;
  assessmentUuid: string;
  base: string;
  senderDomain: string;
  template: { senderName: string; senderLocalPart: string; emailSubject: string; emailBody: string };
  recipient: { email: string; firstName: string; lastName: string; department: string; jobTitle: string };
  now: Date;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A readable text version of the HTML body: links kept as "text (url)", blocks on their own lines. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, '').trim();
      return label && label !== href ? `${label} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The nodemailer message of one target. */
export function composeMessage(m: MessageInput) {
  const { link, pixel: pixelUrl } = trackingLinks(m.base, m.token);
  const r = m.recipient;
  const vars: TemplateVars = {
    first_name: r.firstName,
    last_name: r.lastName,
    full_name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    email: r.email,
    department: r.department,
    job_title: r.jobTitle,
    link,
    sender_name: m.template.senderName,
    date: m.now.toISOString().slice(0, 10),
  };
  const body = fillPlaceholders(m.template.emailBody, vars, true);
  // A body written as plain text is shown as text in the HTML part (its line breaks kept).
  const htmlBody = /<[a-z][\s\S]*>/i.test(body) ? body : body.replace(/\n/g, '<br>\n');
  const pixel = `<img src="${pixelUrl}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  const html = /<\/body>/i.test(htmlBody) ? htmlBody.replace(/<\/body>/i, `${pixel}</body>`) : `${htmlBody}\n${pixel}`;
  const address = `${m.template.senderLocalPart}@${m.senderDomain}`;
  return {
    from: { name: m.template.senderName || address, address },
    to: r.email,
    subject: fillPlaceholders(m.template.emailSubject, vars, false),
    html,
    text: textOf(fillPlaceholders(m.template.emailBody, vars, true)),
    messageId: m.messageId,
    headers: { 'X-Bulwark-Assessment': m.assessmentUuid, 'X-Bulwark-Token': m.token },
  };
}
