// The SAML library configured as one customer's service provider: @node-saml/node-saml checks the signatures (through
// xml-crypto, which verifies only what a signature's reference covers and hands back that signed XML, the defence
// against signature wrapping), the issuer, the audience and answers to our own requests. The time window, recipient,
// encryption requirement and replay are checked by sign-in.ts against the injectable clock.
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import type { AppContext } from '../../context.ts';
import { rememberMessageId, requestIdCreatedAt, takeRequestId, type SamlRow } from './repo.ts';
import { spAddresses } from './settings.ts';

/** How long an AuthnRequest of ours may be answered. */
export const REQUEST_TTL_MS = 10 * 60 * 1000;

/** The library's memory of our requests, in the database (any server of a cluster may receive the answer). */
function requestCache(ctx: AppContext, customerId: number): CacheProvider {
  return {
    async saveAsync(key) {
      const now = ctx.clock();
      const saved = await rememberMessageId(ctx.db, customerId, 'request', key, now, new Date(now.getTime() + REQUEST_TTL_MS));
      return saved ? { value: now.toISOString(), createdAt: now.getTime() } : null;
    },
    async getAsync(key) {
      // The library compares the creation time with its own clock: an id past its time under ours is simply unknown.
      const created = await requestIdCreatedAt(ctx.db, customerId, key, ctx.clock());
      return created ? new Date().toISOString() : null;
    },
    async removeAsync(key) {
      if (key) await takeRequestId(ctx.db, customerId, key, ctx.clock());
      return key;
    },
  };
}

export function serviceProvider(ctx: AppContext, row: SamlRow): SAML {
  const sp = spAddresses(ctx, row.customerId);
  const key = ctx.secrets.decrypt(row.spPrivateKey);
  return new SAML({
    callbackUrl: sp.acsUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    entryPoint: row.idpLoginUrl || undefined,
    idpCert: row.idpSigningCerts.length ? row.idpSigningCerts : ['-'],
    idpIssuer: row.idpEntityId || undefined,
    wantAssertionsSigned: row.wantAssertionsSigned,
    // A signed response around an unsigned assertion is accepted only when signed assertions are not required; an
    // unsigned response around a signed assertion always is (the assertion is what we trust).
    wantAuthnResponseSigned: false,
    // -1: the library's own time checks are off; sign-in.ts checks the window with ctx.clock and a small skew.
    acceptedClockSkewMs: -1,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestCache(ctx, row.customerId),
    privateKey: key,
    decryptionPvk: key,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** Bulwark's service-provider metadata for one customer (what the IdP's administrator imports). */
export function spMetadataXml(ctx: AppContext, row: SamlRow): string {
  return serviceProvider(ctx, row).generateServiceProviderMetadata(row.spCertificate, row.spCertificate);
}
