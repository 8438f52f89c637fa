// The web schedules of /was/schedules: scan/schedules/?scan_type=was lists only the schedules whose scan is a web scan
// (a schedule with a web profile), ?scan_type=nvt only the network ones, no scan_type every schedule as before, and an
// unknown type is a field message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule, WebProfile } from '@bulwark/core';
import { assets } from '../src/db/schema/index.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { signedIn } from './helpers/sessions.ts';
import { savedTarget, smallProfile } from './helpers/scans.ts';

type Page<T> = { count: number; results: T[] };
const timing = { start_date: '2027-01-04', time: '02:30', time_zone: 'UTC', repeat: 'weekly', weekdays: [1] };

describe.each(BACKENDS)('web schedules on %s', (backend) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters the schedule list by the type of scan each starts', async () => {
    const [row] = await t.ctx.db
      .insert(assets)
      .values({ customerId: 1, kind: 'webapp', value: 'http://127.0.0.43:8080/', type: 3 })
      .returning();
    const webapp = row!.id;
    const host = await savedTarget(t, 1, 'host', '127.0.0.44');
    const network = await smallProfile(t, 1, '1');
    const web = (await admin.get<Page<WebProfile>>('/api/scan/wprofiles/?page_size=100')).body.results.find((p) => p.name === 'Standard')!;

    const made = await Promise.all([
      admin.post<Schedule>('/api/scan/schedules/', { ...timing, name: 'Shop weekly', profile: web.id, assets: [webapp] }),
      admin.post<Schedule>('/api/scan/schedules/', {
        ...timing,
        name: 'Shop map',
        profile: web.id,
        assets: [webapp],
        is_was_discovery: true,
        vhosts: ['admin.shop.test'],
      }),
      admin.post<Schedule>('/api/scan/schedules/', { ...timing, name: 'Hosts weekly', profile: network, assets: [host] }),
    ]);
    for (const m of made) expect(m.status, JSON.stringify(m.body)).toBe(201);

    const names = async (query: string) =>
      (await admin.get<Page<Schedule>>(`/api/scan/schedules/?ordering=name${query}`)).body.results.map((s) => s.name);
    expect(await names('&scan_type=was')).toEqual(['Shop map', 'Shop weekly']);
    expect(await names('&scan_type=nvt')).toEqual(['Hosts weekly']);
    expect(await names('')).toEqual(['Hosts weekly', 'Shop map', 'Shop weekly']);
    // The other filters still narrow a web list.
    expect(await names('&scan_type=was&search=map')).toEqual(['Shop map']);
    const listed = (await admin.get<Page<Schedule>>('/api/scan/schedules/?scan_type=was&search=map')).body;
    expect(listed.count).toBe(1);
    expect(listed.results[0]).toMatchObject({ is_was_discovery: true, vhosts: ['admin.shop.test'], assets: [webapp] });

    const wrong = await admin.get('/api/scan/schedules/?scan_type=web');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('scan_type');
  });
});
