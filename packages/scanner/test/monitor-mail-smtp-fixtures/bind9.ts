// Test fixture: a real bind9 (Debian's named) on 127.0.0.1 serving the zones the reverse DNS checks read: forward
// names in bulwark.test and PTR names for 127.30.25.0/24.
import { join } from 'node:path';
import { DAEMONS, startDaemon, type DaemonSpec, type RunningDaemon } from '../services-helpers/daemons.ts';

/** Zone name -> its records (without the SOA and NS, added here). */
export type Zones = Record<string, string[]>;

const zoneFile = (name: string, records: string[]) =>
  [
    `$ORIGIN ${name}.`,
    '$TTL 60',
    `@ IN SOA ns.${name}. hostmaster.${name}. 1 3600 600 86400 60`,
    `@ IN NS ns.bulwark.test.`,
    ...records,
  ].join('\n') + '\n';

/** Starts named with the zones; its `ports.domain` on 127.0.0.1 answers them (UDP and TCP). */
export function startBind(zones: Zones): Promise<RunningDaemon> {
  const base = DAEMONS.bind9;
  const spec: DaemonSpec = {
    ...base,
    id: 'bind9-mail-smtp',
    config(ctx) {
      const { args, files = {} } = base.config!(ctx);
      const conf = files['named.conf'] ?? '';
      const decl = Object.keys(zones)
        .map((z) => `zone "${z}" { type primary; file "${join(ctx.dir, `${z}.zone`)}"; };`)
        .join('\n');
      const zoneFiles = Object.fromEntries(Object.entries(zones).map(([z, r]) => [`${z}.zone`, zoneFile(z, r)]));
      return { args, files: { ...files, 'named.conf': `${conf}${decl}\n`, ...zoneFiles } };
    },
  };
  return startDaemon(spec, '127.0.0.1');
}

export { unavailable } from '../services-helpers/daemons.ts';
