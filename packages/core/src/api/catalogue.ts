// The vulnerability-test catalogue (nvt/nvtests-simple/, nvt/refused-templates/): categories, the tests it lists, the
// templates that did not load, and the page of one test (nvt/nvtests-simple/{id}/): what the test says of the weakness
// (CWE, CVSS, references) and what it runs on.
import { z } from 'zod';

export const testCategory = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const networkTest = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  severity: z.number().int().min(0).max(4),
  cve: z.array(z.string()),
  tags: z.array(z.string()),
  description: z.string(),
  solution: z.string(),
  /**
   * Bulwark: 'shipped' (the product's checks) or 'community' (the synced community check library, or a template from
   * the operator's BULWARK_CHECKS_DIRS).
   */
  source: z.enum(['shipped', 'community']),
  /** Where it comes from, as a person reads it: 'Bulwark', 'Nuclei community templates (…)', 'Folder <name>'. */
  origin: z.string(),
  /** Why it does not run while a profile keeps safe checks on; null when it is safe. */
  unsafe: z.string().nullable(),
});
/** Bulwark: a check template that did not load (nvt/refused-templates/), with why. */
export const refusedTemplate = z.object({
  source: z.enum(['shipped', 'community']),
  /** 'shipped', or the last part of the operator's folder. */
  folder: z.string(),
  /** The file, relative to its folder ('' when the folder itself could not be read). */
  file: z.string(),
  /** The id the file declares, when it could be read. */
  template_id: z.string().nullable(),
  reason: z.string(),
});

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
