// SSH: the identification string (RFC 4253 §4.2) and the server's KEXINIT, read from its first binary packet.
import type { ServiceConnection } from './conn.ts';
import type { Found } from './result.ts';

const CLIENT_IDENT = 'SSH-2.0-Bulwark_Scanner\r\n';

export interface SshIdent {
  protocol: string;
  software: string;
  comment?: string;
}

/** Parses "SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6". */
export function parseSshIdent(line: string): SshIdent | undefined {
  const m = /^SSH-(\d+\.\d+)-(\S+)(?: (.*))?$/.exec(line.trim());
  if (!m) return undefined;
  return { protocol: m[1], software: m[2], comment: m[3]?.trim() || undefined };
}

/** Product and version from the software part of the identification string. */
export function sshProduct(software: string): { product?: string; version?: string } {
  let m = /^OpenSSH_([\w.]+)/i.exec(software);
  if (m) return { product: 'OpenSSH', version: m[1] };
  m = /^dropbear_([\w.]+)/i.exec(software);
  if (m) return { product: 'Dropbear sshd', version: m[1] };
  m = /^libssh[-_]([\w.]+)/i.exec(software);
  if (m) return { product: 'libssh', version: m[1] };
  m = /^ssh2js([\d.]+)/i.exec(software);
  if (m) return { product: 'ssh2 (Node.js)', version: m[1] };
  m = /^([A-Za-z][\w-]*?)[_-]v?(\d[\w.]*)$/.exec(software);
  if (m) return { product: m[1], version: m[2] };
  return { product: software };
}

export interface KexInit {
  kex: string[];
  hostKey: string[];
  encryptionClientToServer: string[];
  encryptionServerToClient: string[];
  macClientToServer: string[];
  macServerToClient: string[];
  compressionClientToServer: string[];
  compressionServerToClient: string[];
}

const KEXINIT_FIELDS: (keyof KexInit)[] = [
  'kex',
  'hostKey',
  'encryptionClientToServer',
  'encryptionServerToClient',
  'macClientToServer',
  'macServerToClient',
  'compressionClientToServer',
  'compressionServerToClient',
];

/** Parses the SSH_MSG_KEXINIT payload (message 20: cookie, then ten name-lists). */
export function parseKexInit(payload: Buffer): KexInit | undefined {
  if (payload.length < 17 || payload[0] !== 20) return undefined;
  let off = 17;
  const out: Partial<KexInit> = {};
  for (const field of KEXINIT_FIELDS) {
    if (off + 4 > payload.length) return undefined;
    const len = payload.readUInt32BE(off);
    off += 4;
    if (off + len > payload.length) return undefined;
    const list = payload.toString('latin1', off, off + len);
    off += len;
    out[field] = list === '' ? [] : list.split(',');
  }
  return out as KexInit;
}

/** Length of a complete first binary packet at `off`, or undefined while incomplete. */
function packetPayload(buf: Buffer, off: number): Buffer | undefined {
  if (buf.length < off + 5) return undefined;
  const packetLength = buf.readUInt32BE(off);
  if (packetLength > 256 * 1024) return Buffer.alloc(0);
  if (buf.length < off + 4 + packetLength) return undefined;
  const padding = buf[off + 4];
  return buf.subarray(off + 5, off + 4 + packetLength - padding);
}

/** Offset just after the "SSH-" identification line (lines before it are allowed), or -1. */
function identEnd(buf: Buffer): { line: string; end: number } | undefined {
  let start = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    if (nl < 0) return undefined;
    const line = buf.toString('latin1', start, nl).replace(/\r$/, '');
    if (line.startsWith('SSH-')) return { line, end: nl + 1 };
    start = nl + 1;
  }
  return undefined;
}

export function looksLikeSsh(buf: Buffer): boolean {
  return /(^|\n)SSH-\d/.test(buf.toString('latin1', 0, Math.min(buf.length, 1024)));
}

/** Continues an SSH conversation whose identification line is in `conn.buffer`: sends ours, reads KEXINIT. */
export async function identifySsh(conn: ServiceConnection, timeoutMs: number, signal?: AbortSignal): Promise<Found> {
  await conn.read((b) => identEnd(b) !== undefined, timeoutMs, signal);
  const id = identEnd(conn.buffer);
  const line = id?.line ?? conn.buffer.toString('latin1').split('\n')[0].trim();
  const ident = parseSshIdent(line);
  const found: Found = { name: 'ssh', banner: line };
  const extra: Record<string, unknown> = {};
  if (ident) {
    Object.assign(found, sshProduct(ident.software));
    extra.protocol = ident.protocol;
    if (ident.comment) extra.comment = ident.comment;
    if (ident.protocol === '1.99' || ident.protocol.startsWith('1.')) extra.ssh1 = true;
  }
  if (id && ident && !ident.protocol.startsWith('1.')) {
    conn.write(CLIENT_IDENT);
    await conn.read((b) => packetPayload(b, id.end) !== undefined, timeoutMs, signal);
    const payload = packetPayload(conn.buffer, id.end);
    const kexinit = payload ? parseKexInit(payload) : undefined;
    if (kexinit) {
      extra.kexAlgorithms = kexinit.kex;
      extra.hostKeyAlgorithms = kexinit.hostKey;
      extra.encryptionAlgorithms = kexinit.encryptionServerToClient;
      extra.macAlgorithms = kexinit.macServerToClient;
      extra.compressionAlgorithms = kexinit.compressionServerToClient;
    }
  }
  found.extra = extra;
  return found;
}
