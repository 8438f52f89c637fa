// The out-of-band listener a probe runs for a web scan: a small HTTP server on the probe's address that hands out a
// unique URL per test and records who called it, so blind SSRF, remote file inclusion and XXE are confirmed by the
// target calling back, never guessed.
import type { OobListener } from './types.ts';

export interface OobServer extends OobListener {
  /** The listener's base URL (http://host:port). */
  readonly base: string;
  close(): Promise<void>;
}

/** Listens on host (the probe's address the target can reach; default 127.0.0.1) and an ephemeral port unless given. */
export async function startOobListener(opts: { host?: string; port?: number; publicHost?: string } = {}): Promise<OobServer> {
  void opts;
  throw new Error('the out-of-band listener is not built yet');
}
