// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- js-md4 ships no types; this reaches every package that compiles this file
/// <reference path="../types/js-md4.d.ts" />
// NTLMv2 messages (MS-NLMP) as an SMB2 session setup carries them inside SPNEGO: the negotiate message, reading the
// server's challenge (its challenge, target information and names), and the authenticate message with the NTLMv2
// response. Never NTLMv1 or LM: a credential marked "NTLMv2 only" and every other one are answered the same way.
import { createHmac, randomBytes } from 'node:crypto';
import md4 from 'js-md4';

const SIGNATURE = Buffer.from('NTLMSSP\0', 'latin1');
const FLAGS =
  0x00000001 | // UNICODE
  0x00000004 | // REQUEST_TARGET
  0x00000200 | // NTLM
  0x00008000 | // ALWAYS_SIGN
  0x00080000 | // EXTENDED_SESSIONSECURITY
  0x00800000 | // TARGET_INFO
  0x02000000 | // VERSION
  0x20000000 | // 128
  0x80000000; // 56

const NTLMSSP_OID = Buffer.from([0x06, 0x0a, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x02, 0x0a]);
const SPNEGO_OID = Buffer.from([0x06, 0x06, 0x2b, 0x06, 0x01, 0x05, 0x05, 0x02]);

/** A DER element: tag, length, content. */
function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}

/** SPNEGO NegTokenInit offering NTLMSSP, with the NTLM negotiate message. */
export function spnegoNegotiate(): Buffer {
  const negotiate = Buffer.alloc(40);
  SIGNATURE.copy(negotiate, 0);
  negotiate.writeUInt32LE(1, 8);
  negotiate.writeUInt32LE(FLAGS >>> 0, 12);
  // Domain and workstation fields empty (offsets point past the header); version 6.1 build 7601, NTLM revision 15.
  negotiate.writeUInt32LE(40, 20);
  negotiate.writeUInt32LE(40, 28);
  negotiate.writeUInt8(6, 32);
  negotiate.writeUInt8(1, 33);
  negotiate.writeUInt16LE(7601, 34);
  negotiate.writeUInt8(15, 39);
  return der(0x60, SPNEGO_OID, der(0xa0, der(0x30, der(0xa0, der(0x30, NTLMSSP_OID)), der(0xa2, der(0x04, negotiate)))));
}

/** SPNEGO NegTokenResp carrying the NTLM authenticate message. */
export function spnegoAuthenticate(message: Buffer): Buffer {
  return der(0xa1, der(0x30, der(0xa2, der(0x04, message))));
}

export interface NtlmChallenge {
  flags: number;
  serverChallenge: Buffer;
  targetInfo: Buffer;
  /** From the target information: NetBIOS and DNS names of the server and its domain, and its time. */
  names: { netbiosComputer?: string; netbiosDomain?: string; dnsComputer?: string; dnsDomain?: string };
  timestamp?: Buffer;
  /** The version the server announced ("6.1 build 0"), when it did. */
  version?: string;
}

const field = (buf: Buffer, at: number) => {
  const len = buf.readUInt16LE(at);
  const offset = buf.readUInt32LE(at + 4);
  return buf.subarray(offset, offset + len);
};

/** Reads the challenge message out of whatever wraps it (SPNEGO NegTokenResp); throws when there is none. */
export function readChallenge(securityBuffer: Buffer): NtlmChallenge {
  const at = securityBuffer.indexOf(SIGNATURE);
  if (at < 0) throw new Error('The server did not answer with an NTLM challenge (it may accept Kerberos only).');
  const m = securityBuffer.subarray(at);
  if (m.length < 48 || m.readUInt32LE(8) !== 2) throw new Error('The NTLM challenge message is malformed.');
  const flags = m.readUInt32LE(20);
  const targetInfo = Buffer.from(field(m, 40));
  const names: NtlmChallenge['names'] = {};
  let timestamp: Buffer | undefined;
  for (let i = 0; i + 4 <= targetInfo.length;) {
    const id = targetInfo.readUInt16LE(i);
    const len = targetInfo.readUInt16LE(i + 2);
    const value = targetInfo.subarray(i + 4, i + 4 + len);
    if (id === 0) break;
    if (id === 1) names.netbiosComputer = value.toString('utf16le');
    else if (id === 2) names.netbiosDomain = value.toString('utf16le');
    else if (id === 3) names.dnsComputer = value.toString('utf16le');
    else if (id === 4) names.dnsDomain = value.toString('utf16le');
    else if (id === 7) timestamp = Buffer.from(value);
    i += 4 + len;
  }
  const out: NtlmChallenge = { flags, serverChallenge: Buffer.from(m.subarray(24, 32)), targetInfo, names };
  if (timestamp) out.timestamp = timestamp;
  if (flags & 0x02000000 && m.length >= 56) out.version = `${m[48]}.${m[49]} build ${m.readUInt16LE(50)}`;
  return out;
}

/** Windows FILETIME (100 ns since 1601) of a time. */
function filetime(ms: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE((BigInt(ms) + 11_644_473_600_000n) * 10_000n);
  return b;
}

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('md5', key).update(Buffer.concat(data)).digest();

/** NT hash: MD4 of the UTF-16LE password (js-md4's own MD4: Node 20's OpenSSL 3 has none). */
export const ntHash = (password: string): Buffer => Buffer.from(md4.arrayBuffer(new Uint8Array(Buffer.from(password, 'utf16le'))));

export interface NtlmIdentity {
  username: string;
  password: string;
  domain: string;
  workstation?: string;
}

/** The authenticate message answering a challenge with the NTLMv2 response (the server's time when it sent one). */
export function authenticateMessage(who: NtlmIdentity, ch: NtlmChallenge, now = Date.now(), clientChallenge = randomBytes(8)): Buffer {
  const v2Hash = hmac(ntHash(who.password), Buffer.from(who.username.toUpperCase() + who.domain, 'utf16le'));
  const time = ch.timestamp ?? filetime(now);
  const blob = Buffer.concat([
    Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
    time,
    clientChallenge,
    Buffer.alloc(4),
    ch.targetInfo,
    Buffer.alloc(4),
  ]);
  const ntResponse = Buffer.concat([hmac(v2Hash, ch.serverChallenge, blob), blob]);
  // With the server's timestamp the LMv2 response is all zeros (MS-NLMP 3.1.5.1.2).
  const lmResponse = ch.timestamp ? Buffer.alloc(24) : Buffer.concat([hmac(v2Hash, ch.serverChallenge, clientChallenge), clientChallenge]);
  const domain = Buffer.from(who.domain, 'utf16le');
  const user = Buffer.from(who.username, 'utf16le');
  const workstation = Buffer.from(who.workstation ?? 'BULWARK', 'utf16le');
  const payload = [lmResponse, ntResponse, domain, user, workstation, Buffer.alloc(0)];
  const header = Buffer.alloc(72);
  SIGNATURE.copy(header, 0);
  header.writeUInt32LE(3, 8);
  let offset = header.length;
  // LM, NT, domain, user, workstation, session key: each length, max length, offset.
  for (const [i, part] of payload.entries()) {
    header.writeUInt16LE(part.length, 12 + i * 8);
    header.writeUInt16LE(part.length, 14 + i * 8);
    header.writeUInt32LE(offset, 16 + i * 8);
    offset += part.length;
  }
  header.writeUInt32LE((FLAGS & ch.flags) >>> 0, 60);
  header.writeUInt8(6, 64);
  header.writeUInt8(1, 65);
  header.writeUInt16LE(7601, 66);
  header.writeUInt8(15, 71);
  return Buffer.concat([header, ...payload]);
}
