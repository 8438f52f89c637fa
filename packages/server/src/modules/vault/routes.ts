// HTTP routes of the BeyondTrust Password Safe integration (feature-areas §7): its settings at
// `app1/customer/{customerId}/beyondtrust/` and `beyondtrust/test-account/`, which walks a managed account through
// every call a scan makes (sign in, find, request, retrieve, check in, sign out) and says what each answered, without
// returning the secret. Superusers of the customer only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beyondTrustTestInput, beyondTrustTestResult, type BeyondTrustTestResult } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/guards.ts';
import { customerParams, integrationSettingsRoutes, ownCustomer } from '../notifications/index.ts';
import { PasswordSafeError, type PasswordSafeCall } from './password-safe.ts';
import { passwordSafeOf, VAULT_NOT_SET_UP } from './service.ts';

const tags = ['integrations'];

export function vaultRoutes(app: FastifyInstance, ctx: AppContext): void {
  integrationSettingsRoutes(app, ctx, 'beyondtrust');
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/app1/customer/:customerId/beyondtrust/test-account/',
    {
      config: { access: 'superuser' },
      schema: {
        tags,
        summary: 'Borrow a managed account through the saved settings, as a scan would, and give it back at once',
        params: customerParams,
        body: beyondTrustTestInput,
        response: { 200: beyondTrustTestResult },
      },
    },
    async (request) => {
      const customerId = ownCustomer(request, request.params.customerId);
      const { system_name, account_name } = request.body;
      const steps: BeyondTrustTestResult['steps'] = [];
      const result = (ok: boolean, detail: string): BeyondTrustTestResult => ({ ok, detail, steps });
      const safe = await passwordSafeOf(ctx, customerId);
      if (!safe) return result(false, VAULT_NOT_SET_UP);
      let current: PasswordSafeCall = 'sign_in';
      let requestId: number | null = null;
      try {
        const { userName } = await safe.signIn();
        steps.push({ step: 'sign_in', ok: true, message: `Signed in to ${safe.host} as ${userName}.` });
        current = 'find_account';
        const account = await safe.findAccount(system_name, account_name);
        steps.push({ step: 'find_account', ok: true, message: `Found ${account.accountName} on ${account.systemName}.` });
        current = 'request';
        requestId = await safe.request(account, 1, `Bulwark account test by ${authOf(request).user.email}`);
        steps.push({ step: 'request', ok: true, message: `Request ${requestId} was approved.` });
        current = 'retrieve';
        const secret = await safe.retrieve(requestId, 'password');
        steps.push({ step: 'retrieve', ok: true, message: `Retrieved a password of ${secret.length} characters.` });
        current = 'check_in';
        await safe.checkIn(requestId, 'Bulwark account test done');
        requestId = null;
        steps.push({ step: 'check_in', ok: true, message: 'The request was checked in.' });
        current = 'sign_out';
        await safe.signOut();
        steps.push({ step: 'sign_out', ok: true, message: 'Signed out.' });
        return result(true, `Bulwark can borrow ${account.accountName} on ${account.systemName} from BeyondTrust Password Safe.`);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        steps.push({ step: err instanceof PasswordSafeError ? err.call : current, ok: false, message });
        // Whatever failed after the request, the request goes back and the session ends.
        if (requestId !== null) await safe.checkIn(requestId, 'Bulwark account test failed').catch(() => undefined);
        await safe.signOut().catch(() => undefined);
        return result(false, message);
      }
    },
  );
}
