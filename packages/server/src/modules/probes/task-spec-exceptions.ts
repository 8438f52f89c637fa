// The customer's exceptions in a claimed task's spec (issue 29), read when the task is handed out so that an exception
// made a moment ago counts: a network or policy task carries the address, range, network and host-name exceptions (the
// scanner leaves them out before discovery and reports what it left out); a web task gets the URL exceptions, and its
// own host when an address or host-name exception names it, as exclude patterns of its crawl scope (never requested).
import { parseTarget, type TaskSpec } from '@bulwark/scanner';
import type { Db } from '../../db/client.ts';
import { networkScanExceptions, webScanExcludePatterns } from '../exclusions/index.ts';

export async function withExceptions(db: Db, customerId: number, spec: TaskSpec, now: Date): Promise<TaskSpec> {
  if (spec.web) {
    const patterns = await webScanExcludePatterns(db, customerId, now, spec.web.target);
    if (patterns.length === 0) return spec;
    return { ...spec, web: { ...spec.web, scope: { ...spec.web.scope, exclude: [...(spec.web.scope.exclude ?? []), ...patterns] } } };
  }
  const exceptions = await networkScanExceptions(db, customerId, now);
  if (exceptions.length === 0) return spec;
  // Whole-address numeric exceptions also go into `exclude`, which every probe version honours: a remote probe older
  // than `exceptions` still never touches them (host names and port exceptions need a probe that knows `exceptions`).
  const numeric = exceptions.filter((e) => e.port === undefined && isNumericTarget(e.value)).map((e) => e.value);
  return { ...spec, exclude: [...spec.exclude, ...numeric], exceptions };
}

function isNumericTarget(value: string): boolean {
  try {
    return parseTarget(value, true).kind === 'interval';
  } catch {
    return false;
  }
}
