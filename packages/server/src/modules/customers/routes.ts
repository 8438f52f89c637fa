// HTTP routes of the customer (tenant) record, feature flags and SSO tokens (platform-core §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURE_FLAGS, customer, customerPatch, daysToExpiration, featureFlagMap, ssoToken, type Customer } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { updateCustomerRow, type CustomerValues } from './repo.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../../http/guards.ts';
import { consume } from '../../http/rate-limit.ts';
import type { CustomerRow } from '../../http/session.ts';
import { audit, TOKEN_TTL_SECONDS, issueToken } from '../auth/index.ts';
import { idParams } from '../../http/list.ts';
import { enforceBlackouts } from '../tasks/index.ts';
import { refreshAllAssetRisk } from '../assets/index.ts';
import { planSamlSettings, samlSettingsOf } from '../saml/index.ts';

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    subscription_tier: row.subscriptionTier,
    license_end_date: row.licenseEndDate,
    days_to_expiration: daysToExpiration(row.licenseEndDate),
    integrations: [],
    lifecycle_management_enabled: row.lifecycleManagementEnabled,
    lifecycle_period: row.lifecyclePeriod,
    risk_acceptance_approval: row.riskAcceptanceApproval,
    min_qod: row.minQod,
    blackouts: row.blackouts ?? null,
    max_concurrent_tasks: row.maxConcurrentTasks,
  };
}

export function customerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/customer/',
    { config: { access: 'signed-in' }, schema: { tags: ['customer'], summary: 'The caller’s customer', response: { 200: customer } } },
    async (request) => {
      const own = authOf(request).customer;
      return { ...toCustomer(own), saml: await samlSettingsOf(ctx, own.id) };
    },
  );

  r.patch(
    '/api/customer/:id/',
    {
      config: { access: 'superuser' },
      schema: {
        tags: ['customer'],
        summary:
          'Change the customer’s name, logo, lifecycle management, risk-acceptance approval, minimum quality of detection or blackout window (superusers)',
        params: idParams,
        body: customerPatch,
        response: { 200: customer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      // Another customer's id is answered exactly like one that does not exist.
      if (request.params.id !== auth.customer.id) throw notFound();
      const values: CustomerValues = {};
      if (request.body.name !== undefined) values.name = request.body.name;
      if (request.body.logo !== undefined) values.logo = request.body.logo || null;
      if (request.body.lifecycle_management_enabled !== undefined)
        values.lifecycleManagementEnabled = request.body.lifecycle_management_enabled;
      if (request.body.lifecycle_period !== undefined) values.lifecyclePeriod = request.body.lifecycle_period;
      if (request.body.risk_acceptance_approval !== undefined) values.riskAcceptanceApproval = request.body.risk_acceptance_approval;
      if (request.body.blackouts !== undefined) values.blackouts = request.body.blackouts;
      if (request.body.min_qod !== undefined) values.minQod = request.body.min_qod;
      // SAML is checked first (it may refuse: an IdP that cannot be read); then the SAML setting, the customer's fields
      // and the risk they change are written together or not at all.
      const samlChange = request.body.saml !== undefined ? await planSamlSettings(ctx, auth.customer.id, request.body.saml) : null;
      const samlKept = samlChange ? null : await samlSettingsOf(ctx, auth.customer.id);
      const { row, saml } = await ctx.db.transaction(async (tx) => {
        const saml = samlChange ? await samlChange(tx) : samlKept;
        if (Object.keys(values).length === 0) return { row: auth.customer, saml };
        const row = await updateCustomerRow(tx, auth.customer.id, values);
        // Findings below the minimum quality of detection do not count towards an asset's risk.
        if (values.minQod !== undefined && values.minQod !== auth.customer.minQod) await refreshAllAssetRisk(tx, auth.customer.id);
        return { row, saml };
      });
      // A changed window takes effect now, not at the scheduler's next minute.
      if (values.blackouts !== undefined) await enforceBlackouts(ctx.db, ctx, ctx.clock(), auth.customer.id);
      return { ...toCustomer(row), saml };
    },
  );

  r.get(
    '/api/feature-flags/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['customer'],
        summary: 'Every feature flag as a boolean (all false when signed out)',
        response: { 200: z.object(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()]))) },
      },
    },
    async (request) => featureFlagMap(request.auth?.customer.featureFlags ?? []),
  );

  r.get(
    '/api/sso/generatessotoken/',
    {
      config: { access: 'signed-in', sessionOnly: true },
      schema: {
        tags: ['customer'],
        summary: 'A one-time token (60 s) that signs the caller in to a federated application',
        response: { 200: ssoToken },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await consume(ctx.db, [{ key: `sso:user:${auth.user.id}`, max: 30, windowSeconds: 900 }]);
      const token = await issueToken(ctx.db, 'sso', auth.user.id, {
        customerId: auth.customer.id,
        // The federated application learns that this is the back office, not the user.
        impersonationSource: auth.session.impersonationSource,
      });
      await audit(ctx, request, 'sso_token_generated', { userId: auth.user.id, customerId: auth.customer.id, username: auth.user.email });
      return { token, expires_in_seconds: TOKEN_TTL_SECONDS.sso };
    },
  );
}
