// The collectors' failed reads as the run's errors (issue 32): a collector records each call it could not read in the
// inventory's failures (access denied, throttled until the retries ran out, a service not enabled in a region …); the
// engine hands them to the run as ONE error per (call, error code), with how many reads failed and the regions and
// resources they concerned, in words a user acts on. The controls that needed those reads keep their own status error
// ("could not be read"): this only tells the run why.
import { SCAN_ERROR_TYPE, type ScanErrorType } from '@bulwark/core';
import { isThrottling } from './errors.ts';
import type { CloudFailure, CloudReadError } from './types.ts';

const lowerSet = (codes: string[]) => new Set(codes.map((c) => c.toLowerCase()));

/** Codes that say the credentials are valid but lack the permission (AWS, Azure, Microsoft Graph, Google, OCI). */
const DENIED = lowerSet([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedAccess',
  'AuthorizationError',
  'AuthorizationFailed',
  'Authorization_RequestDenied',
  'LinkedAuthorizationFailed',
  'Forbidden',
  'PERMISSION_DENIED',
  'NotAuthorized',
  'NotAuthorizedOrNotFound',
  'insufficientPermissions',
  'SubscriptionNotFound',
  'http_403',
]);

/** Codes that say the service is not enabled (opted in, registered, its API turned on) where it was read. */
const NOT_ENABLED = lowerSet([
  'OptInRequired',
  'SubscriptionRequiredException',
  'NotSignedUp',
  'UnsupportedOperation',
  'MissingSubscriptionRegistration',
  'SubscriptionNotRegistered',
  'SERVICE_DISABLED',
  'accessNotConfigured',
  'FAILED_PRECONDITION',
  'NamespaceNotFound',
]);

const TIMEOUT = lowerSet(['TimeoutError', 'Timeout', 'RequestTimeout', 'RequestTimeoutException', 'DEADLINE_EXCEEDED']);
const UNREACHABLE = lowerSet(['connection_failed', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'NetworkingError']);

/** Words for the run: the spec's error type (platform-core §4) and why the read failed. */
function classify(code: string, sample: string): { type: ScanErrorType; why: string } {
  const c = code.toLowerCase();
  // Google answers PERMISSION_DENIED for an API not turned on in the project; its message says so.
  if (NOT_ENABLED.has(c) || /has not been used in project|API .* is disabled|SERVICE_DISABLED|accessNotConfigured/i.test(sample))
    return { type: SCAN_ERROR_TYPE.empty_result, why: 'the service is not enabled there' };
  if (DENIED.has(c)) return { type: SCAN_ERROR_TYPE.auth_failed, why: 'the profile lacks this permission' };
  if (isThrottling({ code }) || c === 'resource_exhausted' || c === 'toomanyrequests')
    return { type: SCAN_ERROR_TYPE.limits_exceeded, why: 'the provider kept throttling the call until its retries ran out' };
  if (TIMEOUT.has(c)) return { type: SCAN_ERROR_TYPE.no_response, why: 'the service did not answer in time' };
  if (UNREACHABLE.has(c)) return { type: SCAN_ERROR_TYPE.connection_failed, why: 'the service could not be reached' };
  const said = sample.length > 200 ? `${sample.slice(0, 199)}…` : sample;
  return { type: SCAN_ERROR_TYPE.empty_result, why: said ? `the call failed (${said})` : 'the call failed' };
}

/** At most this many regions or resources named in a message (the rest counted). */
const NAMED = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const named = (list: readonly string[]) =>
  list.slice(0, NAMED).join(', ') + (list.length > NAMED ? ` and ${list.length - NAMED} more` : '');

/** Where a group's reads failed: "3 regions: eu-west-1, …", "2 resources: …", or the account. */
function where(count: number, regions: readonly string[], resources: readonly string[]): string {
  if (regions.length > 0 && resources.length > 0)
    return `${plural(regions.length, 'region')}, ${plural(resources.length, 'resource')}: ${named(resources)}`;
  if (regions.length > 0) return `${plural(regions.length, 'region')}: ${named(regions)}`;
  if (resources.length > 0) return `${plural(resources.length, 'resource')}: ${named(resources)}`;
  return count > 1 ? plural(count, 'call') : 'the account';
}

/**
 * The failures grouped by (call, error code), in the order of call then code: one error each, with its count (the
 * failed reads), the distinct regions and resources they concerned, and a message such as "AccessDenied on
 * iam:GetAccountPasswordPolicy (3 regions: …): the profile lacks this permission; the controls that need it could not
 * be read". Calls refused because the scan was stopped (code Stopped) are left out: the stop has its own error.
 */
export function cloudFailureErrors(failures: readonly CloudFailure[]): CloudReadError[] {
  const groups = new Map<
    string,
    { call: string; code: string; count: number; regions: Set<string>; resources: Set<string>; sample: string }
  >();
  for (const f of failures) {
    if (f.code === 'Stopped') continue;
    const key = `${f.call}\u0000${f.code}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { call: f.call, code: f.code, count: 0, regions: new Set(), resources: new Set(), sample: f.message }));
    g.count++;
    if (f.region) g.regions.add(f.region);
    if (f.resource) g.resources.add(f.resource);
  }
  return [...groups.values()]
    .sort((a, b) => a.call.localeCompare(b.call) || a.code.localeCompare(b.code))
    .map((g) => {
      const regions = [...g.regions].sort();
      const resources = [...g.resources].sort();
      const { type, why } = classify(g.code, g.sample);
      const message = `${g.code} on ${g.call} (${where(g.count, regions, resources)}): ${why}; the controls that need it could not be read`;
      return { type, message: message.slice(0, 2000), call: g.call, code: g.code, count: g.count, regions, resources };
    });
}
