// The network scan's callback listener for community templates with out-of-band parts ({{interactsh-url}}): the web
// scan's listener (web/oob.ts), started once per scan, and the probe's address each target is told to call back on.
import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import { startOobListener } from '../web/oob.ts';
import type { CheckCallbacks } from './run.ts';

export interface ScanCallbacks extends CheckCallbacks {
  close(): Promise<void>;
}

/**
 * The probe's own address on the route to `target`: a UDP socket "connected" to it takes the source address the
 * kernel would use. No packet is sent (connect on UDP only sets the peer).
 */
export function localAddressFor(target: string): Promise<string> {
  return new Promise((resolve) => {
    const sock = dgram.createSocket(isIPv6(target) ? 'udp6' : 'udp4');
    const done = (address: string) => {
      sock.close();
      resolve(address);
    };
    sock.once('error', () => done(isIPv6(target) ? '::1' : '127.0.0.1'));
    sock.connect(9, target, () => done(sock.address().address));
  });
}

/**
 * Starts the listener. With `host` it listens there and every target is told that address (tests, a probe with one
 * known address). Without, it listens on all addresses (IPv4 and IPv6) and each target gets the probe's address on
 * its route: a target on another network reaches the probe at the address it routes through. A remote probe the
 * target cannot reach back (NAT, a firewall) just gets no callback, and the template does not match.
 */
export async function startCheckCallbacks(host?: string): Promise<ScanCallbacks> {
  // '::' takes IPv4 too (dual stack); a host without IPv6 listens on every IPv4 address instead.
  const listener = await startOobListener({ host: host ?? '::' }).catch((e: unknown) =>
    host ? Promise.reject(e) : startOobListener({ host: '0.0.0.0' }),
  );
  const routes = new Map<string, Promise<string>>();
  return {
    listener,
    callbackHost: host
      ? () => host
      : (target) => {
          let route = routes.get(target);
          if (!route) routes.set(target, (route = localAddressFor(target)));
          return route;
        },
    close: () => listener.close(),
  };
}
