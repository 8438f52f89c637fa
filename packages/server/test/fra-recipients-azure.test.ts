// The Azure AD recipient sync (fra/recipients/sync/azure_ad/) against a local stand-in answering exactly as Microsoft
// Graph and the identity platform do (helpers/graph-standin.ts: the client-credentials token endpoint with its form
// body and JSON answer, /users pages linked by @odata.nextLink, a 429 with Retry-After, 401 invalid_client with
// AADSTS7000215 for a wrong secret). The sync creates recipients of source azure_ad from users with a mail address,
// adopts a recipient already holding the address, maps preferredLanguage, skips users without mail, deactivates
// disabled accounts and users no longer returned; missing settings and bad credentials are 400, an unreachable Graph
// 502; and the guards: 401, 403 without phishing:execute, a LIMITED member 403.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectorySyncResult, Recipient } from '@bulwark/core';
import { teamMembers, teams, teamTags, tags, users } from '../src/db/schema/index.ts';
import { languageOf, syncAzureAd } from '../src/modules/fra-recipients/azure-sync.ts';
import { startGraphStandin, type GraphStandin, type GraphUserRecord } from './helpers/graph-standin.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './helpers/app.ts';
import { anonymous, signedIn } from './helpers/sessions.ts';

type Page<T> = { count: number; results: T[] };
const SYNC = '/api/fra/recipients/sync/azure_ad/';
const NOW = new Date('2026-05-04T08:00:00Z');

const user = (id: string, o: Partial<GraphUserRecord>): GraphUserRecord => ({
  id,
  displayName: null,
  givenName: null,
  surname: null,
  mail: null,
  userPrincipalName: `${id}@contoso.onmicrosoft.com`,
  department: null,
  jobTitle: null,
  preferredLanguage: null,
  accountEnabled: true,
  ...o,
});

describe('Azure AD recipient sync', () => {
  let t: TestApp;
  let graph: GraphStandin;
  let admin: Client;
  let reader: Client;
  let limited: Client;
  const byEmail = async (email: string) =>
    (await admin.get<Page<Recipient>>(`/api/fra/recipients/?search=${encodeURIComponent(email)}`)).body.results[0];

  beforeAll(async () => {
    graph = await startGraphStandin('127.31.2.1', {
      pageSize: 2,
      users: [
        user('a1', {
          displayName: 'Anna Berg',
          givenName: 'Anna',
          surname: 'Berg',
          mail: 'Anna.Berg@contoso.com',
          department: 'Sales',
          preferredLanguage: 'sv-SE',
        }),
        user('b2', {
          displayName: 'Bo Ek',
          givenName: 'Bo',
          surname: 'Ek',
          mail: 'bo@contoso.com',
          department: 'Finance',
          jobTitle: 'Controller',
          preferredLanguage: 'de-DE',
        }),
        user('c3', { displayName: 'Printer room', mail: null }),
        user('d4', { displayName: 'Carl Gone', mail: 'carl@contoso.com', accountEnabled: false }),
        user('e5', { displayName: 'Dana Lind', mail: 'dana@contoso.com', preferredLanguage: 'nb-NO', department: 'IT' }),
      ],
    });
    t = await startTestApp('pglite', { BULWARK_GRAPH_URL: graph.graphUrl, BULWARK_AZURE_LOGIN_URL: graph.loginUrl });
    t.ctx.clock = () => NOW;
    admin = await signedIn(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await t.user({ email: 'reader@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: ['read', 'create', 'update', 'delete'] } })
      .where(eq(users.id, r.id));
    reader = await signedIn(t, 'reader@example.com');
    const l = await t.user({ email: 'limited@example.com' });
    await t.ctx.db
      .update(users)
      .set({ permissions: { phishing: ['read', 'execute'] } })
      .where(eq(users.id, l.id));
    const [tag] = await t.ctx.db.insert(tags).values({ customerId: 1, name: 'Sales' }).returning();
    const [team] = await t.ctx.db.insert(teams).values({ customerId: 1, name: 'Sales team', assetPermissions: 'LIMITED' }).returning();
    await t.ctx.db.insert(teamMembers).values({ teamId: team!.id, userId: l.id });
    await t.ctx.db.insert(teamTags).values({ teamId: team!.id, tagId: tag!.id, role: 'permission' });
    limited = await signedIn(t, 'limited@example.com');
    expect((await admin.post('/api/fra/recipients/', { email: 'dana@contoso.com', first_name: 'Dana' })).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
  });

  it('maps preferred languages', () => {
    expect([languageOf('sv-SE'), languageOf('nb-NO'), languageOf('pt-BR'), languageOf('ja-JP'), languageOf(null)]).toEqual([
      'swedish',
      'norwegian',
      'portuguese',
      'english',
      'english',
    ]);
  });

  it('guards the sync: 401, 403 without execute, 403 for a LIMITED member', async () => {
    expect((await (await anonymous(t)).post(SYNC)).status).toBe(401);
    expect((await reader.post(SYNC)).status).toBe(403);
    const res = await limited.post(SYNC);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/team limited to some assets/);
  });

  it('says what is missing before the Azure integration is set up, and when credentials are wrong', async () => {
    const none = await admin.post(SYNC);
    expect(none.status).toBe(400);
    expect(String(none.body.non_field_errors)).toMatch(/Set up the Azure integration first/);
    const set = await admin.request('PUT', '/api/app1/customer/1/azure/', {
      enabled: true,
      tenant: graph.tenant,
      client_id: graph.clientId,
      client_secret: 'wrong-secret',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ type: 'azure', tenant: graph.tenant, client_secret: '********' });
    const wrong = await admin.post(SYNC);
    expect(wrong.status).toBe(400);
    expect(String(wrong.body.non_field_errors)).toMatch(/did not accept.*AADSTS7000215/);
    await admin.request('PATCH', '/api/app1/customer/1/azure/', { client_secret: graph.clientSecret });
  });

  it('syncs every page, waits out a 429, creates, adopts and skips', async () => {
    graph.log.length = 0;
    graph.throttleNext(1, 1);
    const res = await admin.post<DirectorySyncResult>(SYNC);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ fetched: 5, created: 2, updated: 1, deactivated: 0, pages: 3, throttled: 1, finished: NOW.toISOString() });
    const token = graph.log.find((l) => l.path.endsWith('/token'))!;
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      client_id: graph.clientId,
      client_secret: graph.clientSecret,
      scope: 'https://graph.microsoft.com/.default',
      grant_type: 'client_credentials',
    });
    const first = graph.log.find((l) => l.path === '/v1.0/users')!;
    expect(first.query.get('$top')).toBe('999');
    expect(first.query.get('$select')).toContain('preferredLanguage');
    expect(await byEmail('anna.berg@contoso.com')).toMatchObject({
      source: 'azure_ad',
      external_id: 'a1',
      language: 'swedish',
      department: 'Sales',
    });
    expect(await byEmail('bo@contoso.com')).toMatchObject({ language: 'german', job_title: 'Controller', last_name: 'Ek' });
    expect(await byEmail('dana@contoso.com')).toMatchObject({
      source: 'azure_ad',
      external_id: 'e5',
      language: 'norwegian',
      last_name: 'Lind',
    });
    expect(await byEmail('carl@contoso.com')).toBeUndefined();
    const again = await admin.post<DirectorySyncResult>(SYNC);
    expect(again.body).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
  });

  it('deactivates disabled accounts and users the directory no longer has, and follows changes', async () => {
    graph.users = [
      { ...graph.users[0]!, accountEnabled: false },
      graph.users[2]!,
      { ...graph.users[4]!, department: 'Security', mail: 'dana.lind@contoso.com' },
    ];
    const res = await admin.post<DirectorySyncResult>(SYNC);
    expect(res.body).toMatchObject({ fetched: 3, created: 0, updated: 1, deactivated: 2 });
    expect(await byEmail('anna.berg@contoso.com')).toMatchObject({ active: false });
    expect(await byEmail('bo@contoso.com')).toMatchObject({ active: false });
    expect(await byEmail('dana.lind@contoso.com')).toMatchObject({ department: 'Security', active: true });
  });

  it('gives up after the bounded retries, waiting as Retry-After says', async () => {
    const waits: number[] = [];
    graph.throttleNext(4, 3);
    await expect(syncAzureAd(t.ctx, 1, 1, NOW, { sleep: async (ms) => void waits.push(ms), maxRetries: 3 })).rejects.toMatchObject({
      statusCode: 502,
    });
    expect(waits).toEqual([3000, 3000, 3000]);
  });

  it('answers 502 when Graph cannot be reached', async () => {
    await graph.close();
    const res = await admin.post(SYNC);
    expect(res.status).toBe(502);
    expect(String(res.body.detail)).toMatch(/could not be reached/);
  });
});
