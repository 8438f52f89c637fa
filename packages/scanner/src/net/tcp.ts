// One TCP connect probe: open when the handshake completes, closed on ECONNREFUSED, filtered on timeout or unreachable.
import { Socket } from 'node:net';

export type TcpProbeState = 'open' | 'closed' | 'filtered';

export type TcpProbeOutcome =
  | { state: TcpProbeState; rttMs?: number; code?: string }
  /** The probe could not be tried here (out of sockets or local ports); worth retrying later. */
  | { state: 'local-error'; code: string }
  | { state: 'aborted' };

const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EHOSTDOWN', 'ENETDOWN', 'EACCES', 'EPERM']);
const LOCAL = new Set(['EMFILE', 'ENFILE', 'EADDRNOTAVAIL', 'ENOBUFS', 'EADDRINUSE', 'ENOMEM']);

/**
 * Connects to address:port and closes at once (with a reset, so no TIME_WAIT piles up on the scanner).
 * The socket is always destroyed before the promise settles: on result, timeout or abort.
 */
export function probeTcp(address: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<TcpProbeOutcome> {
  if (signal?.aborted) return Promise.resolve({ state: 'aborted' });
  return new Promise((resolve) => {
    const socket = new Socket();
    const started = performance.now();
    let done = false;
    const finish = (outcome: TcpProbeOutcome, reset: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      if (reset && !socket.destroyed) socket.resetAndDestroy();
      else socket.destroy();
      resolve(outcome);
    };
    const onAbort = (): void => finish({ state: 'aborted' }, false);
    const timer = setTimeout(() => finish({ state: 'filtered', code: 'TIMEOUT' }, false), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish({ state: 'open', rttMs: performance.now() - started }, true));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? 'UNKNOWN';
      if (code === 'ECONNREFUSED') finish({ state: 'closed', rttMs: performance.now() - started, code }, false);
      else if (LOCAL.has(code)) finish({ state: 'local-error', code }, false);
      else if (UNREACHABLE.has(code)) finish({ state: 'filtered', code }, false);
      else finish({ state: 'filtered', code }, false);
    });
    socket.connect({ host: address, port });
  });
}
