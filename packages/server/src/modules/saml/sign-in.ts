// The assertion consumer: an IdP's answer (SP- or IdP-initiated) checked by the library and then by the rules it leaves
// to us (issuer, time window against the injectable clock, recipient, encryption when required, replay), the user found or
// created just in time with the role their groups map to (a creation or a role change written with its audit event in
// one transaction), and a session started as a password sign-in would, the IdP having done the second factor. Every
// refusal has a code whose message the login page shows (core SAML_ERRORS).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOMParser } from '@xmldom/xmldom';
import type { Profile } from '@node-saml/node-saml';
import { ROLE_PRESETS, rolePreset, type RolePreset, type SamlErrorCode } from '@bulwark/core';
import type { AppContext } from '../../context.ts';
import { consume } from '../../http/rate-limit.ts';
import type { UserRow } from '../../http/session.ts';
import { audit, findUserByEmail, markSignedIn, startSession } from '../auth/index.ts';
import { checkNewUser, createUser, EmailTakenError } from '../users/index.ts';
import { forgetExpiredMessageIds, lockCustomerUser, recordUserChange, rememberMessageId, setUserRole, type SamlRow } from './repo.ts';
import { serviceProvider } from './service-provider.ts';
import { spAddresses } from './settings.ts';

/** The clock difference tolerated between the IdP and Bulwark. */
export const CLOCK_SKEW_MS = 60_000;
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

export class SamlRefusal extends Error {
  constructor(
    readonly code: SamlErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

function parse(xml: string): Document {
  let failed = false;
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: () => (failed = true), fatalError: () => (failed = true) },
  }).parseFromString(xml, 'text/xml') as unknown as Document;
  if (failed || !doc?.documentElement) throw new SamlRefusal('malformed', 'not well-formed XML');
  return doc;
}

/** What the library's error means for the person signing in. */
function refusalOf(e: Error, rawXml: string): SamlRefusal {
  const m = e.message;
  if (/audience/i.test(m)) return new SamlRefusal('wrong_audience', m);
  if (/issuer/i.test(m)) return new SamlRefusal('wrong_issuer', m);
  if (/InResponseTo/i.test(m)) return new SamlRefusal('unknown_request', m);
  if (e.name === 'SamlStatusError' || /provider returned/i.test(m)) return new SamlRefusal('idp_error', m);
  if (/signature|signed data/i.test(m)) {
    const signed = rawXml.length > 0 && parse(rawXml).getElementsByTagNameNS(DS, 'Signature').length > 0;
    return new SamlRefusal(signed ? 'bad_signature' : 'unsigned', m);
  }
  return new SamlRefusal('malformed', m);
}

function time(value: string | null, name: string): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new SamlRefusal('malformed', `${name} is not a time`);
  return t;
}

interface AssertionFacts {
  id: string;
  /** Until when the assertion could be used: its id is remembered that long. */
  validUntil: Date;
}

/** The checks the library leaves to us, on the assertion it verified (never on the unsigned rest of the document). */
function checkAssertion(ctx: AppContext, row: SamlRow, assertionXml: string): AssertionFacts {
  const now = ctx.clock().getTime();
  const assertion = parse(assertionXml).documentElement;
  const id = assertion.getAttribute('ID');
  if (!id) throw new SamlRefusal('malformed', 'assertion without ID');
  // The library checks the issuer of logout messages only; an assertion's is ours to check (metadata names the IdP).
  const issuer = Array.from(assertion.childNodes)
    .find((n) => n.nodeType === 1 && (n as Element).localName === 'Issuer')
    ?.textContent?.trim();
  if (row.idpEntityId && issuer !== row.idpEntityId)
    throw new SamlRefusal('wrong_issuer', `Issuer ${issuer ?? '(none)'}, expected ${row.idpEntityId}`);
  const ends: number[] = [];
  const window = (el: Element, what: string) => {
    const notBefore = time(el.getAttribute('NotBefore'), `${what} NotBefore`);
    const notOnOrAfter = time(el.getAttribute('NotOnOrAfter'), `${what} NotOnOrAfter`);
    if (notBefore !== null && now + CLOCK_SKEW_MS < notBefore)
      throw new SamlRefusal('expired', `${what} not valid before ${el.getAttribute('NotBefore')}`);
    if (notOnOrAfter !== null) {
      if (now - CLOCK_SKEW_MS >= notOnOrAfter) throw new SamlRefusal('expired', `${what} expired at ${el.getAttribute('NotOnOrAfter')}`);
      ends.push(notOnOrAfter);
    }
  };
  for (const conditions of Array.from(assertion.getElementsByTagNameNS(SAML, 'Conditions'))) window(conditions, 'Conditions');
  const acs = spAddresses(ctx, row.customerId).acsUrl;
  const confirmations = Array.from(assertion.getElementsByTagNameNS(SAML, 'SubjectConfirmationData'));
  if (!confirmations.length) throw new SamlRefusal('wrong_recipient', 'no SubjectConfirmationData');
  for (const data of confirmations) {
    const recipient = data.getAttribute('Recipient');
    if (recipient !== acs) throw new SamlRefusal('wrong_recipient', `Recipient ${recipient ?? '(none)'}, expected ${acs}`);
    window(data, 'SubjectConfirmationData');
  }
  // Without an end in the assertion, the id is kept for a day (well past any IdP's session).
  const until = ends.length ? Math.min(...ends) + CLOCK_SKEW_MS : now + 24 * 3600 * 1000;
  return { id, validUntil: new Date(until) };
}

function values(profile: Profile, name: string): string[] {
  const v = (profile.attributes as Record<string, unknown> | undefined)?.[name] ?? profile[name];
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.trim())
    .filter(Boolean);
}

const first = (profile: Profile, names: string[]) => names.map((n) => values(profile, n)[0]).find(Boolean) ?? '';

function emailOf(profile: Profile): string {
  const email = first(profile, ['email', 'mail', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress']);
  const candidate = (email || (profile.nameID?.includes('@') ? profile.nameID : '')).trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(candidate)) throw new SamlRefusal('no_email', `no e-mail address (NameID ${profile.nameID})`);
  return candidate;
}

/** The most powerful role among those the user's groups map to, or null when none of their groups is mapped. */
export function mappedRole(row: SamlRow, groups: string[]): RolePreset | null {
  const matched = new Set(row.groupRoles.filter((m) => groups.includes(m.group)).map((m) => m.role));
  return ROLE_PRESETS.find((r) => matched.has(r)) ?? null;
}

/** Whether two permission maps grant the same (the order of areas and actions aside). */
function sameGrant(a: Record<string, string[]>, b: Record<string, string[]>): boolean {
  const norm = (m: Record<string, string[]>) =>
    JSON.stringify(
      Object.entries(m)
        .filter(([, actions]) => actions.length > 0)
        .map(([area, actions]) => [area, [...actions].sort()])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return norm(a) === norm(b);
}

/** Where a change came from, for its audit event. */
function changeOf(ctx: AppContext, request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions.url ?? request.url, ip: request.ip, at: ctx.clock() };
}

/** An existing user of the customer, given the role their groups map to (with its audit event) when it differs. */
async function signInExisting(
  ctx: AppContext,
  request: FastifyRequest,
  row: SamlRow,
  existing: UserRow,
  role: RolePreset | null,
): Promise<UserRow> {
  if (existing.customerId !== row.customerId) throw new SamlRefusal('other_customer', existing.email);
  if (!existing.isActive) throw new SamlRefusal('inactive', existing.email);
  // Groups decide the role at every sign-in when one of them is mapped; an unmapped user keeps the role they have.
  if (!role || existing.isSuperuser) return existing;
  const grant = rolePreset(role);
  const permissions = grant.permissions as Record<string, string[]>;
  return ctx.db.transaction(async (tx) => {
    const user = await lockCustomerUser(tx, row.customerId, existing.id);
    if (!user) throw new SamlRefusal('other_customer', existing.email);
    if (user.customerAdmin === grant.customer_admin && sameGrant(user.permissions, permissions)) return user;
    const changed = await setUserRole(tx, row.customerId, user.id, { customerAdmin: grant.customer_admin, permissions });
    await recordUserChange(tx, {
      customerId: row.customerId,
      userId: user.id,
      email: user.email,
      operation: 'update',
      summary: { role, customer_admin: grant.customer_admin, was_customer_admin: user.customerAdmin },
      ...changeOf(ctx, request),
    });
    return changed;
  });
}

async function userFor(ctx: AppContext, request: FastifyRequest, row: SamlRow, profile: Profile): Promise<UserRow> {
  const email = emailOf(profile);
  const domain = email.split('@')[1]!;
  if (row.emailDomains.length && !row.emailDomains.includes(domain)) throw new SamlRefusal('wrong_domain', email);
  const role = mappedRole(row, values(profile, row.groupAttribute));
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) return signInExisting(ctx, request, row, existing, role);
  try {
    // An address the IdP vouches for but Bulwark would not take as a user's is no address to sign in with.
    checkNewUser({ email });
  } catch (e) {
    throw new SamlRefusal('no_email', (e as Error).message);
  }
  const grant = rolePreset(role ?? row.defaultRole);
  const firstName = first(profile, ['givenName', 'firstName', 'first_name', 'urn:oid:2.5.4.42']).slice(0, 150);
  const lastName = first(profile, ['sn', 'surname', 'lastName', 'last_name', 'urn:oid:2.5.4.4']).slice(0, 150);
  try {
    await createUser(ctx, {
      email,
      firstName,
      lastName,
      customerId: row.customerId,
      customerAdmin: grant.customer_admin,
      permissions: grant.permissions,
      // The IdP signs them in: no password to choose, so no welcome link.
      invite: false,
      onCreated: (tx, userId) =>
        recordUserChange(tx, {
          customerId: row.customerId,
          userId,
          email,
          operation: 'create',
          summary: {
            email,
            first_name: firstName,
            last_name: lastName,
            role: role ?? row.defaultRole,
            customer_admin: grant.customer_admin,
          },
          ...changeOf(ctx, request),
        }),
    });
  } catch (e) {
    // Two first sign-ins of one person at once: the other one created them, and this one signs in as that user.
    if (!(e instanceof EmailTakenError)) throw e;
  }
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new SamlRefusal('inactive', email);
  return user.customerId === row.customerId && user.isActive ? user : signInExisting(ctx, request, row, user, role);
}

/** Checks a posted SAMLResponse and signs its user in; throws SamlRefusal. Returns the user signed in. */
export async function consumeAssertion(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: SamlRow | undefined,
  samlResponse: string,
): Promise<UserRow> {
  // Generous: a whole office signs in from one address in the morning; this only stops a flood of forged answers.
  await consume(ctx.db, [{ key: `saml:ip:${request.ip}`, max: 600, windowSeconds: 900 }]).catch(() => {
    throw new SamlRefusal('too_many', `rate limit for ${request.ip}`);
  });
  if (!row || !row.enabled || !row.idpSigningCerts.length) throw new SamlRefusal('not_enabled', 'SAML is off');
  const rawXml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const raw = parse(rawXml);
  if (raw.documentElement.localName !== 'Response' || raw.documentElement.namespaceURI !== SAMLP)
    throw new SamlRefusal('malformed', 'not a SAML Response');
  if (row.wantAssertionsEncrypted && raw.getElementsByTagNameNS(SAML, 'EncryptedAssertion').length === 0)
    throw new SamlRefusal('not_encrypted', 'plain assertion');
  const destination = raw.documentElement.getAttribute('Destination');
  const acs = spAddresses(ctx, row.customerId).acsUrl;
  if (destination && destination !== acs) throw new SamlRefusal('wrong_recipient', `Destination ${destination}, expected ${acs}`);
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(ctx, row).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw refusalOf(e as Error, rawXml);
  }
  if (!profile) throw new SamlRefusal('malformed', 'no assertion');
  const facts = checkAssertion(ctx, row, profile.getAssertionXml?.() ?? '');
  await forgetExpiredMessageIds(ctx.db, ctx.clock());
  if (!(await rememberMessageId(ctx.db, row.customerId, 'assertion', facts.id, ctx.clock(), facts.validUntil)))
    throw new SamlRefusal('replayed', `assertion ${facts.id}`);
  const user = await userFor(ctx, request, row, profile);
  await markSignedIn(ctx.db, user.id, ctx.clock());
  await audit(ctx, request, 'login_succeeded', { userId: user.id, customerId: user.customerId, username: user.email }, 'saml');
  await startSession(ctx, request, reply, { userId: user.id, keepLoggedIn: false });
  return user;
}
