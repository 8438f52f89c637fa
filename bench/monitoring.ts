// Benchmark: continuous monitoring over 10,000 watched hosts (BENCH_HOSTS) on loopback addresses 127.30.100.1 … .
// Two measurements, each against a reference taken in the same run:
// 1. one round of a profile's own check (runProfileCheck: the watched set, known states, lookAtPorts over the watch
//    list of 100 ports on every host, second looks, the merge and the alerts) against the scan engine (scanNetwork,
//    discovery off, the same ports, the same connect concurrency) over the same hosts — the round must fit in the
//    profile's 15 minutes and cost about what the engine's sweep costs (ratio printed);
// 2. the change detection itself (mergeStates: 10,000 hosts' 30,000 known states against a round's observations
//    with 1% of them changed) against a hand-written SQL comparison of the same observations with the same states
//    (one left join, differences only); each inside a transaction rolled back, alternating, 7 rounds, medians
//    (target: ≤ 2× the hand-written SQL).
// Run: npx tsx bench/monitoring.ts  (BENCH_BACKEND=postgres|pglite, default postgres when it answers)
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { scanNetwork } from '@bulwark/scanner';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import type { AppContext } from '../packages/server/src/context.ts';
import type { Tx } from '../packages/server/src/db/client.ts';
import { jsonRows, queryRows } from '../packages/server/src/db/rows.ts';
import { assets, assetTags, customers, monitoringProfiles, tags } from '../packages/server/src/db/schema/index.ts';
import { runProfileCheck, WATCH_PORTS } from '../packages/server/src/modules/monitoring/check.ts';
import { mergeStates, type Observation } from '../packages/server/src/modules/monitoring/state.ts';

const HOSTS = Number(process.env.BENCH_HOSTS ?? 10_000);
/** Hosts with a listener on 8080 (in the watch list, not expected): the round's open ports. */
const LISTENING = Number(process.env.BENCH_LISTENING ?? 200);
const CONCURRENCY = 512;
const ROUNDS = 7;
const NOW = new Date('2026-12-01T08:00:00Z');

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (x: number): string => `${(x / 1000).toFixed(2)} s`;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const address = (i: number): string => `127.30.${100 + Math.floor(i / 250)}.${1 + (i % 250)}`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

/** Runs `fn` in a transaction that is rolled back, so every repetition starts from the same states. */
class Rollback extends Error {}
async function rolledBack(db: AppContext['db'], fn: (tx: Tx) => Promise<unknown>): Promise<number> {
  let elapsed = 0;
  await db
    .transaction(async (tx) => {
      const [, t] = await timed(() => fn(tx));
      elapsed = t;
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return elapsed;
}

async function listeners(): Promise<() => Promise<void>> {
  const servers: net.Server[] = [];
  for (let i = 0; i < Math.min(LISTENING, HOSTS); i++) {
    const s = net.createServer((c) => c.on('error', () => undefined).destroy());
    await new Promise<void>((r, j) => s.once('error', j).listen(8080, address(i * Math.floor(HOSTS / LISTENING)), () => r()));
    servers.push(s);
  }
  return async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  };
}

/** The round's time against the scan engine's over the same hosts and ports, with the checks of what each saw. */
async function roundAgainstEngine(ctx: AppContext, profileId: number, ids: number[], later: Date): Promise<void> {
  const [first, firstMs] = await timed(() => runProfileCheck(ctx, 1, profileId, NOW, { concurrency: CONCURRENCY }));
  const [round, roundMs] = await timed(() => runProfileCheck(ctx, 1, profileId, later, { concurrency: CONCURRENCY }));
  const ports = [...new Set([22, 443, ...WATCH_PORTS])];
  const [scan, scanMs] = await timed(() =>
    scanNetwork({
      targets: ids.map((_, i) => address(i)),
      tcpPorts: ports,
      discovery: 'none',
      concurrency: CONCURRENCY,
      maxHosts: HOSTS + 1,
    }),
  );
  const scanOpen = scan.hosts.reduce((n, h) => n + h.ports.filter((p) => p.state === 'open').length, 0);
  console.log(
    `  first round (baseline): ${secs(firstMs)}, ${int(first.ports_checked)} ports, ${first.alerts_raised} alerts raised (8080 is not expected)`,
  );
  console.log(
    `  one round: ${secs(roundMs)} for ${int(round.ports_checked)} ports on ${int(round.assets)} hosts (${int(round.ports_checked / (roundMs / 1000))} ports/s), ` +
      `${round.alerts_raised} raised, ${round.alerts_updated} updated; scan engine on the same ports: ${secs(scanMs)} (${int(scanOpen)} open) ` +
      `→ ratio ${(roundMs / scanMs).toFixed(2)}; ${((15 * 60_000) / roundMs).toFixed(1)}× headroom in 15 minutes`,
  );
  check('the round saw every host', round.assets === HOSTS && round.ports_checked === HOSTS * ports.length);
  check('the first round raised one alert per listener', first.alerts_raised === Math.min(LISTENING, HOSTS));
  check('a quiet round raises nothing', round.alerts_raised === 0 && round.alerts_updated === first.alerts_raised);
  check('the engine agrees on the open ports', scanOpen === Math.min(LISTENING, HOSTS));
  check('a round fits in 15 minutes', roundMs < 15 * 60_000);
}

async function bench(backend: Backend): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-monitoring-'));
  const { database, drop } = await openBench(backend, dir);
  const stop = await listeners();
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(customers).values({ id: 1, name: 'Bench', featureFlags: ['continuous-monitoring'] });
    const [tag] = await db.insert(tags).values({ customerId: 1, name: 'Watched' }).returning();
    const ids: number[] = [];
    for (let i = 0; i < HOSTS; i += 1000) {
      const rows = await db
        .insert(assets)
        .values(
          Array.from({ length: Math.min(1000, HOSTS - i) }, (_, k) => ({
            customerId: 1,
            kind: 'host' as const,
            type: 2,
            value: address(i + k),
            address: address(i + k),
          })),
        )
        .returning({ id: assets.id });
      ids.push(...rows.map((r) => r.id));
      await db.insert(assetTags).values(rows.map((r) => ({ customerId: 1, assetId: r.id, tagId: tag!.id })));
    }
    const [profile] = await db
      .insert(monitoringProfiles)
      .values({
        customerId: 1,
        name: 'Everything',
        ports: '22,443',
        tagIds: [tag!.id],
        checkInterval: 15,
        notifyOwner: false,
        triggers: ['unexpected_port', 'cert_expiring', 'cert_expired', 'cert_replaced', 'tls_weakened'],
      })
      .returning();
    const ctx = {
      db,
      clock: () => NOW,
      config: { publicUrl: 'http://bench.test' },
      jobs: undefined,
      log: console,
    } as unknown as AppContext;
    console.log(
      `\n${backend}: ${int(HOSTS)} watched hosts, ${new Set([22, 443, ...WATCH_PORTS]).size} ports each (the watch list; the expected 22 and 443 are in it), ${int(LISTENING)} listening on 8080`,
    );

    // 1. The profile's round against the scan engine over the same hosts and ports (BENCH_ROUND=off skips it).
    const later = new Date(NOW.getTime() + 15 * 60_000);
    if (process.env.BENCH_ROUND !== 'off') await roundAgainstEngine(ctx, profile!.id, ids, later);
    // 2. Detection: 30,000 known states, a round's observations with 1% changed, against the hand-written comparison.
    const pid = profile!.id;
    await db.execute(sql`delete from monitoring_states where profile_id = ${pid}`);
    await db.execute(sql`
      insert into monitoring_states (customer_id, profile_id, asset_id, subject, value, first_seen, last_seen)
      select 1, ${pid}, a.id, 'port:tcp/' || p, '{"open": true}'::jsonb, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz
      from assets a cross join unnest(array[22, 443, 8080]) p where a.customer_id = 1 and a.kind = 'host'`);
    await db.execute(sql`analyze monitoring_states`);
    const obs: Observation[] = [];
    ids.forEach((id, i) => {
      const changed = i % 100 === 0;
      obs.push({ asset_id: id, subject: 'port:tcp/22', value: { open: true }, immediate: true });
      obs.push({ asset_id: id, subject: 'port:tcp/443', value: { open: !changed }, immediate: changed ? false : true });
      obs.push({ asset_id: id, subject: 'port:tcp/8080', value: { open: true }, immediate: true });
      if (changed) obs.push({ asset_id: id, subject: 'port:tcp/5432', value: { open: true }, immediate: true });
    });
    const REFERENCE = sql`
      with obs as (select * from jsonb_to_recordset(${jsonRows(obs)}) as o(asset_id int, subject text, value jsonb, immediate boolean))
      select o.asset_id, o.subject, s.value as before, o.value as after
      from obs o left join monitoring_states s on s.profile_id = ${pid} and s.asset_id = o.asset_id and s.subject = o.subject
      where s.id is null or s.value is distinct from o.value`;
    const ours: number[] = [];
    const reference: number[] = [];
    let found = 0;
    let refFound = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const runOurs = async () =>
        ours.push(
          await rolledBack(db, async (tx) => {
            const t = await mergeStates(tx, 1, pid, obs, later);
            found = t.filter((x) => x.kind !== 'same').length;
            const [p] = await queryRows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from monitoring_states where profile_id = ${pid} and pending is not null`,
            );
            found += Number(p!.n);
          }),
        );
      const runReference = async () =>
        reference.push(await rolledBack(db, async (tx) => (refFound = (await queryRows(tx, REFERENCE)).length)));
      if (r % 2 === 0) {
        await runReference();
        await runOurs();
      } else {
        await runOurs();
        await runReference();
      }
    }
    const ratio = median(ours) / median(reference);
    console.log(
      `  detection over ${int(obs.length)} observations and ${int(HOSTS * 3)} states: ${ms(median(ours))} (median of ${ROUNDS}: ${ours.map(ms).join(', ')}); ` +
        `hand-written comparison ${ms(median(reference))} (${reference.map(ms).join(', ')}) → ratio ${ratio.toFixed(2)} (target ≤ 2)`,
    );
    check('both find the same changes (new ports, and closed ones pending their second look)', found === refFound);
    check('detection ≤ 2× the hand-written SQL', ratio <= 2);
  } finally {
    await stop();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const requested = process.env.BENCH_BACKEND as Backend | undefined;
const backends: Backend[] = requested ? [requested] : (await postgresReachable()) ? ['postgres'] : ['pglite'];
for (const b of backends) await bench(b);
if (!allChecksPassed()) process.exitCode = 1;
