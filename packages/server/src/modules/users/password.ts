// Changing one's own password: needs the current one, checks the policy, ends the user's other sessions.
import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { consume } from '../../http/rate-limit.ts';
import type { Auth } from '../../http/session.ts';
import { hashPassword, passwordProblems, verifyPassword } from '../../lib/passwords.ts';
import { audit } from '../auth/index.ts';

export async function changePassword(ctx: AppContext, request: FastifyRequest, auth: Auth, current: string, next: string): Promise<void> {
  if (auth.session.impersonated) throw forbidden('The password cannot be changed in an impersonated session.');
  await consume(ctx.db, [{ key: `password-change:user:${auth.user.id}`, max: 10, windowSeconds: 900 }]);
  if (!(await verifyPassword(auth.user.passwordHash, current))) {
    throw badRequest({ current_password: ['The current password is not correct.'] });
  }
  const problems = passwordProblems(next, auth.user.email);
  if (problems.length) throw badRequest({ new_password: problems });
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, auth.user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.session.id)));
  });
  await audit(
    ctx,
    request,
    'password_changed',
    { userId: auth.user.id, customerId: auth.customer.id, username: auth.user.email },
    'profile',
  );
}
