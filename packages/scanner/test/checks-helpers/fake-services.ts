// Test helper: a DNS-over-TCP server for zone transfers, POP3 and IMAP servers, and a real rsync daemon on loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const lines = (s: net.Socket, onLine: (line: string) => void) => {
  let buf = '';
  s.on('error', () => undefined);
  s.on('data', (d) => {
    buf += d.toString('latin1');
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i).replace(/\r$/, '');
      buf = buf.slice(i + 1);
      onLine(line);
    }
  });
};

function encodeName(name: string): Buffer {
  const labels = name.split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])]);
}

function rr(owner: Buffer, type: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(3600, 4);
  fixed.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([owner, fixed, rdata]);
}

/** The zone `zone` as AXFR answers: SOA, NS, A records, MX, and the closing SOA (owner names compressed to the question). */
function zoneRecords(zone: string): Buffer[] {
  const apex = Buffer.from([0xc0, 0x0c]);
  const soa = rr(apex, 6, Buffer.concat([encodeName(`ns1.${zone}`), encodeName(`hostmaster.${zone}`), Buffer.alloc(20, 1)]));
  const host = (label: string, ip: number[]) =>
    rr(Buffer.concat([Buffer.from([label.length]), Buffer.from(label), apex]), 1, Buffer.from(ip));
  return [
    soa,
    rr(apex, 2, encodeName(`ns1.${zone}`)),
    host('ns1', [192, 0, 2, 53]),
    host('vpn', [192, 0, 2, 10]),
    host('intranet', [10, 20, 0, 5]),
    rr(apex, 15, Buffer.concat([Buffer.from([0, 10]), encodeName(`mail.${zone}`)])),
    soa,
  ];
}

/**
 * An authoritative DNS server over TCP for `zone`. `open`: transfers the zone to anyone; `refused`: answers AXFR with
 * REFUSED; `close`: drops the connection. Names outside the zone get NOTAUTH.
 */
export function axfrServer(zone: string, mode: 'open' | 'refused' | 'close'): net.Server {
  return net.createServer((s) => {
    s.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length < 2 || buf.length < 2 + buf.readUInt16BE(0)) return;
      const q = buf.subarray(2, 2 + buf.readUInt16BE(0));
      buf = buf.subarray(2 + q.length);
      let end = 12;
      const labels: string[] = [];
      while (q[end] !== 0) {
        labels.push(q.toString('latin1', end + 1, end + 1 + q[end]));
        end += q[end] + 1;
      }
      const question = q.subarray(12, end + 5);
      if (mode === 'close') return void s.destroy();
      const ours = labels.join('.').toLowerCase() === zone;
      const records = ours && mode === 'open' ? zoneRecords(zone) : [];
      const header = Buffer.alloc(12);
      q.copy(header, 0, 0, 2);
      header.writeUInt16BE(0x8400 | (ours ? (mode === 'open' ? 0 : 5) : 9), 2);
      header.writeUInt16BE(1, 4);
      header.writeUInt16BE(records.length, 6);
      const msg = Buffer.concat([header, question, ...records]);
      const len = Buffer.alloc(2);
      len.writeUInt16BE(msg.length);
      s.write(Buffer.concat([len, msg]));
    });
  });
}

/** A Dovecot-like POP3 server; `stls` offers STARTTLS (STLS) in CAPA. */
export function pop3Server(stls: boolean): net.Server {
  return net.createServer((s) => {
    s.write('+OK Dovecot (Debian) ready.\r\n');
    lines(s, (line) => {
      const cmd = line.split(' ')[0].toUpperCase();
      if (cmd === 'CAPA')
        s.write(
          `+OK\r\nCAPA\r\nTOP\r\nUIDL\r\nRESP-CODES\r\nPIPELINING\r\nAUTH-RESP-CODE\r\n${stls ? 'STLS\r\n' : ''}USER\r\nSASL PLAIN\r\n.\r\n`,
        );
      else if (cmd === 'QUIT') s.end('+OK Logging out.\r\n');
      else s.write('-ERR Unknown command.\r\n');
    });
  });
}

/** A Dovecot-like IMAP server; `starttls` offers STARTTLS in CAPABILITY. */
export function imapServer(starttls: boolean): net.Server {
  const caps = `IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+${starttls ? ' STARTTLS LOGINDISABLED' : ''} AUTH=PLAIN`;
  return net.createServer((s) => {
    s.write(`* OK [CAPABILITY ${caps}] Dovecot (Debian) ready.\r\n`);
    lines(s, (line) => {
      const [tag, cmd = ''] = line.split(' ');
      if (cmd.toUpperCase() === 'CAPABILITY') s.write(`* CAPABILITY ${caps}\r\n${tag} OK Pre-login capabilities listed.\r\n`);
      else if (cmd.toUpperCase() === 'LOGOUT') s.end(`* BYE Logging out\r\n${tag} OK Logout completed.\r\n`);
      else s.write(`${tag} BAD Error in IMAP command received by server.\r\n`);
    });
  });
}

/** A free TCP port on `address` (listen on 0, close). */
export async function freePort(address: string): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, address, () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Waits until something accepts TCP connections on address:port (up to ~5 s). */
export async function waitForPort(address: string, port: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((r) => {
      const c = net.connect(port, address);
      c.on('connect', () => (c.destroy(), r(true)));
      c.on('error', () => r(false));
    });
    if (up) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Starts the real rsync daemon with `modules` (rsyncd.conf sections, @DIR@ = its temp dir) on address; `stop` ends it and removes the dir. */
export async function rsyncDaemon(address: string, modules: string): Promise<{ port: number; stop: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulwark-rsync-'));
  const conf = path.join(dir, 'rsyncd.conf');
  writeFileSync(conf, `use chroot = false\nlog file = ${path.join(dir, 'rsyncd.log')}\n${modules.replaceAll('@DIR@', dir)}\n`);
  const port = await freePort(address);
  const proc = spawn('rsync', ['--daemon', '--no-detach', `--config=${conf}`, `--address=${address}`, `--port=${port}`], {
    stdio: 'ignore',
  });
  const stop = () => {
    proc.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  if (!(await waitForPort(address, port))) {
    stop();
    throw new Error('rsync daemon did not start');
  }
  return { port, stop };
}
