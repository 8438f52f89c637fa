// The asset inventory: one row per real thing a customer owns — a host, a network or IP range (what scans target),
// a web application, later cloud resources and recipients — with its tags and the teams that see it. Scan targets
// are assets (docs/decisions/0005-assets.md); docs/assets.md says how a host found again is recognised.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AssetKind, TagRule } from '@bulwark/core';
import { customers } from './customers.ts';
import { scanRuns } from './scans.ts';
import { users } from './users.ts';

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    /** host, network (`a.b.c.d/m`), range (`start-end`) or webapp (URI); `type` is its §3 code (1, 2, 3). */
    kind: text('kind').$type<AssetKind>().notNull().default('host'),
    type: smallint('type').notNull().default(2),
    /** The asset as written (normalised): a host's address or name, the network, the range, the URI. */
    value: text('value').notNull(),
    /**
     * Where private addresses are unique: '' is the customer's one shared network; a probe group that scans a
     * separate network (overlapping private ranges) gives its hosts the zone `g<group id>`.
     */
    zone: text('zone').notNull().default(''),
    /** A host's canonical IP address once known (from the value or a scan). */
    address: text('address'),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    hostnames: jsonb('hostnames').$type<string[]>().notNull().default([]),
    os: text('os'),
    openPorts: integer('open_ports').notNull().default(0),
    isServer: boolean('is_server').notNull().default(false),
    internetFacing: boolean('internet_facing').notNull().default(false),
    pci: boolean('pci').notNull().default(false),
    emailAddress: text('email_address'),
    /** Business criticality 1 low … 4 critical (core's BUSINESS_CRITICALITY); feeds the asset's risk score. */
    criticality: smallint('criticality').notNull().default(2),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Identity evidence when a scan sees it (docs/assets.md). */
    macAddress: text('mac_address'),
    sshHostKey: text('ssh_host_key'),
    /** The network or range asset a host was found in. */
    parentId: integer('parent_id').references((): AnyPgColumn => assets.id, { onDelete: 'set null' }),
    /** Highest open-finding risk score, weighted by criticality (docs/risk-score.md); kept by processing. */
    riskScore: smallint('risk_score').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /** First and last time a scan saw the asset (null until one does). */
    firstSeen: timestamp('first_seen', { withTimezone: true }),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    lastRunId: integer('last_run_id').references(() => scanRuns.id, { onDelete: 'set null' }),
    /** Set by lifecycle management when the asset was not seen for the customer's period. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assets_value_idx').on(t.customerId, t.zone, t.kind, sql`lower(${t.value})`),
    uniqueIndex('assets_address_idx')
      .on(t.customerId, t.zone, t.address)
      .where(sql`${t.address} is not null`),
    index('assets_last_seen_idx').on(t.customerId, t.lastSeen),
    index('assets_created_idx').on(t.customerId, t.createdAt),
    index('assets_type_idx').on(t.customerId, t.type, t.id),
    index('assets_risk_idx').on(t.customerId, t.riskScore),
    index('assets_parent_idx').on(t.parentId),
  ],
);

/** Tags: static ones are set on assets by hand or import; dynamic ones (`rules`) are kept by re-evaluation. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default('#1c7ed6'),
    isDynamic: boolean('is_dynamic').notNull().default(false),
    rules: jsonb('rules').$type<TagRule[]>().notNull().default([]),
    /** Business impact 1 low … 4 critical; an asset's criticality is at least the highest of its tags'. */
    businessImpact: smallint('business_impact'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the dynamic rules were last applied to every asset. */
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tags_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

/** Which assets carry which tags (a dynamic tag's rows are what its rules matched at the last evaluation). */
export const assetTags = pgTable(
  'asset_tags',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    customerId: customerId(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.assetId] }), index('asset_tags_asset_idx').on(t.assetId, t.tagId)],
);

/** Teams: members see ALL assets, or (LIMITED) only those carrying one of the team's permission tags. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    customerId: customerId(),
    name: text('name').notNull(),
    notificationEmail: text('notification_email'),
    assetPermissions: text('asset_permissions').$type<'ALL' | 'LIMITED'>().notNull().default('ALL'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/** A team's tags: `permission` ones limit what a LIMITED team sees, `owner` ones name the assets it owns. */
export const teamTags = pgTable(
  'team_tags',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    role: text('role').$type<'permission' | 'owner'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.tagId, t.role] })],
);
