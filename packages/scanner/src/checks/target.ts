// One port of one host as a check target, and the template variables ({{BaseURL}}, {{Hostname}} …) it fills in.
export interface CheckTarget {
  /** IP address to connect to. */
  address: string;
  /** Name used in URLs, Host headers and SNI: the host's first name, else its address. */
  name: string;
  port: number;
  protocol: 'tcp' | 'udp';
  tls: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
}

const bracket = (h: string) => (h.includes(':') ? `[${h}]` : h);

export function variables(t: CheckTarget): Record<string, string> {
  const scheme = t.tls ? 'https' : 'http';
  const hostname = `${bracket(t.name)}:${t.port}`;
  return {
    BaseURL: `${scheme}://${hostname}`,
    RootURL: `${scheme}://${hostname}`,
    Hostname: hostname,
    Host: t.name,
    Port: String(t.port),
    Scheme: scheme,
    Path: '',
    FQDN: t.name,
  };
}

/** Resolves after `ms`, or rejects early when the signal aborts. */
export function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    onAbort();
    return Promise.reject(new Error('aborted'));
  }
  return new Promise<T>((resolve, reject) => {
    const h = () => {
      onAbort();
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', h, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', h);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', h);
        reject(e);
      },
    );
  });
}
