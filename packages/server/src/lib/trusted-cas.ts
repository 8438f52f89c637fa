// The certificates trusted for services an operator names (Kubernetes API servers, a BeyondTrust appliance): the
// system's, plus BULWARK_EXTRA_CA_FILE when set. Undefined without an extra file, so Node's defaults apply.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Config } from '../config.ts';

export function trustedCas(config: Pick<Config, 'extraCaFile'>): string[] | undefined {
  return config.extraCaFile ? [...rootCertificates, readFileSync(config.extraCaFile, 'utf8')] : undefined;
}
