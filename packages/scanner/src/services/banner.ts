// Services that speak first: FTP, SMTP, POP3, IMAP, MySQL/MariaDB, VNC, Telnet, rsync, NATS (SSH is in ssh.ts).
import { parseNatsInfo } from './brokers.ts';
import { printable, text, type ServiceConnection } from './conn.ts';
import type { Found } from './result.ts';

/** A complete reply of a line-based protocol with "NNN-" continuation lines (FTP, SMTP). */
export function completeReply(buf: Buffer): boolean {
  const lines = buf.toString('latin1').split(/\r?\n/);
  if (lines.length < 2) return false;
  lines.pop();
  return lines.some((l) => /^\d{3}(?: |$)/.test(l));
}

function replyText(buf: Buffer): string {
  return text(buf)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .join('\n');
}

// ---------------------------------------------------------------- FTP

export function ftpProduct(banner: string): { product?: string; version?: string } {
  let m = /vsFTPd ([\d.]+)/i.exec(banner);
  if (m) return { product: 'vsftpd', version: m[1] };
  m = /ProFTPD(?: ([\d.]+[a-z]?))?/i.exec(banner);
  if (m) return { product: 'ProFTPD', version: m[1] };
  m = /Pure-FTPd/i.exec(banner);
  if (m) return { product: 'Pure-FTPd' };
  m = /FileZilla Server(?: version)? ([\d.]+(?: beta)?)/i.exec(banner);
  if (m) return { product: 'FileZilla ftpd', version: m[1] };
  m = /Microsoft FTP Service/i.exec(banner);
  if (m) return { product: 'Microsoft ftpd' };
  return {};
}

// ---------------------------------------------------------------- SMTP

export function smtpProduct(banner: string): { product?: string; version?: string } {
  let m = /Postfix/i.exec(banner);
  if (m) return { product: 'Postfix smtpd' };
  m = /Exim ([\d.]+)/i.exec(banner);
  if (m) return { product: 'Exim smtpd', version: m[1] };
  m = /Sendmail ([\d.]+)/i.exec(banner);
  if (m) return { product: 'Sendmail', version: m[1] };
  m = /Microsoft ESMTP MAIL Service/i.exec(banner);
  if (m) return { product: 'Microsoft Exchange smtpd' };
  m = /OpenSMTPD/i.exec(banner);
  if (m) return { product: 'OpenSMTPD' };
  return {};
}

/** EHLO reply lines -> extensions (keyword and parameters), e.g. ["PIPELINING", "SIZE 10240000", "STARTTLS"]. */
export function parseEhlo(reply: string): string[] {
  const lines = reply.split(/\r?\n/).filter((l) => /^250[ -]/.test(l));
  return lines
    .slice(1)
    .map((l) => l.slice(4).trim())
    .filter(Boolean);
}

async function smtp(conn: ServiceConnection, banner: string, timeoutMs: number, signal?: AbortSignal): Promise<Found | undefined> {
  conn.consume();
  conn.write('EHLO bulwark.invalid\r\n');
  const reply = replyText(await conn.read(completeReply, timeoutMs, signal));
  if (!/^250/m.test(reply)) {
    if (/^(5\d\d|421)/.test(reply) && /smtp|mail/i.test(banner)) return { name: 'smtp', banner, ...smtpProduct(banner), extra: {} };
    return undefined;
  }
  const extensions = parseEhlo(reply);
  conn.consume();
  conn.write('QUIT\r\n');
  return {
    name: 'smtp',
    banner,
    ...smtpProduct(banner + '\n' + reply),
    extra: { extensions, starttls: extensions.some((e) => /^STARTTLS\b/i.test(e)) },
  };
}

// ---------------------------------------------------------------- POP3 / IMAP

function pop3Product(banner: string): { product?: string; version?: string } {
  if (/Dovecot/i.test(banner)) return { product: 'Dovecot pop3d' };
  if (/Courier/i.test(banner)) return { product: 'Courier pop3d' };
  const m = /Cyrus POP3 v?([\d.]+)/i.exec(banner);
  if (m) return { product: 'Cyrus pop3d', version: m[1] };
  return {};
}

function imapProduct(banner: string): { product?: string; version?: string } {
  if (/Dovecot/i.test(banner)) return { product: 'Dovecot imapd' };
  if (/Courier-IMAP/i.test(banner)) return { product: 'Courier Imapd' };
  const m = /Cyrus IMAP v?([\d.]+)/i.exec(banner);
  if (m) return { product: 'Cyrus imapd', version: m[1] };
  return {};
}

async function pop3(conn: ServiceConnection, banner: string, timeoutMs: number, signal?: AbortSignal): Promise<Found> {
  conn.consume();
  conn.write('CAPA\r\n');
  const reply = replyText(await conn.read((b) => /(^|\n)\.\r?\n|^-ERR.*\n/.test(b.toString('latin1')), timeoutMs, signal));
  const capabilities = reply.startsWith('+OK')
    ? reply
        .split('\n')
        .slice(1)
        .filter((l) => l !== '.' && l !== '')
    : [];
  conn.write('QUIT\r\n');
  return {
    name: 'pop3',
    banner,
    ...pop3Product(banner),
    extra: { capabilities, starttls: capabilities.some((c) => /^STLS\b/i.test(c)) },
  };
}

async function imap(conn: ServiceConnection, banner: string, timeoutMs: number, signal?: AbortSignal): Promise<Found> {
  conn.consume();
  conn.write('a1 CAPABILITY\r\n');
  const reply = replyText(await conn.read((b) => /(^|\n)a1 /.test(b.toString('latin1')), timeoutMs, signal));
  const capLine = /^\* CAPABILITY (.*)$/im.exec(reply)?.[1] ?? /\[CAPABILITY ([^\]]*)\]/i.exec(banner)?.[1] ?? '';
  const capabilities = capLine.split(/\s+/).filter(Boolean);
  conn.write('a2 LOGOUT\r\n');
  return {
    name: 'imap',
    banner,
    ...imapProduct(banner),
    extra: { capabilities, starttls: capabilities.some((c) => /^STARTTLS$/i.test(c)) },
  };
}

// ---------------------------------------------------------------- MySQL / MariaDB

/** Parses a MySQL protocol-10 initial handshake packet (or an error packet, which still says MySQL). */
export function parseMysqlHandshake(buf: Buffer): Found | undefined {
  if (buf.length < 5) return undefined;
  const len = buf.readUIntLE(0, 3);
  if (len < 1 || len > 0xffff || buf[3] !== 0 || buf.length < 4 + Math.min(len, 8)) return undefined;
  const body = buf.subarray(4, 4 + len);
  if (body[0] === 0x0a) {
    const nul = body.indexOf(0, 1);
    if (nul < 2) return undefined;
    const raw = body.toString('latin1', 1, nul);
    if (!/^\d+\.\d+/.test(raw)) return undefined;
    const extra: Record<string, unknown> = { protocol: 10, serverVersion: raw };
    if (body.length >= nul + 5) extra.connectionId = body.readUInt32LE(nul + 1);
    // MariaDB prefixes "5.5.5-" so that old clients accept it.
    const mariadb = /mariadb/i.test(raw);
    const version = (mariadb ? raw.replace(/^5\.5\.5-/, '') : raw).replace(/-MariaDB.*$/i, '').replace(/-.*$/, '');
    return { name: 'mysql', product: mariadb ? 'MariaDB' : 'MySQL', version, banner: printable(buf.subarray(0, 4 + len)), extra };
  }
  if (body[0] === 0xff && body.length > 3) {
    const message = body.toString('latin1', 3).replace(/^#\w{5}/, '');
    if (!/mysql|mariadb|host|allowed|connect/i.test(message)) return undefined;
    return { name: 'mysql', product: /mariadb/i.test(message) ? 'MariaDB' : 'MySQL', banner: printable(buf), extra: { error: message } };
  }
  return undefined;
}

// ---------------------------------------------------------------- VNC / Telnet

export function parseRfb(banner: string): Found | undefined {
  const m = /^RFB (\d{3})\.(\d{3})\n?/.exec(banner);
  if (!m) return undefined;
  const protocol = `${Number(m[1])}.${Number(m[2])}`;
  return { name: 'vnc', banner: banner.trim(), extra: { protocol } };
}

const TELNET_OPTIONS: Record<number, string> = {
  0: 'binary',
  1: 'echo',
  3: 'suppress-go-ahead',
  5: 'status',
  24: 'terminal-type',
  31: 'window-size',
  32: 'terminal-speed',
  33: 'remote-flow-control',
  34: 'linemode',
  35: 'x-display',
  36: 'environment',
  39: 'new-environment',
};
const TELNET_VERBS: Record<number, string> = { 251: 'WILL', 252: 'WONT', 253: 'DO', 254: 'DONT' };

/** Telnet negotiation (IAC WILL/WONT/DO/DONT …) at the start of the stream. */
export function parseTelnet(buf: Buffer): Found | undefined {
  if (buf.length < 3 || buf[0] !== 0xff || !(buf[1] >= 251 && buf[1] <= 254)) return undefined;
  const negotiation: string[] = [];
  let i = 0;
  let rest = '';
  while (i < buf.length) {
    if (buf[i] === 0xff && i + 2 < buf.length + 1 && TELNET_VERBS[buf[i + 1]]) {
      const opt = buf[i + 2];
      negotiation.push(`${TELNET_VERBS[buf[i + 1]]} ${TELNET_OPTIONS[opt] ?? opt}`);
      i += 3;
    } else if (buf[i] === 0xff && buf[i + 1] === 250) {
      const se = buf.indexOf(Buffer.from([0xff, 240]), i);
      i = se < 0 ? buf.length : se + 2;
    } else {
      rest += String.fromCharCode(buf[i]);
      i++;
    }
  }
  const banner = rest.replace(/[^\x20-\x7e\r\n]/g, '').trim();
  return { name: 'telnet', banner: banner || printable(buf), extra: { negotiation } };
}

// ---------------------------------------------------------------- rsync

/** The rsync daemon greets with "@RSYNCD: <protocol>[.<sub>] [digests…]". */
export function parseRsync(banner: string): Found | undefined {
  const m = /^@RSYNCD: (\d+(?:\.\d+)?)(?: ([^\r\n]*))?\r?\n/.exec(banner);
  if (!m) return undefined;
  const digests = (m[2] ?? '').split(' ').filter(Boolean);
  return { name: 'rsync', banner: m[0].trim(), extra: { protocol: m[1], digests } };
}

// ---------------------------------------------------------------- dispatch

/**
 * Identifies a service from what it sent unprompted (already in `conn.buffer`), continuing the
 * conversation where the protocol allows (EHLO, CAPA, CAPABILITY). Undefined when nothing matches.
 */
export async function identifyBanner(conn: ServiceConnection, timeoutMs: number, signal?: AbortSignal): Promise<Found | undefined> {
  const buf = conn.buffer;
  const mysql = parseMysqlHandshake(buf);
  if (mysql) return mysql;
  const telnet = parseTelnet(buf);
  if (telnet) return telnet;
  const first = buf.toString('latin1', 0, Math.min(buf.length, 2048));
  const rfb = parseRfb(first);
  if (rfb) return rfb;
  const other = parseRsync(first) ?? parseNatsInfo(first);
  if (other) return other;
  // vsftpd refuses a session it cannot serve with "500 OOPS: <reason>" instead of its 220 greeting.
  if (/^500 OOPS: /.test(first)) return { name: 'ftp', product: 'vsftpd', banner: text(buf), extra: { error: first.slice(10).trim() } };
  if (/^\+OK/.test(first)) {
    const banner = first.split(/\r?\n/)[0].trim();
    return pop3(conn, banner, timeoutMs, signal);
  }
  if (/^\* (OK|PREAUTH)/i.test(first)) {
    const banner = first.split(/\r?\n/)[0].trim();
    return imap(conn, banner, timeoutMs, signal);
  }
  if (/^(220|421|554)[ -]/.test(first)) {
    await conn.read(completeReply, timeoutMs, signal);
    const banner = replyText(conn.buffer);
    const ftp = ftpProduct(banner);
    if (ftp.product || /\bftp/i.test(banner)) {
      conn.write('QUIT\r\n');
      return { name: 'ftp', banner, ...ftp, extra: {} };
    }
    // SMTP and FTP both greet with 220: EHLO tells them apart.
    const smtpFound = await smtp(conn, banner, timeoutMs, signal);
    if (smtpFound) return smtpFound;
    // A greeting that says SMTP is SMTP on any port, even when EHLO goes unanswered (a slow or tarpitting server).
    if (smtpGreeting(banner)) return { name: 'smtp', banner, ...smtpProduct(banner), extra: {} };
    // Only an FTP answer makes an unmarked 220 greeting FTP: never name a protocol whose dialogue was not seen.
    if (/^220/.test(banner) && (await answersFtp(conn, timeoutMs, signal))) return { name: 'ftp', banner, extra: {} };
  }
  return undefined;
}

/** Whether a 220 greeting names SMTP itself ("ESMTP", "SMTP", or a known mail server). */
function smtpGreeting(banner: string): boolean {
  return /\bE?SMTP\b/i.test(banner) || smtpProduct(banner).product !== undefined;
}

/** Whether the server answers USER as an FTP server does (331 password needed, 230 logged in, 530 refused). */
async function answersFtp(conn: ServiceConnection, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  conn.consume();
  conn.write('USER anonymous\r\n');
  const reply = replyText(await conn.read(completeReply, timeoutMs, signal));
  if (!/^(331|230|530|332)[ -]/m.test(reply)) return false;
  conn.write('QUIT\r\n');
  return true;
}
