// HTTP routes of cloud scanning: scan/cprofiles/ (the generic profile routes with the cloud ProfileStore) and the
// credential test: POST scan/cprofiles/{id}/test/ (the stored credentials; the body may override fields) and POST
// scan/cprofiles/test/ (unsaved credentials). Every route needs the cloud-scanning flag.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cloudCredentialsInput, cloudProfileFields, cloudProviderKeyOf, cloudTestResult, type CloudTestResult } from '@bulwark/core';
import { CLOUD_PROVIDERS } from '@bulwark/scanner';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { idParams } from '../../http/list.ts';
import { scanProfileRoutes } from '../profiles/index.ts';
import {
  cloudFieldsOf,
  cloudProfileRow,
  cloudProfileStore,
  credentialsOf,
  openCredentials,
  recordAccount,
  type CloudProfileSettings,
} from './profile-store.ts';

export const CLOUD_SCANNING_FLAG = 'cloud-scanning' as const;

const tags = ['cloud scan profiles'];
const testAccess = { access: 'cloud_scans:update', flag: CLOUD_SCANNING_FLAG } as const;

/** What a test of a saved profile may override before it is saved (secrets left '' or masked keep the stored ones). */
const storedTestBody = z
  .object({
    provider: cloudProfileFields.shape.provider.optional(),
    regions: cloudProfileFields.shape.regions.optional(),
    credentials: cloudCredentialsInput.unwrap().optional(),
  })
  .default({});
const unsavedTestBody = cloudProfileFields.pick({ provider: true, regions: true, credentials: true });

/** Runs the provider's credential test on opened credentials; the regions are the profile's, or all the provider offers. */
async function runTest(ctx: AppContext, settings: CloudProfileSettings, box: AppContext['secrets']): Promise<CloudTestResult> {
  const provider = CLOUD_PROVIDERS[cloudProviderKeyOf(settings.provider)];
  const regions = settings.regions.length > 0 ? settings.regions : provider.regions.map((r) => r.id);
  try {
    const outcome = await provider.test({ credentials: openCredentials(box, settings), endpoints: ctx.config.cloud.endpoints, regions });
    return { ok: outcome.ok, account: outcome.account, missing_permissions: outcome.missingPermissions, message: outcome.message };
  } catch (error) {
    // A provider that fails outright (unreachable endpoint) is a failed test, not a server error; the message never holds secrets.
    return { ok: false, account: null, missing_permissions: [], message: error instanceof Error ? error.message : String(error) };
  }
}

export function cloudProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = cloudProfileStore(ctx.secrets);
  // The generic routes declare only their permission: the flag is added to each of scan/cprofiles/ as it registers
  // (a hook on the app itself, not a plugin of its own, so the routes exist as soon as this returns).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/scan/cprofiles/')) route.config = { ...route.config, flag: CLOUD_SCANNING_FLAG };
  });
  scanProfileRoutes(app, ctx, store);

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/scan/cprofiles/test/',
    {
      config: testAccess,
      schema: {
        tags,
        summary: 'Test unsaved cloud credentials: whether the provider accepts them, the account reached, the read permissions refused',
        body: unsavedTestBody,
        response: { 200: cloudTestResult },
      },
    },
    async (request) => {
      const body = request.body;
      const credentials = credentialsOf(ctx.secrets, { ...body, minus_controls: [] });
      return runTest(ctx, { provider: body.provider, regions: body.regions, minus_controls: [], credentials, account: null }, ctx.secrets);
    },
  );

  r.post(
    '/api/scan/cprofiles/:id/test/',
    {
      config: testAccess,
      schema: {
        tags,
        summary:
          'Test a cloud profile’s credentials (the body may override provider, regions or credentials before saving); the account reached is kept on the profile',
        params: idParams,
        body: storedTestBody,
        response: { 200: cloudTestResult },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await cloudProfileRow(ctx.db, auth.customer.id, request.params.id);
      const current = cloudFieldsOf(row);
      const body = request.body;
      const input = {
        provider: body.provider ?? current.provider,
        regions: body.regions ?? current.regions,
        minus_controls: [],
        credentials: body.credentials ?? Object.fromEntries(Object.entries(current.credentials).map(([k, v]) => [k, v])),
      };
      // Without overriding credentials, the stored ones are used as they are (sealed secrets kept).
      const credentials =
        body.credentials === undefined && input.provider === current.provider
          ? current.credentials
          : credentialsOf(ctx.secrets, input, current);
      const result = await runTest(ctx, { ...input, credentials, account: null }, ctx.secrets);
      // The account is the profile's only when its own stored settings were tested.
      if (result.ok && body.credentials === undefined && input.provider === current.provider)
        await recordAccount(ctx.db, auth.customer.id, row.id, result.account);
      return result;
    },
  );
}
