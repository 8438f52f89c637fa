// First start on an empty database: creates the first customer and its superuser from the admin settings. Apart from
// bootstrap.ts so the one-off commands of the `bulwark` CLI make it too without loading the modules bootstrap seeds.
import { count } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { customers, users } from './db/schema/index.ts';
import { hashPassword, passwordProblems } from './lib/passwords.ts';

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** Only when the password was generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

export async function createFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<BootstrapResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (Number(existing?.n ?? 0) > 0) return { created: false };
  const email = config.adminEmail ?? 'admin@localhost';
  let password = config.adminPassword;
  let generatedPassword: string | undefined;
  if (password) {
    const problems = passwordProblems(password, email);
    if (problems.length) throw new Error(`BULWARK_ADMIN_PASSWORD is not acceptable: ${problems.join(' ')}`);
  } else {
    password = randomBytes(12).toString('base64url');
    generatedPassword = password;
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [customer] = await tx.insert(customers).values({ name: 'My organisation', subscriptionTier: 1 }).returning();
    await tx.insert(users).values({
      customerId: customer!.id,
      email,
      passwordHash,
      firstName: 'Admin',
      isSuperuser: true,
      customerAdmin: true,
      // The person who installs Bulwark runs it: feeds and customers are theirs (docs/permissions.md).
      platformOperator: true,
      passwordChangedAt: new Date(),
    });
  });
  if (generatedPassword) {
    // Printed once on purpose: the only way to learn a generated first password. It is not kept anywhere.
    process.stdout.write(
      `\nBulwark created the first administrator.\n  e-mail:   ${email}\n  password: ${generatedPassword}\nSign in and change it (Profile settings), or set BULWARK_ADMIN_EMAIL and BULWARK_ADMIN_PASSWORD before the first start.\n\n`,
    );
  }
  log.info({ email }, 'created the first customer and its superuser');
  return { created: true, email, generatedPassword };
}
