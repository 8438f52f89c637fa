// The identity provider as its SAML metadata describes it (entity id, sign-in address, signing certificates), read from
// an uploaded file or fetched from a URL (http(s) only, bounded in time and size), or given by hand (a PEM certificate).
import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SAML_METADATA_MAX_BYTES } from '@bulwark/core';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const METADATA_FETCH_TIMEOUT_MS = 10_000;

export interface IdpDescription {
  entityId: string;
  loginUrl: string;
  /** Signing certificates as base64 DER (the form assertions' KeyInfo and the SAML library take). */
  signingCerts: string[];
}

/** A problem with what the administrator gave, worded for the field it belongs to. */
export class MetadataError extends Error {}

function parseXml(xml: string): Document {
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: (m: string) => problems.push(m), fatalError: (m: string) => problems.push(m) },
  }).parseFromString(xml, 'text/xml');
  if (problems.length || !doc?.documentElement) throw new MetadataError('This is not SAML metadata: the file is not well-formed XML.');
  return doc as unknown as Document;
}

function children(el: Element, ns: string, name: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name) out.push(n as Element);
  return out;
}

/** Base64 DER of a certificate given as PEM or bare base64; throws when it is not an X.509 certificate. */
export function certificateBody(text: string): string {
  const body = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  try {
    if (!body) throw new Error('empty');
    new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw new MetadataError('This is not an X.509 certificate (paste the PEM text, -----BEGIN CERTIFICATE----- included).');
  }
  return body;
}

/** The first identity provider the metadata describes (an EntityDescriptor, or the first IdP of an EntitiesDescriptor). */
export function parseIdpMetadata(xml: string): IdpDescription {
  if (Buffer.byteLength(xml) > SAML_METADATA_MAX_BYTES) throw new MetadataError('The metadata is larger than 512 KB.');
  const doc = parseXml(xml);
  const entities = Array.from(doc.getElementsByTagNameNS(MD, 'EntityDescriptor'));
  for (const entity of entities) {
    const idp = children(entity, MD, 'IDPSSODescriptor')[0];
    if (!idp) continue;
    const services = children(idp, MD, 'SingleSignOnService');
    const service =
      services.find((s) => s.getAttribute('Binding') === REDIRECT) ?? services.find((s) => s.getAttribute('Binding') === POST);
    const loginUrl = service?.getAttribute('Location') ?? '';
    if (!/^https?:\/\//i.test(loginUrl))
      throw new MetadataError('The metadata names no HTTP-Redirect or HTTP-POST sign-in address (SingleSignOnService).');
    const signingCerts: string[] = [];
    for (const key of children(idp, MD, 'KeyDescriptor')) {
      const use = key.getAttribute('use');
      if (use && use !== 'signing') continue;
      for (const cert of Array.from(key.getElementsByTagNameNS(DS, 'X509Certificate'))) {
        const body = certificateBody(cert.textContent ?? '');
        if (!signingCerts.includes(body)) signingCerts.push(body);
      }
    }
    if (!signingCerts.length) throw new MetadataError('The metadata holds no signing certificate for the identity provider.');
    return { entityId: entity.getAttribute('entityID') ?? '', loginUrl, signingCerts };
  }
  throw new MetadataError('The metadata describes no identity provider (IDPSSODescriptor).');
}

/** Fetches metadata from an http(s) URL: at most 512 KB, 10 s, three redirects, each of them http(s) too. */
export async function fetchIdpMetadata(url: string, timeoutMs = METADATA_FETCH_TIMEOUT_MS): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hop = 0; hop <= 3; hop += 1) {
    const parsed = new URL(current);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new MetadataError('Only http:// and https:// addresses are fetched.');
    let res: Response;
    try {
      res = await fetch(parsed, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      });
    } catch (e) {
      throw new MetadataError(
        signal.aborted
          ? `The metadata address did not answer within ${Math.ceil(timeoutMs / 1000)} s.`
          : `The metadata address could not be reached (${(e as Error & { cause?: { code?: string } }).cause?.code ?? (e as Error).message}).`,
      );
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      current = new URL(res.headers.get('location')!, parsed).toString();
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new MetadataError(`The metadata address answered HTTP ${res.status}.`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new MetadataError(`The metadata address did not answer within ${Math.ceil(timeoutMs / 1000)} s.`);
      });
      if (done) break;
      size += value.byteLength;
      if (size > SAML_METADATA_MAX_BYTES) {
        await reader.cancel();
        throw new MetadataError('The metadata at this address is larger than 512 KB.');
      }
      chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  throw new MetadataError('The metadata address redirected more than three times.');
}
