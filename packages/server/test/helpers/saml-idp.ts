// A test identity provider that builds SAML responses itself with its own key (xml-crypto and xml-encryption, the
// libraries the SAML library verifies with): good ones, and the ones an attacker or a broken IdP would send (unsigned,
// signed by another key, expired, for another audience or recipient, signature-wrapped).
import { createPublicKey, randomUUID } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import xmlenc from 'xml-encryption';
import { generateSpKeyPair, type SpKeyPair } from '../../src/modules/saml/sp-keys.ts';

export const IDP_ENTITY_ID = 'https://idp.test/metadata';
export const IDP_LOGIN_URL = 'https://idp.test/sso';

export interface AssertionOptions {
  email: string;
  groups?: string[];
  audience: string;
  recipient: string;
  destination?: string;
  issuer?: string;
  now: Date;
  /** Seconds the assertion stays valid (negative: already expired). */
  validSeconds?: number;
  notBeforeSeconds?: number;
  inResponseTo?: string;
  id?: string;
  attributes?: Record<string, string[]>;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export class TestIdp {
  readonly keys: SpKeyPair;
  constructor(readonly entityId = IDP_ENTITY_ID) {
    this.keys = generateSpKeyPair('test idp', new Date(Date.now() - 3600_000));
  }

  metadata(loginUrl = IDP_LOGIN_URL): string {
    const body = this.keys.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '');
    return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${esc(this.entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(loginUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  assertion(o: AssertionOptions): string {
    const id = o.id ?? `_a${randomUUID()}`;
    const start = new Date(o.now.getTime() + (o.notBeforeSeconds ?? -30) * 1000);
    const end = new Date(o.now.getTime() + (o.validSeconds ?? 300) * 1000);
    const attrs: Record<string, string[]> = { email: [o.email], ...(o.groups ? { groups: o.groups } : {}), ...o.attributes };
    const attributeXml = Object.entries(attrs)
      .map(
        ([name, vals]) =>
          `<saml:Attribute Name="${esc(name)}">${vals.map((v) => `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
      )
      .join('');
    const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
    return (
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(o.now)}">` +
      `<saml:Issuer>${esc(o.issuer ?? this.entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(end)}" Recipient="${esc(o.recipient)}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(start)}" NotOnOrAfter="${iso(end)}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(o.now)}" SessionIndex="_s${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attributeXml}</saml:AttributeStatement>` +
      `</saml:Assertion>`
    );
  }

  /** Signs the element with the given ID (an assertion or a response) with this IdP's key, or `keys`' when given. */
  sign(xml: string, localName: 'Assertion' | 'Response', keys: SpKeyPair = this.keys): string {
    const sig = new SignedXml({
      privateKey: keys.privateKeyPem,
      publicCert: keys.certificatePem,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: `/*[local-name(.)='${localName}']`,
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    sig.computeSignature(xml, { location: { reference: `/*[local-name(.)='${localName}']/*[local-name(.)='Issuer']`, action: 'after' } });
    return sig.getSignedXml();
  }

  response(inner: string, o: { destination: string; inResponseTo?: string; issuer?: string; now: Date }): string {
    const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
    return (
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(o.now)}" Destination="${esc(o.destination)}"${irt}>` +
      `<saml:Issuer>${esc(o.issuer ?? this.entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      inner +
      `</samlp:Response>`
    );
  }

  /** Encrypts an assertion to the service provider's certificate, as an IdP does for want_assertions_encrypted. */
  async encrypt(assertionXml: string, spCertificatePem: string): Promise<string> {
    const encrypted = await new Promise<string>((resolve, reject) =>
      xmlenc.encrypt(
        assertionXml,
        {
          rsa_pub: createPublicKey(spCertificatePem).export({ type: 'spki', format: 'pem' }).toString(),
          pem: spCertificatePem,
          encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
          keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
        },
        (err: Error | null, out: string) => (err ? reject(err) : resolve(out)),
      ),
    );
    return `<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion>`;
  }
}

/** The form body an IdP's browser post carries. */
export function acsForm(responseXml: string, relayState?: string): string {
  const form = new URLSearchParams({ SAMLResponse: Buffer.from(responseXml).toString('base64') });
  if (relayState) form.set('RelayState', relayState);
  return form.toString();
}
