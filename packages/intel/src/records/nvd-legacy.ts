// Legacy NVD JSON 1.1 year-file items (`CVE_Items[]`) → CveRecord, so old mirrors and archives still import.
import type { ConfigNode, Configuration } from '../cpe/types.ts';
import type { CvssMetric } from './cvss.ts';
import { RecordError, asObject, cveId, isObject, optionalArray, optionalString, requiredString, stringArray } from './json.ts';
import { type CveRecord, englishText, mergeReferences, readCpeMatch, readOperator, withSeverity } from './nvd.ts';

function readLegacyNode(value: unknown, what: string): ConfigNode {
  const n = asObject(value, what);
  const node: ConfigNode = {
    operator: readOperator(n.operator, what),
    negate: n.negate === true,
    cpeMatch: optionalArray(n, 'cpe_match', `${what}.cpe_match`).map((m, i) => readCpeMatch(m, `${what}.cpe_match[${i}]`, 'cpe23Uri')),
  };
  const children = optionalArray(n, 'children', `${what}.children`);
  if (children.length > 0) node.children = children.map((c, i) => readLegacyNode(c, `${what}.children[${i}]`));
  return node;
}

function readLegacyMetric(impact: Record<string, unknown>, key: string, inner: string): CvssMetric | null {
  const base = impact[key];
  if (!isObject(base)) return null;
  const data = asObject(base[inner], `impact.${key}.${inner}`);
  const score = data.baseScore;
  if (typeof score !== 'number' || !(score >= 0 && score <= 10))
    throw new RecordError(`impact.${key}.${inner}.baseScore is not a CVSS score`);
  const version = optionalString(data, 'version');
  return {
    version: inner === 'cvssV2' ? '2.0' : version === '3.0' ? '3.0' : '3.1',
    vector: requiredString(data, 'vectorString', `impact.${key}.${inner}.vectorString`),
    score,
    baseSeverity: optionalString(data, 'baseSeverity') ?? optionalString(base, 'severity'),
    source: 'nvd@nist.gov',
    type: 'Primary',
  };
}

/** Normalises one NVD 1.1 `CVE_Items` element. Each top-level node was an applicability statement of its own. */
export function normalizeNvdLegacyItem(value: unknown): CveRecord {
  const item = asObject(value, 'item');
  const cve = asObject(item.cve, 'cve');
  const meta = asObject(cve.CVE_data_meta, 'cve.CVE_data_meta');
  const impact = isObject(item.impact) ? item.impact : {};
  const metrics = [readLegacyMetric(impact, 'baseMetricV3', 'cvssV3'), readLegacyMetric(impact, 'baseMetricV2', 'cvssV2')].filter(
    (m): m is CvssMetric => m !== null,
  );
  const configurations: Configuration[] = isObject(item.configurations)
    ? optionalArray(item.configurations, 'nodes', 'configurations.nodes').map((n, i) => ({
        nodes: [readLegacyNode(n, `configurations.nodes[${i}]`)],
      }))
    : [];
  const cwes = new Set<string>();
  for (const p of isObject(cve.problemtype) ? optionalArray(cve.problemtype, 'problemtype_data') : []) {
    for (const d of isObject(p) ? optionalArray(p, 'description') : []) {
      if (isObject(d) && typeof d.value === 'string' && d.value.startsWith('CWE-')) cwes.add(d.value);
    }
  }
  const refs = isObject(cve.references) ? optionalArray(cve.references, 'reference_data', 'cve.references.reference_data') : [];
  return {
    id: cveId(meta.ID, 'cve.CVE_data_meta.ID'),
    published: optionalString(item, 'publishedDate'),
    lastModified: optionalString(item, 'lastModifiedDate'),
    status: null,
    description: isObject(cve.description) ? englishText(optionalArray(cve.description, 'description_data'), 'description') : '',
    ...withSeverity(metrics),
    cwes: [...cwes],
    configurations,
    references: mergeReferences(
      refs.map((r, i) => {
        const ref = asObject(r, `references[${i}]`);
        return {
          url: requiredString(ref, 'url', `references[${i}].url`),
          source: optionalString(ref, 'refsource'),
          tags: stringArray(ref, 'tags'),
        };
      }),
    ),
    kev: null,
  };
}
