// Scan credentials (Linux, Windows, Kubernetes; secrets sealed by the secret box) and what authenticated scans learn
// with them: each host's installed packages, and its authentication state (credential health, operating system,
// kernels, the SSH host key pinned on first use).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CredentialHealth, ScanAuthMethod, ScanAuthOs } from '@bulwark/core';
import { assets } from './assets.ts';
import { customers } from './customers.ts';
import { scanRuns } from './scans.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

export const scanCredentials = pgTable(
  'scan_credentials',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    kind: text('kind').$type<ScanAuthOs>().notNull(),
    name: text('name').notNull(),
    method: text('method').$type<ScanAuthMethod>().notNull(),
    /** The plain fields of the kind (username, port, domain, url, use_dsskey …). */
    fields: jsonb('fields').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** passwd, priv_key, priv_key_passwd, escalation_passwd, token: each sealed by the secret box. */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scan_credentials_name_idx').on(t.customerId, t.kind, sql`lower(${t.name})`)],
);

/** A host asset's installed packages as its last authenticated scan listed them (dpkg, rpm, apk). */
export const hostPackages = pgTable(
  'host_packages',
  {
    customerId: customerId(),
    hostId: integer('host_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** The package manager: dpkg, rpm or apk. */
    manager: text('manager').notNull(),
    name: text('name').notNull(),
    arch: text('arch').notNull().default(''),
    version: text('version').notNull(),
    /** The source package and its version (Debian: what the security tracker names). */
    source: text('source').notNull(),
    sourceVersion: text('source_version').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    lastRunId: integer('last_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.hostId, t.name, t.arch] }),
    index('host_packages_customer_idx').on(t.customerId, t.name, t.version),
    index('host_packages_source_idx').on(t.customerId, t.source),
  ],
);

/** A host's authentication state from its last authenticated look (one row per host asset). */
export const hostAuthStates = pgTable('host_auth_states', {
  hostId: integer('host_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  customerId: customerId(),
  health: text('health').$type<CredentialHealth>().notNull(),
  message: text('message').notNull().default(''),
  credentialId: integer('credential_id').references(() => scanCredentials.id, { onDelete: 'set null' }),
  runId: integer('run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  /** os-release: ID, VERSION_ID, VERSION_CODENAME and PRETTY_NAME. */
  osId: text('os_id'),
  osVersion: text('os_version'),
  osCodename: text('os_codename'),
  osName: text('os_name'),
  kernelRunning: text('kernel_running'),
  kernelLatest: text('kernel_latest'),
  packageCount: integer('package_count'),
  /** The SSH host key pinned on first use ("ssh-ed25519 SHA256:…"), the one seen last, and when it last changed. */
  hostKeyPinned: text('host_key_pinned'),
  hostKeySeen: text('host_key_seen'),
  hostKeyChangedAt: timestamp('host_key_changed_at', { withTimezone: true }),
  listening: jsonb('listening')
    .$type<{ protocol: 'tcp' | 'udp'; address: string; port: number; process: string | null }[]>()
    .notNull()
    .default([]),
});
