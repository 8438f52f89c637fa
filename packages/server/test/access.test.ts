// The access hook on its own: a route without a declared access refuses to register, an unknown rule too, and a
// route of a feature whose flag is off answers 403 "not enabled" (not 404) before its input is read.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiAccess } from '@bulwark/core';
import { FEATURE_NOT_ENABLED, registerAccessControl } from '../src/http/access.ts';
import { registerErrorHandler } from '../src/http/errors.ts';
import type { Auth } from '../src/http/session.ts';

/** A tiny app whose caller is whoever the x-test-user header names (flags in x-test-flags). */
async function appWith(register: (app: ReturnType<typeof base>) => void) {
  const app = base();
  register(app);
  await app.ready();
  return app;
}

function base() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-test-user'];
    if (typeof who !== 'string') return;
    request.auth = {
      user: { isSuperuser: who === 'admin', customerAdmin: false, platformOperator: false, permissions: { net_scans: ['read'] } },
      customer: { featureFlags: String(request.headers['x-test-flags'] ?? '').split(',') },
    } as unknown as Auth;
  });
  registerAccessControl(app);
  return app;
}

describe('access control', () => {
  it('refuses to register an API route that declares no access, or an unknown rule', async () => {
    await expect(appWith((app) => app.get('/api/naked/', async () => ({})))).rejects.toThrow('GET /api/naked/ declares no access');
    await expect(
      appWith((app) => app.get('/api/odd/', { config: { access: 'net_scans:launch' as ApiAccess } }, async () => ({}))),
    ).rejects.toThrow('unknown access rule: net_scans:launch');
  });

  it('answers a flagged route 403 "not enabled" when the flag is off, before validating', async () => {
    const app = await appWith((a) =>
      a.post(
        '/api/cloud/',
        { config: { access: 'net_scans:read', flag: 'cloud-scanning' }, schema: { body: z.object({ name: z.string() }) } },
        async () => ({ ok: true }),
      ),
    );
    const off = await app.inject({ method: 'POST', url: '/api/cloud/', headers: { 'x-test-user': 'u' }, payload: {} });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ detail: FEATURE_NOT_ENABLED, code: 'feature_not_enabled' });
    const on = await app.inject({
      method: 'POST',
      url: '/api/cloud/',
      headers: { 'x-test-user': 'u', 'x-test-flags': 'cloud-scanning' },
      payload: { name: 'x' },
    });
    expect(on.json()).toEqual({ ok: true });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/cloud/',
      headers: { 'x-test-user': 'u', 'x-test-flags': 'cloud-scanning' },
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/cloud/', payload: {} })).statusCode).toBe(401);
    await app.close();
  });
});
