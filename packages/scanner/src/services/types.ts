// What a TCP fingerprint is, a floor below the fingerprints themselves: brokers.ts and fingerprints.ts both declare
// fingerprints, and fingerprints.ts lists the brokers', so the shape cannot live in either.
import type { ServiceConnection } from './conn.ts';
import type { Found } from './result.ts';

export interface FingerprintContext {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Opens a fresh connection to the same port (undefined when it cannot). */
  connect(): Promise<ServiceConnection | undefined>;
}

export interface TcpFingerprint {
  name: string;
  run(conn: ServiceConnection, ctx: FingerprintContext): Promise<Found | undefined>;
}
