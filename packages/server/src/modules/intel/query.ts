// Reading match queries typed by people (API and CLI): a CPE 2.3 string, or ECOSYSTEM/NAME@VERSION for a package.
import { CpeParseError, parseCpe, type PackageQuery } from '@bulwark/intel';

export type Parsed<T> = ({ ok: true } & T) | { ok: false; message: string };

export function parseCpeQuery(text: string): Parsed<{ cpe: string }> {
  try {
    parseCpe(text);
    return { ok: true, cpe: text.trim() };
  } catch (err) {
    if (err instanceof CpeParseError) {
      return { ok: false, message: `Not a CPE 2.3 name (${err.message}); write it like cpe:2.3:a:openbsd:openssh:9.2:p1:*:*:*:*:*:*.` };
    }
    throw err;
  }
}

/** `AlmaLinux:9/openssh@8.7p1-38.el9`, `npm/@babel/core@7.0.0`: the ecosystem ends at the first `/`, the version starts after the last `@`. */
export function parsePackageSpec(text: string): Parsed<{ query: PackageQuery }> {
  const slash = text.indexOf('/');
  const at = text.lastIndexOf('@');
  const ecosystem = text.slice(0, slash).trim();
  const name = text.slice(slash + 1, at).trim();
  const version = text.slice(at + 1).trim();
  if (slash <= 0 || at <= slash + 1 || !ecosystem || !name || !version) {
    return { ok: false, message: 'Write the package as ECOSYSTEM/NAME@VERSION, e.g. Debian:12/openssh-server@1:9.2p1-2.' };
  }
  return { ok: true, query: { ecosystem, name, version } };
}
