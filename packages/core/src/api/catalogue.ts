// The vulnerability-test catalogue's page of one test (nvt/nvtests-simple/{id}/, issue 26): what the catalogue lists,
// and what the test says of the weakness (CWE, CVSS, references) and what it runs on.
import { z } from 'zod';
import { networkTest } from './scans.ts';

export const testRunsOn = z.object({
  /** How the test talks to its target: 'http', 'network' (TCP/UDP), 'ssl'. */
  protocols: z.array(z.string()),
  /** The ports its requests name (empty: the ports where its services were found). */
  ports: z.array(z.number().int()),
  /** The services it runs on (empty: every service of its protocols). */
  services: z.array(z.string()),
});

export const networkTestDetail = networkTest.extend({
  /** The category as the template names it (category is its id). */
  category_name: z.string(),
  cwe: z.array(z.string()),
  cvss: z.number().nullable(),
  cvss_vector: z.string().nullable(),
  references: z.array(z.string()),
  runs_on: testRunsOn,
  /** The file the template was read from (relative to its folder). */
  file: z.string().nullable(),
  /** The organisation ignores it: its findings stop counting. */
  ignored: z.boolean(),
});
export type NetworkTestDetail = z.infer<typeof networkTestDetail>;
