// The permission matrix, read from the OpenAPI document: every operation declares its access (x-access), an anonymous
// caller gets 401, a user who lacks exactly the declared permission (but holds every other one) gets 403, a
// superuser who is not a platform operator gets 403 on operator calls, and another customer's object is 404. A new
// route joins the table by being declared; an undeclared one fails here (and refuses to register at all).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, parseAccess } from '@bulwark/core';
import { assets, auditEvents, cloudResources, users } from '../src/db/schema/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, setFlags, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

interface Operation {
  method: string;
  path: string;
  access: string | undefined;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every permission except `resource:action` (and, for read, except the whole resource: other actions need read). */
function allBut(resource: string, action: string): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const r of PERMISSION_RESOURCES) {
    if (r !== resource) map[r] = [...PERMISSION_ACTIONS];
    else if (action !== 'read') map[r] = PERMISSION_ACTIONS.filter((a) => a !== action);
  }
  return map;
}

/** Calls whose every body field is required: a valid body, so that only the owner check can refuse them. */
const VALID_BODIES: [RegExp, object][] = [
  [/^\/api\/fra\/phishing-templates\/\{id\}\/restore\/$/, { archived: false }],
  [/^\/api\/fra\/session-templates\/\{id\}\/steps\/\{step\}\/questions\/$/, { question_type: 'no_content' }],
];

/** A concrete URL for an OpenAPI path: `{id}` filled with `id`, other parameters with a harmless value. */
const fill = (path: string, id: string | number = 1) =>
  path.replace(/\{id\}/g, String(id)).replace(/\{(\w+)\}/g, (_, name: string) => (name === 'token' ? 'x'.repeat(20) : '1'));

describe('permission matrix', () => {
  let t: TestApp;
  let ops: Operation[];
  let admin: Client;
  let anon: Client;
  let rival: Client;
  let nobody: Client;
  let deputy: Client;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    anon = await anonymous(t);
    const other = await t.otherCustomer('Rival Corp');
    rival = await signedIn(t, other.adminEmail);
    await t.user({ email: 'nobody@example.com' });
    nobody = await signedIn(t, 'nobody@example.com');
    // A superuser of the first customer who is not a platform operator.
    await t.user({ email: 'deputy@example.com', customerAdmin: true });
    deputy = await signedIn(t, 'deputy@example.com');

    const doc = (await admin.get<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('/api/schema/')).body;
    ops = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) if (item[method]) ops.push({ method: method.toUpperCase(), path, access: item[method]['x-access'] });
    }
  });
  afterAll(() => t.close());

  it('finds every operation of the API, each with a known access rule', () => {
    expect(ops.length).toBeGreaterThan(80);
    const undeclared = ops.filter((o) => !o.access || !parseAccess(o.access)).map((o) => `${o.method} ${o.path}`);
    expect(undeclared).toEqual([]);
    // The rules this suite relies on are all in use.
    const kinds = new Set(ops.map((o) => parseAccess(o.access!)!.kind));
    for (const k of ['public', 'signed-in', 'superuser', 'operator', 'probe-agent', 'permission']) expect(kinds).toContain(k);
  });

  it('answers 401 to an anonymous caller on every operation that is not public', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      if (op.access === 'public') continue;
      const r = await anon.request(op.method, fill(op.path), op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
      if (r.status !== 401) wrong.push(`${op.method} ${op.path}: ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403, before reading the input, to a user who lacks exactly the declared permission', async () => {
    const wrong: string[] = [];
    const [u] = await t.ctx.db.select().from(users).where(eq(users.email, 'nobody@example.com'));
    for (const op of ops) {
      const rule = parseAccess(op.access!)!;
      let caller: Client;
      if (rule.kind === 'permission') {
        await t.ctx.db
          .update(users)
          .set({ permissions: allBut(rule.resource!, rule.action!) })
          .where(eq(users.id, u!.id));
        caller = nobody;
      } else if (rule.kind === 'superuser') {
        await t.ctx.db
          .update(users)
          .set({ permissions: allBut('', '') })
          .where(eq(users.id, u!.id));
        caller = nobody;
      } else if (rule.kind === 'operator') {
        caller = deputy;
      } else continue;
      // A body that would fail validation: the answer must still be 403, not 400.
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : { unexpected: ['x'] };
      const r = await caller.request(op.method, fill(op.path), body);
      if (r.status !== 403) wrong.push(`${op.method} ${op.path} (${op.access}): ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('writes nothing for a refused call: no audit event from the 401s and 403s', async () => {
    const events = await t.ctx.db.select().from(auditEvents);
    const refused = events.filter(
      (e) => e.resource !== 'authentication' && (e.actor === 'nobody@example.com' || e.actor === 'deputy@example.com'),
    );
    expect(refused).toEqual([]);
  });

  it("answers 404 to another customer's superuser for every object of the first customer", async () => {
    // One object of each kind in the first customer, found through its own list.
    const host = await admin.post<{ id: number }>('/api/scan/hosts/', { host: 'matrix.example.com' });
    const range = await admin.post<{ id: number }>('/api/scan/ipranges/', { iprange: '10.9.0.0/24' });
    const profile = await admin.post<{ id: number }>('/api/scan/nprofiles/', { name: 'Matrix profile' });
    const probe = await admin.post<{ id: number }>('/api/probe/probes/', { name: 'Matrix probe' });
    const group = await admin.post<{ id: number }>('/api/probe/probe-groups/', { name: 'Matrix group', probes: [probe.body.id] });
    const scan = await admin.post<{ id: number; last_run?: { id: number } | null }>('/api/scan/nscans/', {
      name: 'Matrix scan',
      profile: profile.body.id,
      targets: ['127.0.0.1'],
      start: false,
    });
    const [adminRow] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    // Monitoring's objects: both customers have the feature, so only ownership can refuse.
    const [rivalRow] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin1@other.example'));
    for (const c of [adminRow!.customerId, rivalRow!.customerId])
      await setFlags(t.ctx, c, ['continuous-monitoring', 'cm-mailservers', 'cloud-scanning', 'cloud-vm-resources']);
    const watch = await admin.post<{ id: number }>('/api/cm/profiles/', { name: 'Matrix watch', assets: [host.body.id], ports: '22' });
    const website = await admin.post<{ id: number }>('/api/globalview/websites/', { url: 'http://127.0.0.1:9/', active: false });
    const mailServer = await admin.post<{ id: number }>('/api/globalview/mailservers/', {
      asset: host.body.id,
      check_relay: false,
      active: false,
    });
    // Phishing and training's objects.
    const phishing = await admin.post<{ id: number }>('/api/fra/phishing-templates/', {
      name: 'Matrix lure',
      template_type: 'email',
      email_subject: 'Hello',
      email_body: '<p>Hello</p>',
    });
    const training = await admin.post<{ id: number; training_steps: { id: number }[] }>('/api/fra/session-templates/', {
      name: 'Matrix training',
      session_type: 'website',
      section: 'training',
      training_steps: [{ title: 'Look at the sender' }],
    });
    const category = await admin.post<{ id: number }>('/api/fra/domain-categories/', { name: 'Matrix category' });
    const domain = await admin.post<{ id: number }>('/api/fra/domains/', { name: 'matrix-phish.example.com' });
    const person = await admin.post<{ id: number }>('/api/fra/recipients/', { email: 'matrix.person@example.com' });
    // Cloud scanning's objects: a profile, and a resource as a cloud scan inventories it.
    const cloudProfile = await admin.post<{ id: number }>('/api/scan/cprofiles/', {
      name: 'Matrix cloud',
      provider: 0,
      credentials: { auth: 'keys', access_key_id: 'AKIAMATRIX', secret_access_key: 'matrix-secret' },
    });
    const [cloudAsset] = await t.ctx.db
      .insert(assets)
      .values({ customerId: adminRow!.customerId, kind: 'cloud', type: 4, value: 'arn:aws:s3:::matrix-bucket', name: 'matrix-bucket' })
      .returning();
    const seen = new Date();
    await t.ctx.db.insert(cloudResources).values({
      assetId: cloudAsset!.id,
      customerId: adminRow!.customerId,
      provider: 0,
      account: '123456789012',
      region: 'us-east-1',
      service: 's3',
      resourceType: 'aws.s3.bucket',
      name: 'matrix-bucket',
      firstSeen: seen,
      lastSeen: seen,
    });
    const fraSchedule = await admin.post<{ id: number }>('/api/fra/schedules/', {
      name: 'Matrix campaign',
      phishing_templates: [phishing.body.id],
      recipients: { recipients: [person.body.id] },
      sender_domain: domain.body.id,
      start_date: '2030-01-01',
      time: '09:00',
      active: false,
    });
    for (const r of [
      host,
      range,
      profile,
      probe,
      group,
      scan,
      watch,
      website,
      mailServer,
      phishing,
      training,
      category,
      domain,
      person,
      fraSchedule,
      cloudProfile,
    ])
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    const ids: [RegExp, number][] = [
      [/^\/api\/scan\/hosts\//, host.body.id],
      [/^\/api\/scan\/ipranges\//, range.body.id],
      [/^\/api\/scan\/nprofiles\//, profile.body.id],
      [/^\/api\/probe\/probes\//, probe.body.id],
      [/^\/api\/probe\/probe-groups\//, group.body.id],
      [/^\/api\/scan\/nscans\//, scan.body.id],
      [/^\/api\/user\/profile\//, adminRow!.id],
      [/^\/api\/users\/users\//, adminRow!.id],
      [/^\/api\/customer\//, adminRow!.customerId],
      [/^\/api\/cm\/profiles\//, watch.body.id],
      [/^\/api\/globalview\/websites\//, website.body.id],
      [/^\/api\/globalview\/mailservers\//, mailServer.body.id],
      [/^\/api\/fra\/phishing-templates\//, phishing.body.id],
      [/^\/api\/fra\/session-templates\//, training.body.id],
      [/^\/api\/fra\/domain-categories\//, category.body.id],
      [/^\/api\/fra\/domains\//, domain.body.id],
      [/^\/api\/fra\/recipients\//, person.body.id],
      [/^\/api\/fra\/schedules\//, fraSchedule.body.id],
      [/^\/api\/scan\/cprofiles\//, cloudProfile.body.id],
      [/^\/api\/cloud\/resources\//, cloudAsset!.id],
    ];
    const wrong: string[] = [];
    const checked: string[] = [];
    for (const op of ops) {
      if (!op.path.includes('{id}')) continue;
      const rule = parseAccess(op.access!)!;
      if (rule.kind === 'public' || rule.kind === 'probe-agent' || rule.kind === 'operator') continue;
      const id = ids.find(([re]) => re.test(op.path))?.[1];
      if (id === undefined) continue;
      checked.push(`${op.method} ${op.path}`);
      // A PUT gets the object's own representation, so it is valid and only the owner check can refuse it.
      // (A group's representation lists its probes as objects; its input takes their ids.)
      const own = op.method === 'PUT' ? (await admin.get<Record<string, unknown>>(fill(op.path, id))).body : undefined;
      const body = own
        ? op.path.startsWith('/api/probe/probe-groups/')
          ? { name: own.name, probes: [] }
          : own
        : op.method === 'GET' || op.method === 'DELETE'
          ? undefined
          : (VALID_BODIES.find(([re]) => re.test(op.path))?.[1] ?? {});
      const r = await rival.request(op.method, fill(op.path, id), body);
      if (r.status !== 404) wrong.push(`${op.method} ${op.path}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThan(20);
    // Assessments are addressed by uuid: each of their calls is the rival's 404 too.
    const assessment = await admin.post<{ uuid: string }>('/api/fra/assessments/', {
      name: 'Matrix assessment',
      phishing_templates: [phishing.body.id],
      recipients: { recipients: [person.body.id] },
      sender_domain: domain.body.id,
    });
    expect(assessment.status, JSON.stringify(assessment.body)).toBe(201);
    for (const op of ops.filter((o) => o.path.includes('{uuid}') && o.path.startsWith('/api/fra/assessments/'))) {
      const path = op.path.replace('{uuid}', assessment.body.uuid);
      const own = op.method === 'PATCH' ? { name: 'Taken over' } : op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const r = await rival.request(op.method, path, own);
      if (r.status !== 404) wrong.push(`${op.method} ${op.path}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    // Runs of the first customer are not the rival's either.
    const started = await admin.post<{ id: number }>(`/api/scan/nscans/${scan.body.id}/start/`, {});
    if (started.status === 201 || started.status === 200) {
      for (const op of ops.filter((o) => o.path.startsWith('/api/scan/nruns/{id}'))) {
        const r = await rival.request(op.method, fill(op.path, started.body.id), op.method === 'GET' ? undefined : {});
        if (r.status !== 404) wrong.push(`${op.method} ${op.path}: ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
