// The DNS the mail checks ask: the operator's servers (BULWARK_MONITOR_DNS, address or address:port) or the system's.
// (Pinned shape; built by its helper.)
export interface MailResolverOptions {
  /** "127.0.0.53", "127.0.0.53:5353"; empty: the system's resolvers. */
  servers: string[];
  timeoutMs: number;
}

export class MailResolver {
  constructor(readonly options: MailResolverOptions) {}
  async txt(name: string): Promise<string[]> {
    throw new Error(`not built yet (${name})`);
  }
  async mx(name: string): Promise<{ exchange: string; priority: number }[]> {
    throw new Error(`not built yet (${name})`);
  }
  async addresses(name: string): Promise<string[]> {
    throw new Error(`not built yet (${name})`);
  }
  async reverse(address: string): Promise<string[]> {
    throw new Error(`not built yet (${address})`);
  }
}
