// Schemas of SAML single sign-on as a customer setting (feature-areas §3 customer settings `saml`, §5 "SAML is sent
// only if enabled or already configured") and the refusal messages the login page shows (docs/saml.md).
import { z } from 'zod';
import { SAML_CONFIG_OPTIONS } from '../codes/admin.ts';
import { ROLE_PRESETS } from '../roles.ts';

/** The largest IdP metadata file taken (upload or URL): real metadata is a few kilobytes, federations' are not ours. */
export const SAML_METADATA_MAX_BYTES = 512 * 1024;

const samlRole = z.enum(ROLE_PRESETS, { error: `Choose a role: ${ROLE_PRESETS.join(', ')}.` });

/** One IdP group mapped to a Bulwark role (the most powerful role of the user's matching groups wins). */
export const samlGroupRole = z.object({
  group: z.string().trim().min(1, 'Group is required').max(200),
  role: samlRole,
});

/** What Bulwark, the service provider, tells the IdP's administrator: read-only, generated per customer. */
export const samlServiceProvider = z.object({
  entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
  login_url: z.string(),
  /** Bulwark's own certificate (PEM) for encrypted assertions and signed requests; its key never leaves the server. */
  certificate: z.string(),
});

export const samlSettings = z.object({
  enabled: z.boolean(),
  /** Shown on the login page as "Sign in with <idp_name>". */
  idp_name: z.string(),
  want_assertions_signed: z.boolean(),
  want_assertions_encrypted: z.boolean(),
  config_option: z.enum(SAML_CONFIG_OPTIONS),
  /** Where the uploaded metadata file can be read back (null until one is uploaded). */
  idp_metadata_file_url: z.string().nullable(),
  idp_metadata_file: z.object({ name: z.string(), content: z.string() }).nullable(),
  idp_login_url: z.string(),
  idp_metadata_url: z.string(),
  idp_certificate: z.string(),
  /** The IdP's entity id, read from its metadata (empty when given by hand: then any issuer the certificate signs). */
  idp_entity_id: z.string(),
  /** E-mail domains whose people see the sign-in button and may be created just in time. */
  email_domains: z.array(z.string()),
  /** The role of a user created at first sign-in when none of their groups is mapped. */
  default_role: samlRole,
  /** The assertion attribute holding the user's groups. */
  group_attribute: z.string(),
  group_roles: z.array(samlGroupRole),
  service_provider: samlServiceProvider,
});
export type SamlSettings = z.infer<typeof samlSettings>;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v), message);

/** The setting as the form sends it; cross-field rules (what each config_option needs) are checked by the server. */
export const samlSettingsInput = z
  .object({
    enabled: z.boolean(),
    idp_name: z.string().trim().max(100),
    want_assertions_signed: z.boolean(),
    want_assertions_encrypted: z.boolean(),
    config_option: z.enum(SAML_CONFIG_OPTIONS, { error: 'Choose how the identity provider is given: url, file or manual.' }),
    idp_metadata_url: httpUrl('Enter an http:// or https:// address of the identity provider’s metadata.'),
    idp_metadata_file: z
      .object({
        name: z.string().trim().max(255),
        content: z.string().max(SAML_METADATA_MAX_BYTES, 'The metadata file is larger than 512 KB.'),
      })
      .nullable(),
    idp_login_url: httpUrl('Enter the http:// or https:// address of the identity provider’s sign-in page.'),
    idp_certificate: z.string().trim().max(20_000),
    email_domains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .refine((v) => DOMAIN.test(v), 'Enter a domain such as example.com.'),
      )
      .max(50),
    default_role: samlRole,
    group_attribute: z.string().trim().max(200),
    group_roles: z.array(samlGroupRole).max(100),
  })
  .partial()
  .strict();
export type SamlSettingsInput = z.infer<typeof samlSettingsInput>;

/** The login page's question: does this e-mail address sign in through an identity provider? */
export const samlDiscovery = z.object({
  sso: z.object({ idp_name: z.string(), login_url: z.string() }).nullable(),
});

/**
 * Why a SAML sign-in was refused: the assertion consumer sends the browser back to the login page with
 * `?saml_error=<code>`, and the page shows the message (a code, so nothing the IdP sent is echoed on our page).
 */
export const SAML_ERRORS = {
  not_enabled: 'Single sign-on is not enabled for this organisation.',
  malformed: 'The identity provider’s answer could not be read.',
  unsigned: 'The identity provider’s answer was not signed; single sign-on needs a signed assertion.',
  bad_signature: 'The identity provider’s answer carries a signature that does not match its certificate.',
  not_encrypted: 'The identity provider’s answer was not encrypted, and this organisation requires encrypted assertions.',
  wrong_issuer: 'The answer came from another identity provider than the one configured.',
  wrong_audience: 'The assertion was made for another service provider (wrong audience).',
  wrong_recipient: 'The assertion was addressed to another sign-in address (wrong recipient).',
  expired: 'The assertion has expired or is not valid yet; check the clocks of the identity provider and of Bulwark.',
  replayed: 'This assertion was already used to sign in; sign in again from the start.',
  unknown_request: 'The sign-in request this answer refers to is unknown or has expired; sign in again from the start.',
  idp_error: 'The identity provider refused the sign-in.',
  no_email: 'The identity provider did not send an e-mail address for this user.',
  wrong_domain: 'This e-mail address is not in the organisation’s single sign-on domains.',
  other_customer: 'An account with this e-mail address belongs to another organisation.',
  inactive: 'This account is deactivated. Contact your administrator.',
  too_many: 'Too many sign-in attempts. Try again in a few minutes.',
} as const;
export type SamlErrorCode = keyof typeof SAML_ERRORS;
