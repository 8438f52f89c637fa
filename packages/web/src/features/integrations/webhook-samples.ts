// What a webhook receiver needs to know, as text the webhooks page shows: the headers Bulwark sends, an example body, and
// short Node.js and Python functions that check X-Bulwark-Signature (HMAC-SHA256 of "<timestamp>.<raw body>").
import { NOTIFICATION_EVENTS } from '@bulwark/core';

export const WEBHOOK_HEADERS: readonly { name: string; text: string }[] = [
  { name: 'X-Bulwark-Event', text: `What happened: ${NOTIFICATION_EVENTS.join(', ')}.` },
  {
    name: 'X-Bulwark-Timestamp',
    text: 'When the request was signed, in unix seconds. Refuse old ones (e.g. over 5 minutes) to stop replays.',
  },
  {
    name: 'X-Bulwark-Signature',
    text: 'sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the signing secret>. Sent only while a signing secret is set.',
  },
];

/** An example body (a finished scan); the fields besides event, title, lines, facts, link and sent_at vary by event. */
export const WEBHOOK_BODY_EXAMPLE = `{
  "event": "scan_finished",
  "title": "Scan finished: Office LAN — 1 new critical, 2 new high",
  "lines": ["3 new critical or high findings need a look."],
  "facts": { "Hosts up": "12 of 256", "Findings": "40", "New critical": "1", "New high": "2" },
  "link": "https://bulwark.example.com/scans/scans/view/nscan/42",
  "run": 42,
  "schedule": 7,
  "new_critical": 1,
  "new_high": 2,
  "sent_at": "2026-11-20T10:15:03.000Z"
}`;

export const NODE_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a Buffer), before any JSON parsing.
export function verifyBulwark(rawBody, headers, secret) {
  const timestamp = headers['x-bulwark-timestamp'] ?? '';
  const signature = headers['x-bulwark-signature'] ?? '';
  // Refuse stale or replayed requests: the timestamp is in unix seconds.
  if (!/^\\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = 'sha256=' + createHmac('sha256', secret).update(\`\${timestamp}.\`).update(rawBody).digest('hex');
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}`;

export const PYTHON_SAMPLE = `import hashlib, hmac, time

def verify_bulwark(raw_body: bytes, headers, secret: str) -> bool:
    """raw_body: the request body exactly as received, before any JSON parsing."""
    timestamp = headers.get("X-Bulwark-Timestamp", "")
    signature = headers.get("X-Bulwark-Signature", "")
    # Refuse stale or replayed requests: the timestamp is in unix seconds.
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256)
    return hmac.compare_digest(signature, "sha256=" + mac.hexdigest())`;
