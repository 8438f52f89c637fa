// `bulwark user create`: adds a user to a customer, with a password or a mailed welcome link.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { customers, users } from '../db/schema/index.ts';
import { hashPassword, passwordProblems } from '../lib/passwords.ts';
import { resetLink, issueToken, findUserByEmail } from '../modules/auth/index.ts';

export interface CreateUserOptions {
  email: string;
  password?: string;
  superuser?: boolean;
  customerAdmin?: boolean;
  firstName?: string;
  lastName?: string;
  customerId?: number;
  customerName?: string;
}

export interface CreatedUser {
  id: number;
  customerId: number;
  welcomeLink?: string;
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

export async function createUser(ctx: AppContext, o: CreateUserOptions): Promise<CreatedUser> {
  checkNewUser(o);
  const email = o.email.trim().toLowerCase();
  if (await findUserByEmail(ctx.db, email)) throw new Error(`A user with e-mail ${email} already exists.`);
  const passwordHash = o.password ? await hashPassword(o.password) : null;
  const created = await ctx.db.transaction(async (tx) => {
    let customerId = o.customerId;
    if (o.customerName) {
      const [c] = await tx.insert(customers).values({ name: o.customerName, subscriptionTier: 1 }).returning();
      customerId = c!.id;
    } else if (customerId === undefined) {
      const [first] = await tx.select().from(customers).orderBy(customers.id).limit(1);
      if (!first) throw new Error('There is no customer yet: start the server once, or pass --new-customer NAME.');
      customerId = first.id;
    } else {
      const [c] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
      if (!c) throw new Error(`There is no customer with id ${customerId}.`);
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
        passwordChangedAt: passwordHash ? new Date() : null,
      })
      .returning();
    return u!;
  });
  if (passwordHash) return { id: created.id, customerId: created.customerId };
  const token = await issueToken(ctx.db, 'welcome', created.id);
  const welcomeLink = resetLink(ctx, created.id, token, true);
  await ctx.mailer.send({
    to: email,
    subject: 'Welcome to Bulwark',
    text: `Hello${o.firstName ? ` ${o.firstName}` : ''},\n\nAn account has been created for you in Bulwark. Choose your password within 7 days here:\n\n${welcomeLink}\n`,
  });
  return { id: created.id, customerId: created.customerId, welcomeLink };
}
