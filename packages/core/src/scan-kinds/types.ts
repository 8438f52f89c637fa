// The shape of a scan-kind descriptor: everything the server's profile, scan and run routes and the web app's profile
// pages, result page shell and run widgets need to know about one kind of scan, said once. A new kind (web, cloud …)
// adds one descriptor beside network.ts and policy.ts, its engine in the scanner and its result tabs in the web app.
import type { z } from 'zod';
import type { PermissionResource } from '../permissions.ts';

/** The kinds there are (discovery scans are web scans with discovery on). */
export const SCAN_KIND_KEYS = ['network', 'policy', 'web', 'cloud'] as const;
export type ScanKindKey = (typeof SCAN_KIND_KEYS)[number];

/** The scan_type of a kind's scans, runs and profiles (the database column and the API field). */
export type ScanKindType = 'nvt' | 'oval' | 'was' | 'cloud';

/** One tab of a kind's result page: its key in the URL and its label. The web app maps the key to a component. */
export interface ScanResultTab {
  key: string;
  label: string;
  /** The run field whose number the tab shows beside its label, if any. */
  badge?: 'cnt_vulns' | 'hosts_up';
}

/** Where a kind's findings come from: the name the merge step knows them by and the prefix of their check ids. */
export interface ScanFindingSource {
  name: 'network-checks' | 'policy-rules' | 'web-tests' | 'cloud-controls';
  /** Prefix of the check id of every finding of this kind ('' when the check id is the test's own id). */
  checkIdPrefix: string;
}

export interface ScanKind<
  TProfile extends z.ZodType = z.ZodType,
  TProfileInput extends z.ZodType = z.ZodType,
  TProfileExport extends z.ZodType = z.ZodType,
> {
  key: ScanKindKey;
  type: ScanKindType;
  /** The permission resource of every route of the kind (read, create, update, delete, execute). */
  permission: Extract<PermissionResource, 'net_scans' | 'policy_scans' | 'web_scans' | 'cloud_scans'>;
  /** Path segments under /api/scan/: the scans, their runs and the profiles. */
  api: { scans: string; runs: string; profiles: string };
  /**
   * Path segments of the web app: <base>/scans/view/<result>/{runId}, <base>/scan-profiles/edit/<profile>/{id} (no
   * profile segment when it is ''). Network and policy pages live under /scans (the default), web pages under /was.
   * With `flatPaths` (cloud, as platform-core §2 gives its routes): <base>/scans/<result>/{runId} and
   * <base>/scan-profiles/{id}.
   */
  web: {
    base?: '/scans' | '/was' | '/cloud';
    flatPaths?: boolean;
    result: string;
    /** The result segment of a discovery run (web: 'rdwas'), when the kind has discovery runs. */
    discoveryResult?: string;
    profile: string;
    /** The value of ?kind= on the scans and scan profiles pages ('' for the pages' first tab). */
    listTab: string;
  };
  /** The payload schemas of core/api (referenced, never copied). */
  schemas: { profile: TProfile; profileInput: TProfileInput; profileExport: TProfileExport };
  /** The `format` an export of a profile carries. */
  exportFormat: string;
  /** The fields of a profile besides name and description, as its input names them. */
  profileFields: readonly string[];
  /** The tabs of a run's result page, the first open by default; every kind ends with the errors tab. */
  resultTabs: readonly ScanResultTab[];
  findingSource: ScanFindingSource;
  /**
   * How the kind's scans run on a schedule (scan/schedules/, one form for every kind): `targets` is false when a schedule
   * names none (cloud: its profile names the account); `label` names such a schedule in messages ('policy schedule').
   * null: the kind cannot be scheduled.
   */
  schedule: { targets: boolean; label: string } | null;
  labels: {
    /** 'network scan' / 'policy scan', in sentences and API summaries. */
    scan: string;
    /** 'scan profile' / 'policy profile'. */
    profile: string;
    /** The tab of the scan profiles page: 'Network profiles'. */
    profilesTab: string;
    /** The back link of a result page: 'Scans' / 'Policy scans'. */
    scans: string;
    /** The title of a result page: 'Scan result' / 'Policy scan result'. */
    result: string;
    /** One run, in messages: 'scan run' / 'policy scan run'. */
    run: string;
  };
}

/** 'network scan' → 'Network scan'. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A kind's profile as the API answers it. */
export type ScanKindProfile<K extends ScanKind> = z.output<K['schemas']['profile']>;
/** A kind's profile as it is written (create, update). */
export type ScanKindProfileInput<K extends ScanKind> = z.input<K['schemas']['profileInput']>;
/** A kind's profile export. */
export type ScanKindProfileExport<K extends ScanKind> = z.output<K['schemas']['profileExport']>;
