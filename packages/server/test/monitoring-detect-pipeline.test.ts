// Scan-fed monitoring through the real pipeline, on PGlite and PostgreSQL: a run delivered by a probe is processed by
// the results job, whose run-processed job calls the monitoring hook (after tickets and rules); the unexpected port
// and the new finding it saw on a watched host become alerts with the run's id, the expected port does not.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringAlerts, monitoringProfiles } from '../src/db/schema/index.ts';
import { settleRunProcessing, startRunProcessing } from '../src/modules/results/queue.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { deliveredRun, savedTarget, smallProfile } from './helpers/scans.ts';

const redis = { name: 'redis', product: 'Redis key-value store', version: '7.0.15', banner: null, cpe: [] };
const ssh = { name: 'ssh', product: 'OpenSSH', version: '9.2p1', banner: 'SSH-2.0-OpenSSH_9.2p1', cpe: [] };

describe.each(BACKENDS)('scan-fed monitoring through results processing on %s', (backend) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await setFlags(t.ctx, 1, ['continuous-monitoring']);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a processed run’s unexpected port and new finding on a watched host alert once, with the run', async () => {
    const hostId = await savedTarget(t, 1, 'host', '127.0.0.1');
    const [profile] = await t.ctx.db
      .insert(monitoringProfiles)
      .values({
        customerId: 1,
        name: 'Edge',
        ports: '22',
        assetIds: [hostId],
        triggers: ['unexpected_port', 'new_vulnerability'],
        minSeverity: 2,
        checkInterval: 0,
      })
      .returning();
    const probeId = (await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Quiet probe' })).body.id;
    const scanProfile = await smallProfile(t, 1, '22,6379');
    const runId = await deliveredRun(
      t,
      admin,
      { name: 'Edge sweep', profile: scanProfile, probeId, assets: [hostId] },
      {
        hosts: [
          {
            address: '127.0.0.1',
            alive: true,
            ports: [
              { port: 22, protocol: 'tcp', state: 'open', service: ssh },
              { port: 6379, protocol: 'tcp', state: 'open', service: redis },
            ],
            findings: [
              {
                check: 'redis-no-auth',
                name: 'Redis without authentication',
                severity: 3,
                port: 6379,
                protocol: 'tcp',
                confidence: 'confirmed',
                cve: [],
              },
            ],
          },
        ],
      },
    );
    await startRunProcessing(t.ctx, runId);
    await settleRunProcessing(t.ctx);
    // The run-processed job runs after processing settles: wait for what it writes (bounded).
    const until = Date.now() + 30_000;
    let alerts: (typeof monitoringAlerts.$inferSelect)[] = [];
    while (Date.now() < until) {
      alerts = await t.ctx.db
        .select()
        .from(monitoringAlerts)
        .where(eq(monitoringAlerts.profileId, profile!.id))
        .orderBy(monitoringAlerts.trigger);
      if (alerts.length >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(alerts.map((a) => [a.trigger, a.subject, a.runId, a.source, a.assetId])).toEqual([
      ['new_vulnerability', 'Redis without authentication (tcp/6379)', runId, 'scan', hostId],
      ['unexpected_port', 'tcp/6379', runId, 'scan', hostId],
    ]);
    expect(alerts[0]).toMatchObject({ title: 'Redis without authentication', severity: 3 });
  });
});
