// SAML single sign-on: each customer's setting (the IdP as given and as read from its metadata, Bulwark's own key pair
// sealed at rest) and the message ids it must remember (its own requests until answered, assertions until they expire).
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { RolePreset, SamlConfigOption } from '@bulwark/core';
import { customers } from './customers.ts';

export const samlSettings = pgTable('saml_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  idpName: text('idp_name').notNull().default(''),
  wantAssertionsSigned: boolean('want_assertions_signed').notNull().default(true),
  wantAssertionsEncrypted: boolean('want_assertions_encrypted').notNull().default(false),
  configOption: text('config_option').$type<SamlConfigOption>().notNull().default('url'),
  idpMetadataUrl: text('idp_metadata_url').notNull().default(''),
  idpMetadataFileName: text('idp_metadata_file_name'),
  idpMetadataFile: text('idp_metadata_file'),
  /** The IdP's sign-in address: given by hand, or read from its metadata. */
  idpLoginUrl: text('idp_login_url').notNull().default(''),
  /** The IdP's signing certificate as given by hand (PEM). */
  idpCertificate: text('idp_certificate').notNull().default(''),
  /** What the assertions are checked against: the signing certificates (base64 DER) read from metadata or given. */
  idpSigningCerts: jsonb('idp_signing_certs').$type<string[]>().notNull().default([]),
  idpEntityId: text('idp_entity_id').notNull().default(''),
  emailDomains: text('email_domains').array().notNull().default([]),
  defaultRole: text('default_role').$type<RolePreset>().notNull().default('auditor'),
  groupAttribute: text('group_attribute').notNull().default('groups'),
  groupRoles: jsonb('group_roles').$type<{ group: string; role: RolePreset }[]>().notNull().default([]),
  /** Bulwark's private key for this customer (PKCS#8 PEM), sealed with the secret box. */
  spPrivateKey: text('sp_private_key').notNull(),
  spCertificate: text('sp_certificate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `request`: an AuthnRequest we sent, answerable once; `assertion`: an assertion used, refused again until it expires. */
export const samlMessageIds = pgTable(
  'saml_message_ids',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'request' | 'assertion'>().notNull(),
    messageId: text('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind, t.messageId] }), index('saml_message_ids_expires_idx').on(t.expiresAt)],
);
