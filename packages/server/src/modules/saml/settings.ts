// A customer's SAML setting: shown (the service provider's addresses and certificate included, the private key never)
// and saved. Saving an enabled setting resolves the identity provider from the option chosen (metadata URL, metadata
// file, or a sign-in address and certificate given by hand), so a setting that cannot sign anyone in is refused at once.
import type { SamlSettings, SamlSettingsInput } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { certificateBody, fetchIdpMetadata, MetadataError, parseIdpMetadata, type IdpDescription } from './metadata.ts';
import { domainsOfOtherCustomers, insertSamlRow, samlRowOf, updateSamlRow, type SamlRow, type SamlValues } from './repo.ts';
import { generateSpKeyPair } from './sp-keys.ts';

export interface SpAddresses {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
  loginUrl: string;
}

/** Bulwark's addresses as one customer's service provider, from the configured public base URL. */
export function spAddresses(ctx: AppContext, customerId: number): SpAddresses {
  const base = `${ctx.config.publicUrl}/api/saml/${customerId}`;
  return { entityId: `${base}/metadata/`, acsUrl: `${base}/acs/`, metadataUrl: `${base}/metadata/`, loginUrl: `${base}/login/` };
}

export function samlView(ctx: AppContext, row: SamlRow): SamlSettings {
  const sp = spAddresses(ctx, row.customerId);
  return {
    enabled: row.enabled,
    idp_name: row.idpName,
    want_assertions_signed: row.wantAssertionsSigned,
    want_assertions_encrypted: row.wantAssertionsEncrypted,
    config_option: row.configOption,
    idp_metadata_file_url: row.idpMetadataFile === null ? null : '/api/saml/idp-metadata-file/',
    idp_metadata_file:
      row.idpMetadataFile === null ? null : { name: row.idpMetadataFileName ?? 'metadata.xml', content: row.idpMetadataFile },
    idp_login_url: row.idpLoginUrl,
    idp_metadata_url: row.idpMetadataUrl,
    idp_certificate: row.idpCertificate,
    idp_entity_id: row.idpEntityId,
    email_domains: row.emailDomains,
    default_role: row.defaultRole,
    group_attribute: row.groupAttribute,
    group_roles: row.groupRoles,
    service_provider: {
      entity_id: sp.entityId,
      acs_url: sp.acsUrl,
      metadata_url: sp.metadataUrl,
      login_url: sp.loginUrl,
      certificate: row.spCertificate,
    },
  };
}

/** The setting as the customer answer carries it: null until one was saved (§5: the form then sends none). */
export async function samlSettingsOf(ctx: AppContext, customerId: number): Promise<SamlSettings | null> {
  const row = await samlRowOf(ctx.db, customerId);
  return row ? samlView(ctx, row) : null;
}

/** A first setting as the table's defaults make it; its key pair is made once the first save passes validation. */
function firstRow(ctx: AppContext, customerId: number): SamlRow {
  return {
    customerId,
    enabled: false,
    idpName: '',
    wantAssertionsSigned: true,
    wantAssertionsEncrypted: false,
    configOption: 'url',
    idpMetadataUrl: '',
    idpMetadataFileName: null,
    idpMetadataFile: null,
    idpLoginUrl: '',
    idpCertificate: '',
    idpSigningCerts: [],
    idpEntityId: '',
    emailDomains: [],
    defaultRole: 'auditor',
    groupAttribute: 'groups',
    groupRoles: [],
    spPrivateKey: '',
    spCertificate: '',
    updatedAt: ctx.clock(),
  };
}

/** Bulwark's key pair as this customer's SP: an RSA key made once, on the first save (a refused one makes none). */
function spKeysOf(ctx: AppContext, customerId: number): Pick<SamlRow, 'spPrivateKey' | 'spCertificate'> {
  const keys = generateSpKeyPair(`Bulwark SAML customer ${customerId}`, ctx.clock());
  return { spPrivateKey: ctx.secrets.encrypt(keys.privateKeyPem), spCertificate: keys.certificatePem };
}

const invalid = (field: string, message: string) => new ApiError(400, { saml: { [field]: [message] } });

async function resolveIdp(next: SamlRow): Promise<IdpDescription> {
  switch (next.configOption) {
    case 'url': {
      if (!next.idpMetadataUrl) throw invalid('idp_metadata_url', 'Enter the address of the identity provider’s metadata.');
      try {
        return parseIdpMetadata(await fetchIdpMetadata(next.idpMetadataUrl));
      } catch (e) {
        if (e instanceof MetadataError) throw invalid('idp_metadata_url', e.message);
        throw e;
      }
    }
    case 'file': {
      if (!next.idpMetadataFile) throw invalid('idp_metadata_file', 'Upload the identity provider’s metadata file.');
      try {
        return parseIdpMetadata(next.idpMetadataFile);
      } catch (e) {
        if (e instanceof MetadataError) throw invalid('idp_metadata_file', e.message);
        throw e;
      }
    }
    case 'manual': {
      if (!next.idpLoginUrl) throw invalid('idp_login_url', 'Enter the address of the identity provider’s sign-in page.');
      if (!next.idpCertificate) throw invalid('idp_certificate', 'Paste the identity provider’s signing certificate.');
      try {
        return { entityId: '', loginUrl: next.idpLoginUrl, signingCerts: [certificateBody(next.idpCertificate)] };
      } catch (e) {
        if (e instanceof MetadataError) throw invalid('idp_certificate', e.message);
        throw e;
      }
    }
  }
}

/** A checked SAML change, ready to be written (in the caller's transaction, with the rest of the customer's change). */
export type SamlChange = (db: Tx) => Promise<SamlSettings>;

/**
 * Checks the fields given over the stored setting and answers the write to make. An enabled setting must name the IdP
 * and resolve it (its metadata read here, outside any transaction); a disabled one is kept as typed (so an
 * administrator can prepare it), its IdP resolved when it is enabled.
 */
export async function planSamlSettings(ctx: AppContext, customerId: number, input: SamlSettingsInput): Promise<SamlChange> {
  const stored = await samlRowOf(ctx.db, customerId);
  const current = stored ?? firstRow(ctx, customerId);
  const values: SamlValues = {};
  if (input.enabled !== undefined) values.enabled = input.enabled;
  if (input.idp_name !== undefined) values.idpName = input.idp_name;
  if (input.want_assertions_signed !== undefined) values.wantAssertionsSigned = input.want_assertions_signed;
  if (input.want_assertions_encrypted !== undefined) values.wantAssertionsEncrypted = input.want_assertions_encrypted;
  if (input.config_option !== undefined) values.configOption = input.config_option;
  if (input.idp_metadata_url !== undefined) values.idpMetadataUrl = input.idp_metadata_url;
  if (input.idp_metadata_file !== undefined) {
    values.idpMetadataFile = input.idp_metadata_file?.content || null;
    values.idpMetadataFileName = input.idp_metadata_file?.content ? input.idp_metadata_file.name || 'metadata.xml' : null;
  }
  if (input.idp_login_url !== undefined) values.idpLoginUrl = input.idp_login_url;
  if (input.idp_certificate !== undefined) values.idpCertificate = input.idp_certificate;
  if (input.email_domains !== undefined) values.emailDomains = [...new Set(input.email_domains)];
  if (input.default_role !== undefined) values.defaultRole = input.default_role;
  if (input.group_attribute !== undefined) values.groupAttribute = input.group_attribute || 'groups';
  if (input.group_roles !== undefined) values.groupRoles = input.group_roles;
  const next: SamlRow = { ...current, ...values };
  // The login page sends a domain's people to one organisation's IdP: a domain another customer named first stays theirs.
  if (values.emailDomains) {
    const taken = await domainsOfOtherCustomers(ctx.db, customerId, values.emailDomains);
    if (taken.length)
      throw invalid(
        'email_domains',
        `${taken.join(', ')} ${taken.length === 1 ? 'signs' : 'sign'} in through another organisation’s identity provider.`,
      );
  }
  if (next.enabled) {
    if (!next.idpName) throw invalid('idp_name', 'Enter the identity provider’s name (shown as “Sign in with …”).');
    // The IdP is read again whenever what describes it may have changed; the sign-in address of a manual setting is
    // what was typed, that of metadata what the metadata says.
    const idpTouched = ['enabled', 'config_option', 'idp_metadata_url', 'idp_metadata_file', 'idp_login_url', 'idp_certificate'].some(
      (k) => k in input,
    );
    if (idpTouched || !current.idpSigningCerts.length) {
      const idp = await resolveIdp(next);
      values.idpEntityId = idp.entityId;
      values.idpSigningCerts = idp.signingCerts;
      if (next.configOption !== 'manual') values.idpLoginUrl = idp.loginUrl;
    }
  }
  if (!stored) {
    const keys = spKeysOf(ctx, customerId);
    return async (db) => samlView(ctx, await insertSamlRow(db, { ...current, ...values, ...keys }));
  }
  if (Object.keys(values).length === 0) return () => Promise.resolve(samlView(ctx, current));
  return async (db) => samlView(ctx, await updateSamlRow(db, customerId, values));
}
