// The one HTTP client Bulwark talks to a Kubernetes API server with (the credential test and the cluster scan): JSON
// over HTTPS trusting the system's certificates (or the ones given), a bearer token only when one is passed, answers
// capped at 4 MB. A certificate that does not verify fails the call before any request (and so any token) is sent.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface KubernetesLogin {
  url: string;
  token: string;
}

export interface KubernetesOptions {
  /** Certificates to trust (PEM); Node's defaults (system store, NODE_EXTRA_CA_CERTS) otherwise. */
  ca?: string[];
  timeoutMs?: number;
}

export interface KubeAnswer {
  status: number;
  body: unknown;
}

export class KubeError extends Error {}

/** One call: GET (or POST with a JSON body) of `path` below the API server's URL. */
export function kubeCall(base: URL, path: string, token: string | null, options: KubernetesOptions, body?: unknown): Promise<KubeAnswer> {
  const url = new URL(path, base.href.endsWith('/') ? base.href : `${base.href}/`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const timeout = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: payload ? 'POST' : 'GET', headers, timeout, ...(url.protocol === 'https:' && options.ca ? { ca: options.ca } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > 4 * 1024 * 1024) req.destroy(new KubeError('The answer is larger than 4 MB.'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new KubeError(`No answer within ${timeout / 1000} s.`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Whether a failed call failed on the server's certificate. */
export const isCertificateProblem = (e: unknown): boolean => {
  const code = (e as NodeJS.ErrnoException).code;
  return Boolean(code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code));
};

export const connectProblem = (e: unknown): string => {
  const err = e as NodeJS.ErrnoException;
  if (isCertificateProblem(e))
    return `The API server's certificate is not trusted (${err.message}). Add its CA to BULWARK_EXTRA_CA_FILE; the token was not sent.`;
  return err.message || String(e);
};

/** A value deep in a parsed answer (undefined when a step is missing). */
export const pick = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
