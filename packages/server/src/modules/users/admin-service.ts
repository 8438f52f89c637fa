// The rules of users managed in the app (docs/users.md): a superuser (is_superuser or customer_admin, §6) invites,
// creates, edits, deactivates, reactivates and deletes the users of their own customer, resets a user's second factor
// and resends invitations. Nobody deactivates or deletes themselves or the last administrator who can sign in; only an
// is_superuser touches an is_superuser, only a platform operator another operator; nothing is changed from an
// impersonated session. Every change writes its audit event in the same transaction as the change.
import { rolePreset, USER_ADMIN_MESSAGES as M, type UserAdminRow, type UserDeleted, type UserInvite } from '@bulwark/core';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { userAdminPatch, userCreate, userInvite } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { auditEvents, sessions } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, nonField, notFound } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import type { Auth, UserRow } from '../../http/session.ts';
import { passwordProblems } from '../../lib/passwords.ts';
import {
  adminRowOf,
  deleteCustomerUser,
  dropSecondFactor,
  emailTaken,
  findCustomerUser,
  isActingAdmin,
  lockCustomer,
  otherActingAdmins,
  reassignBelongings,
  statusOf,
  updateCustomerUser,
} from './admin-repo.ts';
import { createUser, EmailTakenError, revokeLinks, sendInvitation } from './create.ts';

/** Who is changing users, and through which call (for the audit event). */
export interface Actor {
  auth: Auth;
  ip: string;
  method: string;
  route: string;
}

type Operation = 'invite' | 'create' | 'update' | 'deactivate' | 'reactivate' | 'reset_two_factor' | 'resend_invitation' | 'delete';
const ACTION: Record<Operation, 'create' | 'update' | 'delete'> = {
  invite: 'create',
  create: 'create',
  update: 'update',
  deactivate: 'update',
  reactivate: 'update',
  reset_two_factor: 'update',
  resend_invitation: 'update',
  delete: 'delete',
};
const STATUS: Record<Operation, number> = { invite: 201, create: 201, delete: 200 } as Record<Operation, number>;

async function record(tx: Tx, actor: Actor, operation: Operation, userId: number, summary: Record<string, unknown>): Promise<void> {
  const { auth } = actor;
  await tx.insert(auditEvents).values({
    customerId: auth.customer.id,
    userId: auth.user.id,
    actor: auth.user.email,
    impersonated: auth.session.impersonated,
    impersonationSource: auth.session.impersonationSource,
    resource: 'users',
    action: ACTION[operation],
    method: actor.method,
    route: actor.route,
    objectId: String(userId),
    status: STATUS[operation] ?? 200,
    summary: { operation, ...summary },
    ip: actor.ip,
  });
}

const who = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) => `${u.firstName} ${u.lastName}`.trim() || u.email;

function refuseImpersonated(actor: Actor): void {
  if (actor.auth.session.impersonated) throw forbidden(M.impersonated);
}

/** The ranks a change to `target` needs: an is_superuser for an is_superuser, an operator for an operator. */
function checkRank(actor: Actor, target: UserRow): void {
  const me = actor.auth.user;
  if (target.id === me.id) return;
  if (target.platformOperator && !me.platformOperator) throw forbidden(M.operatorOnly);
  if (target.isSuperuser && !me.isSuperuser) throw forbidden(M.superuserOnly);
}

/** The user, locked for the transaction, or 404 (another customer's user is as missing as one that never was). */
async function target(tx: Tx, actor: Actor, id: number): Promise<UserRow> {
  const user = await findCustomerUser(tx, actor.auth.customer.id, id, true);
  if (!user) throw notFound();
  return user;
}

export async function getUser(ctx: AppContext, auth: Auth, id: number): Promise<UserAdminRow> {
  const row = await adminRowOf(ctx.db, auth.customer, id, ctx.clock());
  if (!row) throw notFound();
  return row;
}

/** The grant of a new user: a role preset, or customer_admin and a permission map; an auditor when neither is given. */
function grantOf(input: { role?: UserInvite['role']; customer_admin?: boolean; permissions?: Record<string, string[]> }) {
  if (input.role) return rolePreset(input.role);
  if (input.customer_admin === undefined && input.permissions === undefined) return rolePreset('auditor');
  return { customer_admin: input.customer_admin ?? false, permissions: input.permissions ?? {} };
}

/** Invitations and resends send mail: a customer may not turn Bulwark into a mail cannon. */
async function limitMail(ctx: AppContext, actor: Actor, userId?: number): Promise<void> {
  await consume(ctx.db, [
    { key: `user-invite:customer:${actor.auth.customer.id}`, max: 100, windowSeconds: 3600 },
    ...(userId ? [{ key: `user-invite:user:${userId}`, max: 5, windowSeconds: 3600 }] : []),
  ]);
}

async function addUser(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof userInvite> & { password?: string },
  operation: 'invite' | 'create',
): Promise<UserAdminRow> {
  refuseImpersonated(actor);
  const me = actor.auth.user;
  if (input.is_superuser && !me.isSuperuser) throw forbidden(M.superuserOnly);
  if (input.password !== undefined) {
    const problems = passwordProblems(input.password, input.email);
    if (problems.length) throw badRequest({ password: problems });
  }
  if (operation === 'invite') await limitMail(ctx, actor);
  const grant = grantOf(input);
  try {
    const created = await createUser(ctx, {
      email: input.email,
      password: input.password,
      firstName: input.first_name,
      lastName: input.last_name,
      superuser: input.is_superuser,
      customerAdmin: grant.customer_admin,
      permissions: grant.permissions,
      customerId: actor.auth.customer.id,
      invitedBy: who(me),
      onCreated: (tx, id) =>
        record(tx, actor, operation, id, {
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          role: input.role ?? null,
          customer_admin: grant.customer_admin,
          is_superuser: input.is_superuser,
        }),
    });
    return await getUser(ctx, actor.auth, created.id);
  } catch (e) {
    if (e instanceof EmailTakenError) throw conflict({ email: [M.emailTaken] });
    throw e;
  }
}

export const inviteUser = (ctx: AppContext, actor: Actor, input: z.output<typeof userInvite>) => addUser(ctx, actor, input, 'invite');
export const createUserWithPassword = (ctx: AppContext, actor: Actor, input: z.output<typeof userCreate>) =>
  addUser(ctx, actor, input, 'create');

export async function editUser(ctx: AppContext, actor: Actor, id: number, patch: z.output<typeof userAdminPatch>): Promise<UserAdminRow> {
  refuseImpersonated(actor);
  const me = actor.auth.user;
  let invite: UserRow | undefined;
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, actor.auth.customer.id);
    const user = await target(tx, actor, id);
    checkRank(actor, user);
    const values: Partial<UserRow> = {};
    if (patch.first_name !== undefined) values.firstName = patch.first_name;
    if (patch.last_name !== undefined) values.lastName = patch.last_name;
    const grant = patch.role !== undefined ? rolePreset(patch.role) : undefined;
    const customerAdmin = grant?.customer_admin ?? patch.customer_admin;
    const permissions = grant?.permissions ?? patch.permissions;
    if (customerAdmin !== undefined) values.customerAdmin = customerAdmin;
    if (permissions !== undefined) values.permissions = permissions as Record<string, string[]>;
    if (patch.is_superuser !== undefined && patch.is_superuser !== user.isSuperuser) {
      if (!me.isSuperuser) throw forbidden(M.superuserOnly);
      values.isSuperuser = patch.is_superuser;
    }
    const field = patch.role !== undefined ? 'role' : patch.is_superuser === false ? 'is_superuser' : 'customer_admin';
    const stillAdmin = (values.isSuperuser ?? user.isSuperuser) || (values.customerAdmin ?? user.customerAdmin);
    if (!stillAdmin && (user.isSuperuser || user.customerAdmin)) {
      if (user.id === me.id) throw badRequest({ [field]: [M.notSelfDemote] });
      if (isActingAdmin(user) && (await otherActingAdmins(tx, user.customerId, user.id)) === 0)
        throw badRequest({ [field]: [M.lastAdmin] });
    }
    if (patch.email !== undefined && patch.email !== user.email.toLowerCase()) {
      if (await emailTaken(tx, patch.email, user.id)) throw conflict({ email: [M.emailTaken] });
      values.email = patch.email;
      // Links mailed to the old address stop working; an invited user is invited again at the new one.
      await revokeLinks(tx, user.id, ctx.clock());
      if (statusOf(user) === 'invited') invite = { ...user, email: patch.email, firstName: values.firstName ?? user.firstName };
    }
    if (Object.keys(values).length === 0) return;
    await updateCustomerUser(tx, user.customerId, user.id, values);
    await record(tx, actor, 'update', user.id, { ...patch, email: user.email, ...(values.email ? { new_email: values.email } : {}) });
  });
  if (invite) await sendInvitation(ctx, invite, actor.auth.customer.name, who(me));
  return getUser(ctx, actor.auth, id);
}

/** Shared by deactivate and delete: not oneself, the right rank, never the last administrator who can sign in. */
async function checkRemovable(tx: Tx, actor: Actor, user: UserRow, self: string): Promise<void> {
  if (user.id === actor.auth.user.id) throw nonField(self);
  checkRank(actor, user);
  if (isActingAdmin(user) && (await otherActingAdmins(tx, user.customerId, user.id)) === 0) throw nonField(M.lastAdmin);
}

export async function deactivateUser(ctx: AppContext, actor: Actor, id: number): Promise<{ detail: string; user: UserAdminRow }> {
  refuseImpersonated(actor);
  const name = await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, actor.auth.customer.id);
    const user = await target(tx, actor, id);
    await checkRemovable(tx, actor, user, M.notSelfDeactivate);
    if (!user.isActive) throw nonField(M.alreadyDeactivated);
    await updateCustomerUser(tx, user.customerId, user.id, { isActive: false });
    // At once: their sessions end, and links already mailed to them stop working.
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await revokeLinks(tx, user.id, ctx.clock());
    await record(tx, actor, 'deactivate', user.id, { email: user.email });
    return who(user);
  });
  return { detail: M.deactivated(name), user: await getUser(ctx, actor.auth, id) };
}

export async function reactivateUser(ctx: AppContext, actor: Actor, id: number): Promise<{ detail: string; user: UserAdminRow }> {
  refuseImpersonated(actor);
  const name = await ctx.db.transaction(async (tx) => {
    const user = await target(tx, actor, id);
    checkRank(actor, user);
    if (user.isActive) throw nonField(M.alreadyActive);
    await updateCustomerUser(tx, user.customerId, user.id, { isActive: true });
    await record(tx, actor, 'reactivate', user.id, { email: user.email });
    return who(user);
  });
  return { detail: M.reactivated(name), user: await getUser(ctx, actor.auth, id) };
}

export async function resetSecondFactor(ctx: AppContext, actor: Actor, id: number): Promise<{ detail: string; user: UserAdminRow }> {
  refuseImpersonated(actor);
  const name = await ctx.db.transaction(async (tx) => {
    const user = await target(tx, actor, id);
    if (user.id === actor.auth.user.id) throw nonField(M.notSelfReset);
    checkRank(actor, user);
    if (user.twoFactorMethod === 'none' && !user.pendingTotpSecret && !user.pendingPhoneNumber) throw nonField(M.noSecondFactor);
    await dropSecondFactor(tx, user.customerId, user.id);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await record(tx, actor, 'reset_two_factor', user.id, { email: user.email, two_factor_method: user.twoFactorMethod });
    return who(user);
  });
  return { detail: M.twoFactorReset(name), user: await getUser(ctx, actor.auth, id) };
}

export async function resendInvitation(ctx: AppContext, actor: Actor, id: number): Promise<{ detail: string; user: UserAdminRow }> {
  refuseImpersonated(actor);
  const user = await findCustomerUser(ctx.db, actor.auth.customer.id, id);
  if (!user) throw notFound();
  checkRank(actor, user);
  if (!user.isActive) throw nonField(M.deactivatedNoInvite);
  if (statusOf(user) !== 'invited') throw nonField(M.notInvited);
  await limitMail(ctx, actor, user.id);
  await ctx.db.transaction((tx) => record(tx, actor, 'resend_invitation', user.id, { email: user.email }));
  await sendInvitation(ctx, user, actor.auth.customer.name, who(actor.auth.user));
  return { detail: M.invitationResent(user.email), user: await getUser(ctx, actor.auth, id) };
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: number, reassignTo?: number): Promise<UserDeleted> {
  refuseImpersonated(actor);
  return ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, actor.auth.customer.id);
    const user = await target(tx, actor, id);
    await checkRemovable(tx, actor, user, M.notSelfDelete);
    const heirId = reassignTo ?? actor.auth.user.id;
    const heir = heirId === user.id ? undefined : await findCustomerUser(tx, actor.auth.customer.id, heirId);
    if (!heir || !heir.isActive) throw badRequest({ reassign_to: [M.reassignInvalid] });
    const reassigned = await reassignBelongings(tx, user.customerId, user.id, heir.id);
    // The audit log keeps the user's past events (their e-mail stays as the actor); this event names them too.
    await record(tx, actor, 'delete', user.id, {
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      reassigned_to: heir.email,
      reassigned,
    });
    await deleteCustomerUser(tx, user.customerId, user.id);
    return { detail: M.deleted(who(user)), reassigned_to: heir.id, reassigned };
  });
}
