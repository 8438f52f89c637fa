// The outcome of one TCP connect attempt, a floor below the connector (which produces it) and tcp.ts (which uses the
// connector and hands the outcome on), so that neither imports the other for it.
export type TcpPortState = 'open' | 'closed' | 'filtered';

export type TcpConnectOutcome =
  | { state: TcpPortState; rttMs?: number; code?: string }
  /** The attempt could not be made here (out of sockets or local ports); worth retrying later. */
  | { state: 'local-error'; code: string }
  | { state: 'aborted' };
