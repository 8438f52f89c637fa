// User profiles: the §3 profile shape, who may read and change whom, tenant-scoped.
import { and, asc, count, eq } from 'drizzle-orm';
import { daysToExpiration, isSuperuser, roleOf, rolePreset, type UserProfile } from '@bulwark/core';
import type { z } from 'zod';
import type { userProfilePatch } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Auth, CustomerRow, UserRow } from '../../http/session.ts';
import { subjectOf } from '../../http/guards.ts';
import { maskPhone } from '../auth/index.ts';
import { digestOfProfile } from '../reports/index.ts';

export function toProfile(user: UserRow, customer: CustomerRow): UserProfile {
  return {
    id: user.id,
    user: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    picture: user.picture,
    phone_number: maskPhone(user.phoneNumber),
    is_superuser: user.isSuperuser,
    customer_admin: user.customerAdmin,
    customer: customer.id,
    customer_name: customer.name,
    days_to_expiration: daysToExpiration(customer.licenseEndDate),
    permissions: user.permissions,
    role: roleOf({ customer_admin: user.customerAdmin, is_superuser: user.isSuperuser, permissions: user.permissions }),
    platform_operator: user.platformOperator,
    two_factor_method: user.twoFactorMethod,
    digestreportconfig: digestOfProfile(user),
  };
}

/** A user of the caller's own customer that the caller may see: themselves, or anyone when superuser. */
async function visibleUser(ctx: AppContext, auth: Auth, id: number): Promise<UserRow> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.customerId, auth.customer.id)))
    .limit(1);
  const user = rows[0];
  if (!user || (user.id !== auth.user.id && !isSuperuser(subjectOf(auth)))) throw notFound();
  return user;
}

export async function getProfile(ctx: AppContext, auth: Auth, id: number): Promise<UserProfile> {
  return toProfile(await visibleUser(ctx, auth, id), auth.customer);
}

export async function listProfiles(ctx: AppContext, auth: Auth, page: number, pageSize: number) {
  const scope = isSuperuser(subjectOf(auth))
    ? eq(users.customerId, auth.customer.id)
    : and(eq(users.customerId, auth.customer.id), eq(users.id, auth.user.id));
  const [total] = await ctx.db.select({ n: count() }).from(users).where(scope);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(scope)
    .orderBy(asc(users.email))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: Number(total?.n ?? 0), results: rows.map((u) => toProfile(u, auth.customer)) };
}

export async function patchProfile(ctx: AppContext, auth: Auth, id: number, patch: z.infer<typeof userProfilePatch>): Promise<UserProfile> {
  const user = await visibleUser(ctx, auth, id);
  if (patch.role !== undefined) {
    const grant = rolePreset(patch.role);
    patch = { ...patch, role: undefined, customer_admin: grant.customer_admin, permissions: grant.permissions };
  }
  const superuser = isSuperuser(subjectOf(auth));
  if ((patch.customer_admin !== undefined || patch.permissions !== undefined) && !superuser) {
    throw forbidden('Only an administrator can change roles and permissions.');
  }
  if (patch.customer_admin === false && user.id === auth.user.id && !user.isSuperuser) {
    throw badRequest({ customer_admin: ['You cannot remove your own administrator role.'] });
  }
  if (auth.session.impersonated && (patch.customer_admin !== undefined || patch.permissions !== undefined)) {
    throw forbidden('Roles and permissions cannot be changed in an impersonated session.');
  }
  const values: Partial<typeof users.$inferInsert> = {};
  if (patch.first_name !== undefined) values.firstName = patch.first_name;
  if (patch.last_name !== undefined) values.lastName = patch.last_name;
  if (patch.picture !== undefined) values.picture = patch.picture || null;
  if (patch.customer_admin !== undefined) values.customerAdmin = patch.customer_admin;
  if (patch.permissions !== undefined) values.permissions = patch.permissions;
  if (Object.keys(values).length === 0) return toProfile(user, auth.customer);
  const [updated] = await ctx.db
    .update(users)
    .set(values)
    .where(and(eq(users.id, user.id), eq(users.customerId, auth.customer.id)))
    .returning();
  return toProfile(updated!, auth.customer);
}
