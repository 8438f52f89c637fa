// Turns target and exclusion texts into a de-duplicated, capped, lazily iterated set of host addresses.
import { lookup } from 'node:dns/promises';
import { formatIp, parseIp, type IpFamily } from './ip.ts';
import { count, normalize, subtract, type Interval } from './intervals.ts';
import { parseTarget, TargetError, type ParsedTarget } from './parse.ts';

export interface Host {
  address: string;
  family: IpFamily;
  /** The names given as targets that resolved to this address. */
  hostnames: string[];
}

export interface TargetOptions {
  /** Largest number of hosts the targets may expand to, after exclusions (default 65,536). */
  maxHosts?: number;
  /** Name resolution; defaults to dns.lookup with all: true (every address, IPv4 and IPv6). */
  resolve?: (name: string) => Promise<string[]>;
}

/** The expanded targets: `size` hosts, each once, IPv4 first then IPv6, in address order. */
export interface TargetSet extends Iterable<Host> {
  readonly size: number;
  has(address: string): boolean;
  /** The hosts as merged, sorted address intervals (for handing to another engine such as nmap). */
  readonly intervals: ReadonlyArray<{ family: IpFamily; start: bigint; end: bigint }>;
  /** Host names given as targets, by the address they resolved to. */
  readonly names: ReadonlyMap<string, readonly string[]>;
}

export const DEFAULT_MAX_HOSTS = 65_536;

async function defaultResolve(name: string): Promise<string[]> {
  const found = await lookup(name, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

interface Collected {
  v4: Interval[];
  v6: Interval[];
  names: Map<string, string[]>;
}

async function collect(texts: readonly string[], resolve: (name: string) => Promise<string[]>, whole: boolean): Promise<Collected> {
  const parsed: ParsedTarget[] = texts.map((t) => parseTarget(t, whole));
  const out: Collected = { v4: [], v6: [], names: new Map() };
  const resolved = await Promise.all(
    parsed.map(async (p) => {
      if (p.kind === 'interval') return null;
      try {
        const addresses = await resolve(p.name);
        if (addresses.length === 0) throw new Error('no address');
        return addresses;
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new TargetError(`Target "${p.text}" could not be resolved: ${why}.`, 'unresolved', p.text);
      }
    }),
  );
  parsed.forEach((p, i) => {
    if (p.kind === 'interval') {
      (p.family === 4 ? out.v4 : out.v6).push([p.start, p.end]);
      return;
    }
    for (const address of resolved[i] ?? []) {
      const ip = parseIp(address.split('%')[0]);
      if (!ip) continue;
      (ip.family === 4 ? out.v4 : out.v6).push([ip.value, ip.value]);
      const key = formatIp(ip.family, ip.value);
      const names = out.names.get(key) ?? [];
      if (!names.includes(p.name)) names.push(p.name);
      out.names.set(key, names);
    }
  });
  return out;
}

function contains(set: readonly Interval[], v: bigint): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (v < set[mid][0]) hi = mid - 1;
    else if (v > set[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Expands targets minus exclusions (same syntax). Throws TargetError: 'malformed' naming the first bad
 * text, 'unresolved' for a name without address, 'empty' when nothing is left, 'too-large' over the cap.
 */
export async function expandTargets(
  targets: readonly string[],
  exclude: readonly string[] = [],
  options: TargetOptions = {},
): Promise<TargetSet> {
  const resolve = options.resolve ?? defaultResolve;
  const max = options.maxHosts ?? DEFAULT_MAX_HOSTS;
  const [inc, exc] = await Promise.all([collect(targets, resolve, false), collect(exclude, resolve, true)]);
  const v4 = subtract(normalize(inc.v4), normalize(exc.v4));
  const v6 = subtract(normalize(inc.v6), normalize(exc.v6));
  const total = count(v4) + count(v6);
  if (total === 0n) {
    throw new TargetError(targets.length === 0 ? 'No targets given.' : 'The targets contain no host once exclusions are applied.', 'empty');
  }
  if (total > BigInt(max)) {
    throw new TargetError(
      `The targets expand to ${total} hosts, more than the limit of ${max}; scan smaller networks or raise the limit.`,
      'too-large',
    );
  }
  const names = inc.names;
  return {
    size: Number(total),
    intervals: [
      ...v4.map(([start, end]) => ({ family: 4 as const, start, end })),
      ...v6.map(([start, end]) => ({ family: 6 as const, start, end })),
    ],
    names,
    has(address: string): boolean {
      const ip = parseIp(address);
      return ip !== null && contains(ip.family === 4 ? v4 : v6, ip.value);
    },
    *[Symbol.iterator](): Iterator<Host> {
      for (const [family, set] of [
        [4, v4],
        [6, v6],
      ] as const) {
        for (const [s, e] of set) {
          for (let v = s; v <= e; v++) {
            const address = formatIp(family, v);
            yield { address, family, hostnames: names.get(address) ?? [] };
          }
        }
      }
    },
  };
}
