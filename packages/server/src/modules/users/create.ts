// Creating a user, the one way: `bulwark user create`, the users screen's Invite and Create, SAML's just-in-time users
// and the tests all come here. A user with a password may sign in at once; one without is invited: a welcome link (valid for the welcome
// token's lifetime) is mailed, and sending a new one makes the earlier links stop working.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { customers, oneTimeTokens, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword, passwordProblems } from '../../lib/passwords.ts';
import { findUserByEmail, issueToken, resetLink, TOKEN_TTL_SECONDS } from '../auth/index.ts';

export interface CreateUserOptions {
  email: string;
  password?: string;
  superuser?: boolean;
  customerAdmin?: boolean;
  permissions?: Partial<Record<string, string[]>>;
  firstName?: string;
  lastName?: string;
  customerId?: number;
  customerName?: string;
  /** Who invited them, named in the welcome mail. */
  invitedBy?: string;
  /** Runs in the creating transaction (the users screen records its audit event there). */
  onCreated?: (tx: Tx, userId: number) => Promise<void>;
  /** false: no welcome link for a user without a password (one their IdP signs in, created just in time by SAML). */
  invite?: boolean;
}

export interface CreatedUser {
  id: number;
  customerId: number;
  welcomeLink?: string;
}

/** The e-mail address is taken (by a user of any customer: sign-in is by e-mail). */
export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`A user with e-mail ${email} already exists.`);
  }
}

/** Refuses a malformed e-mail address or a weak password: `bulwark user create` asks before it opens the database. */
export function checkNewUser(o: Pick<CreateUserOptions, 'email' | 'password'>): void {
  const email = o.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new Error(`"${o.email}" is not an e-mail address.`);
  if (o.password) {
    const problems = passwordProblems(o.password, email);
    if (problems.length) throw new Error(problems.join(' '));
  }
}

/** The welcome link's lifetime in days, for the mail and the CLI. */
export const WELCOME_DAYS = Math.round(TOKEN_TTL_SECONDS.welcome / 86400);

/** Ends every unused welcome and password link of the user (a new invitation, deactivation). */
export async function revokeLinks(db: Tx, userId: number, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.kind, ['welcome', 'password_reset']), isNull(oneTimeTokens.usedAt)));
}

/** Mails a fresh welcome link (earlier ones stop working) and answers it. */
export async function sendInvitation(
  ctx: AppContext,
  user: { id: number; email: string; firstName: string },
  customerName: string,
  invitedBy?: string,
): Promise<string> {
  await revokeLinks(ctx.db, user.id, ctx.clock());
  const token = await issueToken(ctx.db, 'welcome', user.id);
  const link = resetLink(ctx, user.id, token, true);
  const who = invitedBy
    ? `${invitedBy} has invited you to ${customerName} in Bulwark.`
    : `An account has been created for you in Bulwark (${customerName}).`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Welcome to Bulwark',
    text: `Hello${user.firstName ? ` ${user.firstName}` : ''},\n\n${who} Choose your password within ${WELCOME_DAYS} days here:\n\n${link}\n\nThen sign in with your e-mail address (${user.email}) and that password. If the link has expired, ask your administrator to send a new invitation.\n`,
  });
  return link;
}

export async function createUser(ctx: AppContext, o: CreateUserOptions): Promise<CreatedUser> {
  checkNewUser(o);
  const email = o.email.trim().toLowerCase();
  if (await findUserByEmail(ctx.db, email)) throw new EmailTakenError(email);
  const passwordHash = o.password ? await hashPassword(o.password) : null;
  const { user, customerName } = await ctx.db
    .transaction(async (tx) => {
      let customerId = o.customerId;
      let customerName: string;
      if (o.customerName) {
        const [c] = await tx.insert(customers).values({ name: o.customerName, subscriptionTier: 1 }).returning();
        customerId = c!.id;
        customerName = c!.name;
      } else if (customerId === undefined) {
        const [first] = await tx.select().from(customers).orderBy(customers.id).limit(1);
        if (!first) throw new Error('There is no customer yet: start the server once, or pass --new-customer NAME.');
        customerId = first.id;
        customerName = first.name;
      } else {
        const [c] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
        if (!c) throw new Error(`There is no customer with id ${customerId}.`);
        customerName = c.name;
      }
      const [u] = await tx
        .insert(users)
        .values({
          customerId,
          email,
          passwordHash,
          firstName: o.firstName ?? '',
          lastName: o.lastName ?? '',
          isSuperuser: Boolean(o.superuser),
          customerAdmin: Boolean(o.customerAdmin),
          permissions: (o.permissions ?? {}) as Record<string, string[]>,
          passwordChangedAt: passwordHash ? new Date() : null,
        })
        .returning();
      await o.onCreated?.(tx, u!.id);
      return { user: u!, customerName };
    })
    .catch((e: unknown) => {
      // Two creations of one address at once: the unique index decides, and the loser hears why.
      throw isUniqueViolation(e) ? new EmailTakenError(email) : e;
    });
  if (passwordHash || o.invite === false) return { id: user.id, customerId: user.customerId };
  const welcomeLink = await sendInvitation(ctx, user, customerName, o.invitedBy);
  return { id: user.id, customerId: user.customerId, welcomeLink };
}
