// One TCP connect attempt: open when the handshake completes, closed on ECONNREFUSED, filtered on timeout or unreachable.
import { Connector } from './connector.ts';
import type { TcpConnectOutcome } from './types.ts';

export type { TcpConnectOutcome, TcpPortState } from './types.ts';

const shared = new Connector();

/**
 * Connects to address:port and closes at once (with a reset, so no TIME_WAIT piles up on the scanner).
 * The socket is always closed before the promise settles: on result, timeout or abort.
 */
export function connectTcp(address: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<TcpConnectOutcome> {
  if (signal?.aborted) return Promise.resolve({ state: 'aborted' });
  return new Promise((resolve) => {
    let settled = false;
    const onAbort = (): void => cancel();
    const cancel = shared.connect(address, port, timeoutMs, (outcome) => {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    });
    if (!settled) signal?.addEventListener('abort', onAbort, { once: true });
  });
}
