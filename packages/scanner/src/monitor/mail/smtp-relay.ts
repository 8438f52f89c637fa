// The open-relay test: an outside sender to an outside recipient, after EHLO. A 2xx to RCPT means the server would
// carry anyone's mail to anywhere. The session is reset there: DATA is never sent, so no message ever leaves.
import type { MonitorCheck } from '@bulwark/core';
import { replyText, type SmtpConnection } from './smtp-client.ts';

/** Addresses at the reserved example domains (RFC 2606): nobody receives them. */
export const RELAY_SENDER = 'bulwark-relay-test@example.com';
export const RELAY_RECIPIENT = 'bulwark-relay-test@example.net';

export async function relayVerdict(conn: SmtpConnection, target: string): Promise<MonitorCheck> {
  const check = 'open_relay';
  const from = await conn.command(`MAIL FROM:<${RELAY_SENDER}>`);
  if (from.code >= 300) {
    await conn.command('RSET').catch(() => undefined);
    return {
      check,
      target,
      status: 'pass',
      detail: `The server refused the outside sender ${RELAY_SENDER} ("${replyText(from)}"), so it does not relay for it.`,
      value: { mail_from: replyText(from) },
    };
  }
  const rcpt = await conn.command(`RCPT TO:<${RELAY_RECIPIENT}>`);
  await conn.command('RSET').catch(() => undefined);
  const value = { mail_from: replyText(from), rcpt_to: replyText(rcpt) };
  if (rcpt.code < 300)
    return {
      check,
      target,
      status: 'fail',
      detail: `The server is an open relay: it accepted mail from ${RELAY_SENDER} to ${RELAY_RECIPIENT} ("${replyText(rcpt)}"; nothing was sent). Allow relaying only for your own networks or authenticated users.`,
      value,
    };
  const how = rcpt.code < 500 ? 'refused for now' : 'refused';
  return {
    check,
    target,
    status: 'pass',
    detail: `The server ${how} to relay from ${RELAY_SENDER} to ${RELAY_RECIPIENT} ("${replyText(rcpt)}").`,
    value,
  };
}
