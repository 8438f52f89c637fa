// Test helper: minimal VNC (RFB), RDP (X.224 negotiation), X11, SMB1 and SSH (KEXINIT) servers speaking the real protocols.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const server = (onConnect: (s: net.Socket) => void) =>
  net.createServer((s) => {
    s.on('error', () => undefined);
    onConnect(s);
  });

/** An RFB server: 3.8 (or 3.7) sends the list of security types; 3.3 picks one and sends it as a 32-bit number. */
export function vncServer(version: '003.003' | '003.008', types: number[]): net.Server {
  return server((s) => {
    s.write(`RFB ${version}\n`);
    s.once('data', () => {
      if (version === '003.008') return void s.write(Buffer.from([types.length, ...types]));
      const t = Buffer.alloc(4);
      t.writeUInt32BE(types[0]);
      s.write(types[0] === 2 ? Buffer.concat([t, randomBytes(16)]) : t);
    });
  });
}

/**
 * An RDP server's answer to the client's requested protocols (bit 1 TLS, bit 2 CredSSP/NLA), by security settings:
 * `nla` requires NLA; `tls` requires TLS but not NLA; `negotiate` takes the best the client offers; `rdp` allows only
 * Standard RDP Security; `legacy` predates RDP_NEG_REQ (Windows 2000/XP) and answers without negotiation data.
 */
export type RdpPolicy = 'nla' | 'tls' | 'negotiate' | 'rdp' | 'legacy';

const RSP = 2;
const FAILURE = 3;
function rdpAnswer(policy: RdpPolicy, requested: number): Buffer {
  if (policy === 'legacy') return Buffer.from('0300000b06d00000123400', 'hex');
  const [type, value] = ((): [number, number] => {
    switch (policy) {
      case 'nla':
        return requested & 2 ? [RSP, 2] : [FAILURE, 5]; // HYBRID_REQUIRED_BY_SERVER
      case 'tls':
        return requested & 2 ? [RSP, 2] : requested & 1 ? [RSP, 1] : [FAILURE, 1]; // SSL_REQUIRED_BY_SERVER
      case 'negotiate':
        return requested & 2 ? [RSP, 2] : requested & 1 ? [RSP, 1] : [RSP, 0];
      case 'rdp':
        return requested === 0 ? [RSP, 0] : [FAILURE, 2]; // SSL_NOT_ALLOWED_BY_SERVER
    }
  })();
  const b = Buffer.from('030000130ed000001234000000080000000000', 'hex');
  b[11] = type;
  b[12] = type === RSP ? 0x1f : 0;
  b.writeUInt32LE(value, 15);
  return b;
}

export function rdpServer(policy: RdpPolicy): net.Server {
  return server((s) =>
    s.once('data', (d: Buffer) => {
      const requested = d.length >= 19 && d[11] === 1 ? d.readUInt32LE(15) : 0;
      s.write(rdpAnswer(policy, requested));
    }),
  );
}

/** An X server: `open` accepts clients without authorization (xhost +), otherwise it refuses them. */
export function x11Server(open: boolean): net.Server {
  return server((s) =>
    s.once('data', () => {
      if (!open) {
        const reason = Buffer.from('No protocol specified\n\0\0', 'latin1'); // padded to 4
        const head = Buffer.from([0, 22, 11, 0, 0, 0, 0, 0]);
        head.writeUInt16LE(reason.length / 4, 6);
        return void s.end(Buffer.concat([head, reason]));
      }
      const vendor = Buffer.from('The X.Org Foundation', 'latin1');
      const fixed = Buffer.alloc(40);
      fixed.writeUInt8(1, 0);
      fixed.writeUInt16LE(11, 2);
      fixed.writeUInt16LE(0, 4);
      fixed.writeUInt16LE((32 + vendor.length) / 4, 6);
      fixed.writeUInt32LE(12101004, 8); // release
      fixed.writeUInt32LE(0x00400000, 12); // resource-id-base
      fixed.writeUInt32LE(0x001fffff, 16); // resource-id-mask
      fixed.writeUInt16LE(vendor.length, 24);
      fixed.writeUInt16LE(0xffff, 26); // maximum request length
      s.write(Buffer.concat([fixed, vendor]));
    }),
  );
}

/** An SMB server: `smb1` accepts NT LM 0.12; `no-dialect` answers SMB1 but with dialect index 0xffff; `close` hangs up. */
export function smbServer(mode: 'smb1' | 'no-dialect' | 'close'): net.Server {
  return server((s) =>
    s.once('data', (d: Buffer) => {
      if (mode === 'close' || d.readUInt32BE(4) !== 0xff534d42) return void s.destroy();
      const header = Buffer.alloc(32);
      d.copy(header, 0, 4, 36);
      header.writeUInt32LE(0, 5); // STATUS_SUCCESS
      header[9] = 0x98; // reply, case-insensitive, canonicalized paths
      let params: Buffer;
      if (mode === 'no-dialect') params = Buffer.from([1, 0xff, 0xff, 0, 0]);
      else {
        params = Buffer.alloc(1 + 34 + 2 + 8);
        params[0] = 17; // word count
        params.writeUInt16LE(0, 1); // dialect index: NT LM 0.12
        params[3] = 0x03; // user security, encrypt passwords
        params.writeUInt16LE(50, 4); // max mpx
        params.writeUInt16LE(1, 6); // max VCs
        params.writeUInt32LE(16644, 8); // max buffer
        params.writeUInt32LE(65536, 12); // max raw
        params.writeUInt32LE(0x8000e3fd, 20); // capabilities
        params[34] = 8; // challenge length
        params.writeUInt16LE(8, 35); // byte count
        randomBytes(8).copy(params, 37);
      }
      const smb = Buffer.concat([header, params]);
      const nb = Buffer.alloc(4);
      nb.writeUInt32BE(smb.length);
      s.write(Buffer.concat([nb, smb]));
    }),
  );
}

export interface KexLists {
  kex: string[];
  ciphers: string[];
  macs: string[];
}

/** An SSH server that sends its identification and a KEXINIT with the given algorithm lists (then waits). */
export function sshKexServer(ident: string, lists: KexLists): net.Server {
  const nameList = (l: string[]) => {
    const b = Buffer.from(l.join(','), 'latin1');
    const n = Buffer.alloc(4);
    n.writeUInt32BE(b.length);
    return Buffer.concat([n, b]);
  };
  const payload = Buffer.concat([
    Buffer.from([20]),
    randomBytes(16),
    ...[lists.kex, ['ssh-ed25519', 'rsa-sha2-512'], lists.ciphers, lists.ciphers, lists.macs, lists.macs]
      .concat([['none', 'zlib@openssh.com'], ['none', 'zlib@openssh.com'], [], []])
      .map(nameList),
    Buffer.from([0, 0, 0, 0, 0]),
  ]);
  const padding = 8 - ((5 + payload.length) % 8) + 8;
  const head = Buffer.alloc(5);
  head.writeUInt32BE(1 + payload.length + padding);
  head[4] = padding;
  const packet = Buffer.concat([head, payload, Buffer.alloc(padding)]);
  return server((s) => {
    s.write(`${ident}\r\n`);
    s.once('data', () => s.write(packet));
  });
}
