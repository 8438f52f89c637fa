// A DNS server that answers the MX but errs (SERVFAIL) on everything else: the checks it errs on are info, "not judged
// this time", never failures, so a DNS hiccup does not tell a monitor's recipients their mail is broken.
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMailDomain } from '../src/monitor/mail/index.ts';

const ADDRESS = '127.30.54.53';
const MX = '127.30.54.30';

describe('mail DNS checks when the DNS server errs', () => {
  const server = dgram.createSocket('udp4');
  let port = 0;

  beforeAll(async () => {
    server.on('message', (msg, peer) => {
      const q = dnsPacket.decode(msg);
      const question = q.questions?.[0];
      const base = { type: 'response' as const, id: q.id, questions: q.questions };
      let reply: Buffer;
      if (question?.type === 'MX' && question.name === 'flaky.test')
        reply = dnsPacket.encode({
          ...base,
          flags: dnsPacket.RECURSION_AVAILABLE,
          answers: [{ type: 'MX', name: 'flaky.test', ttl: 60, data: { preference: 10, exchange: 'mx.flaky.test' } }],
        });
      else if (question?.type === 'A' && question.name === 'mx.flaky.test')
        reply = dnsPacket.encode({
          ...base,
          flags: dnsPacket.RECURSION_AVAILABLE,
          answers: [{ type: 'A', name: 'mx.flaky.test', ttl: 60, data: MX }],
        });
      else if (question?.type === 'AAAA' && question.name === 'mx.flaky.test')
        reply = dnsPacket.encode({ ...base, flags: dnsPacket.RECURSION_AVAILABLE });
      else reply = dnsPacket.encode({ ...base, flags: dnsPacket.RECURSION_AVAILABLE | 2 }); // rcode 2: SERVFAIL
      server.send(reply, peer.port, peer.address);
    });
    await new Promise<void>((r) => server.bind(0, ADDRESS, () => r()));
    port = server.address().port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('only the MX check judges; the rest are info saying they were not judged', async () => {
    const r = await checkMailDomain({
      domain: 'flaky.test',
      dkimSelectors: [],
      dnsServers: [`${ADDRESS}:${port}`],
      dnsblZones: ['bl.test'],
      smtpPort: 25,
      heloName: 'monitor.bulwark.test',
      checkRelay: false,
      timeoutMs: 2000,
      now: new Date(),
      skipSmtp: true,
    });
    expect(r.error).toBeNull();
    expect(r.mx).toEqual([{ host: 'mx.flaky.test', preference: 10, addresses: [MX] }]);
    const byCheck = Object.fromEntries(r.checks.map((c) => [c.check, c]));
    expect(r.checks.map((c) => c.check)).toEqual(['mx', 'spf', 'dmarc', 'dkim', 'mta_sts', 'tls_rpt', 'dnssec', 'blocklist']);
    expect(byCheck.mx.status).toBe('pass');
    for (const check of ['spf', 'dmarc', 'dkim', 'mta_sts', 'tls_rpt', 'dnssec', 'blocklist'])
      expect(byCheck[check].status, check).toBe('info');
    expect(byCheck.spf.detail).toBe(
      'The SPF policy could not be read in full (flaky.test: the DNS server answered SERVFAIL), so it is not judged this time.',
    );
    expect(byCheck.dmarc.detail).toMatch(/not judged this time/);
    expect(byCheck.dkim.detail).toMatch(
      /^9 of the DKIM selectors could not be looked up \(.*SERVFAIL\), so DKIM is not judged this time\.$/,
    );
    expect(byCheck.dnssec.detail).toBe('DNSSEC could not be checked: the DNS server answered SERVFAIL.');
    expect(byCheck.blocklist.detail).toMatch(/bl\.test could not judge 127\.30\.54\.30/);
  });
});
