// Users: identity, roles, permissions map and second-factor settings (secrets encrypted at rest).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    picture: text('picture'),
    phoneNumber: text('phone_number'),
    pendingPhoneNumber: text('pending_phone_number'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    customerAdmin: boolean('customer_admin').notNull().default(false),
    /** Runs the installation (feeds, customers), above every customer; see docs/permissions.md. */
    platformOperator: boolean('platform_operator').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull().default({}),
    twoFactorMethod: text('two_factor_method').$type<'none' | 'totp' | 'sms'>().notNull().default('none'),
    totpSecret: text('totp_secret'),
    pendingTotpSecret: text('pending_totp_secret'),
    lastOtpStep: integer('last_otp_step'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The digest's settings (feature-areas §3 user profile `digestreportconfig`); null: never set. */
    digestConfig: jsonb('digest_config').$type<Record<string, unknown>>(),
    /** When the digest is next due (indexed for the sender); null when it is off. */
    digestNextAt: timestamp('digest_next_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_customer_idx').on(t.customerId),
    index('users_digest_due_idx')
      .on(t.digestNextAt)
      .where(sql`${t.digestNextAt} is not null`),
  ],
);
