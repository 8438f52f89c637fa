// The remote probe's HTTP client: JSON over HTTP or HTTPS with node:http(s), so that --insecure can accept a
// self-signed server certificate for this client only (fetch has no per-request switch without undici).
import http from 'node:http';
import https from 'node:https';

export interface AgentReply<T = unknown> {
  status: number;
  body: T;
}

export class AgentHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export class AgentHttp {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(
    server: string,
    private readonly insecure = false,
    private authorization: string | null = null,
  ) {
    this.base = new URL(server.endsWith('/') ? server : `${server}/`);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') throw new Error(`--server must be an http:// or https:// URL.`);
    this.agent =
      this.base.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, rejectUnauthorized: !this.insecure })
        : new http.Agent({ keepAlive: true });
  }

  setCredentials(probeId: number, secret: string): void {
    this.authorization = `Probe ${probeId}:${secret}`;
  }

  /** POSTs JSON to `api/probe-agent/<path>`; resolves with any HTTP status, rejects on network errors and timeouts. */
  post<T = unknown>(path: string, body: unknown, timeoutMs = 30_000): Promise<AgentReply<T>> {
    const url = new URL(`api/probe-agent/${path}`, this.base);
    const payload = Buffer.from(JSON.stringify(body ?? {}));
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': payload.length,
            accept: 'application/json',
            ...(this.authorization ? { authorization: this.authorization } : {}),
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed as T });
          });
        },
      );
      req.on('timeout', () => req.destroy(new AgentHttpError(`No answer from ${url.origin} within ${timeoutMs / 1000} s.`, null)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The message of an error answer ({detail} or {field: [msg]}), for logs. */
export function replyMessage(reply: AgentReply): string {
  const b = reply.body as Record<string, unknown> | string | null;
  if (b && typeof b === 'object') {
    if (typeof b.detail === 'string') return b.detail;
    return Object.entries(b)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : String(v)}`)
      .join('; ');
  }
  return `HTTP ${reply.status}${b ? `: ${String(b).slice(0, 200)}` : ''}`;
}
