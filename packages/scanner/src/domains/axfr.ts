// A zone transfer (AXFR, RFC 5936) over TCP: the query framed with its two-byte length, then the answer's messages
// read until the zone's SOA comes round a second time. dns-packet encodes and decodes the messages (it has no
// transfer client of its own; the framing and the end-of-zone rule are the few lines here).
import net from 'node:net';
import dnsPacket, { type Answer, type DecodedPacket } from 'dns-packet';

export interface AxfrOptions {
  timeoutMs: number;
  /** A zone bigger than this is cut off (its records so far are kept). */
  maxRecords?: number;
  signal?: AbortSignal;
}

export type AxfrResult =
  | { ok: true; records: Answer[]; truncated: boolean }
  /** The server answered with an error code (REFUSED, NOTAUTH …), or could not be asked (the reason in words). */
  | { ok: false; reason: string };

const RCODE_WORDS: Record<string, string> = {
  REFUSED: 'refused',
  NOTAUTH: 'not authoritative',
  NOTIMP: 'not supported',
  SERVFAIL: 'failed (SERVFAIL)',
  FORMERR: 'not understood (FORMERR)',
};

/** Asks `server` for the whole of `zone`. Never throws: a failure is answered with its reason. */
export function zoneTransfer(server: { address: string; port: number }, zone: string, o: AxfrOptions): Promise<AxfrResult> {
  const maxRecords = o.maxRecords ?? 100_000;
  return new Promise((resolve) => {
    const id = Math.floor(Math.random() * 65_535);
    const query = dnsPacket.streamEncode({ type: 'query', id, flags: 0, questions: [{ type: 'AXFR', name: zone, class: 'IN' }] });
    const socket = net.connect({ host: server.address, port: server.port });
    const records: Answer[] = [];
    let buffer = Buffer.alloc(0);
    let soas = 0;
    let finished = false;
    const done = (r: AxfrResult) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => done({ ok: false, reason: 'did not answer in time' }), o.timeoutMs);
    const onAbort = () => done({ ok: false, reason: 'stopped' });
    o.signal?.addEventListener('abort', onAbort);
    socket.on('error', (e: NodeJS.ErrnoException) =>
      done({
        ok: false,
        reason: e.code === 'ECONNREFUSED' ? 'could not be reached (connection refused)' : `could not be reached (${e.code ?? e.message})`,
      }),
    );
    socket.on('close', () =>
      done(soas >= 2 || records.length > 0 ? { ok: true, records, truncated: soas < 2 } : { ok: false, reason: 'closed the connection' }),
    );
    socket.on('connect', () => socket.write(query));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 2 && buffer.length >= 2 + buffer.readUInt16BE(0)) {
        const length = buffer.readUInt16BE(0);
        let message: DecodedPacket & { rcode?: string };
        try {
          message = dnsPacket.decode(buffer.subarray(2, 2 + length));
        } catch {
          return done({ ok: false, reason: 'sent a malformed answer' });
        }
        buffer = buffer.subarray(2 + length);
        if (message.id !== id) continue;
        const rcode = message.rcode ?? 'NOERROR';
        if (rcode !== 'NOERROR') return done({ ok: false, reason: RCODE_WORDS[rcode] ?? rcode });
        for (const a of message.answers ?? []) {
          if (a.type === 'SOA') soas += 1;
          if (soas >= 2) return done({ ok: true, records, truncated: false });
          records.push(a);
          if (records.length >= maxRecords) return done({ ok: true, records, truncated: true });
        }
        if (soas === 0) return done({ ok: false, reason: 'answered without the zone' });
      }
    });
  });
}
