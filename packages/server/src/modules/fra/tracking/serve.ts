// The serve loop that starts the phishing listener in a serving process (and stops it before the database closes).
// A port already taken is logged and the application carries on without the listener.
import type { AddressInfo } from 'node:net';
import type { ServeLoop } from '../../../jobs/declare.ts';
import { setTrackingListener } from './listener.ts';
import { buildTrackingServer } from './server.ts';

export const trackingServeLoop: ServeLoop = async (ctx) => {
  const { listener, host, port } = ctx.config.phishing;
  if (!listener) return undefined;
  const server = buildTrackingServer(ctx);
  try {
    await server.listen({ host, port });
  } catch (err) {
    ctx.log.error({ err, host, port }, 'The phishing listener could not start (landing pages and tracking are off)');
    await server.close().catch(() => undefined);
    return undefined;
  }
  const addr = server.server.address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const close = async () => {
    setTrackingListener(ctx, undefined);
    await server.close();
  };
  setTrackingListener(ctx, { url: `http://${shown}:${addr.port}`, close });
  return close;
};
