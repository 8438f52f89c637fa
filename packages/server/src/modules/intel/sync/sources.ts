// The sources the feed sync fetches, from the settings: one per feed, and one per OSV ecosystem (each its own archive).
import type { Config, FeedSourceKind } from '../../../config.ts';

export interface PlannedSource {
  /** The state row's key: nvd, kev, epss, debian, osv/<ecosystem>, checks. */
  name: string;
  kind: FeedSourceKind;
  label: string;
  url: string;
  /** The file it is kept as under <feeds dir>/sync/<name>/ (none for the NVD, kept as pages). */
  file: string | null;
}

const LABELS: Record<FeedSourceKind, string> = {
  nvd: 'NVD CVE API 2.0',
  kev: 'CISA Known Exploited Vulnerabilities',
  epss: 'FIRST EPSS daily scores',
  osv: 'OSV',
  debian: 'Debian Security Tracker',
  checks: 'Community check library (Nuclei templates)',
};

export function plannedSources(sync: Config['feedSync']): PlannedSource[] {
  const out: PlannedSource[] = [];
  for (const kind of sync.sources) {
    const url = sync.urls[kind];
    if (kind === 'osv') {
      for (const eco of sync.osvEcosystems) {
        out.push({ name: `osv/${eco}`, kind, label: `OSV ${eco}`, url: `${url}/${encodeURIComponent(eco)}/all.zip`, file: 'all.zip' });
      }
    } else {
      const file =
        kind === 'nvd' ? null : kind === 'debian' ? 'debian-tracker.json' : kind === 'checks' ? 'library.tar.gz' : fileNameOf(url, kind);
      out.push({ name: kind, kind, label: LABELS[kind], url, file });
    }
  }
  return out;
}

/** The file name a URL's last segment gives (the EPSS .csv.gz keeps its name), or the kind's own. */
function fileNameOf(url: string, kind: FeedSourceKind): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  return /^[\w.-]+$/.test(last) ? last : `${kind}.data`;
}

/** The names among `asked` that name no planned source (a source's own name, or its kind: `osv` for every ecosystem). */
export function unknownSources(planned: readonly PlannedSource[], asked: readonly string[]): string[] {
  const known = new Set(planned.flatMap((p) => [p.name, p.kind]));
  return asked.filter((s) => !known.has(s));
}

/** The planned sources `only` names; every one when it names none. */
export function selectSources(planned: PlannedSource[], only: readonly string[] | undefined): PlannedSource[] {
  if (!only || only.length === 0) return planned;
  return planned.filter((s) => only.includes(s.name) || only.includes(s.kind));
}
