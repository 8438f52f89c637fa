// Quality of Detection (QoD): how sure Bulwark is that a finding is real, as a percentage, following Greenbone's QoD
// types, and the customer's minimum below which findings are hidden from lists, dashboards and reports by default.
import type { DetectionMethod } from './vulnerabilities.ts';

/**
 * Greenbone's QoD types Bulwark uses, with their values: an active check that talked to the service (remote_active 95),
 * authenticated package evidence (package 97), a policy rule over an authenticated session (policy 97), a version from a
 * banner decided on the distribution's own package revision or with no distribution named (remote_banner 80), and an
 * upstream version behind a distribution banner, which backports fixes without changing it (remote_banner_unreliable 30).
 */
export const QOD_TYPES = ['remote_active', 'package', 'policy', 'remote_banner', 'remote_banner_unreliable'] as const;
export type QodType = (typeof QOD_TYPES)[number];
export const QOD_OF_TYPE: Record<QodType, number> = {
  remote_active: 95,
  package: 97,
  policy: 97,
  remote_banner: 80,
  remote_banner_unreliable: 30,
};
export const QOD_TYPE_LABELS: Record<QodType, string> = {
  remote_active: 'Active check that talked to the service',
  package: 'Installed package (authenticated scan)',
  policy: 'Policy rule (authenticated scan)',
  remote_banner: 'Version announced by the service',
  remote_banner_unreliable: 'Upstream version behind a distribution banner (fixes may be backported)',
};

/** The QoD type of a detection method; an announced version behind a distribution banner is the unreliable one. */
export function qodTypeOf(detection: DetectionMethod, behindDistroBanner = false): QodType {
  switch (detection) {
    case 'active-check':
      return 'remote_active';
    case 'package-list':
      return 'package';
    case 'policy-rule':
      return 'policy';
    case 'distro-revision':
      return 'remote_banner';
    case 'service-version':
      return behindDistroBanner ? 'remote_banner_unreliable' : 'remote_banner';
  }
}

export const qodOf = (detection: DetectionMethod, behindDistroBanner = false): number =>
  QOD_OF_TYPE[qodTypeOf(detection, behindDistroBanner)];

/** The customer's default minimum QoD (Greenbone's default too) and the range of the setting and filter. */
export const QOD_DEFAULT_MIN = 70;
export const QOD_RANGE = { min: 0, max: 100 } as const;

/** High (90 and up), middling (70-89), low (below 70). */
export const QOD_LEVELS = ['high', 'middling', 'low'] as const;
export type QodLevel = (typeof QOD_LEVELS)[number];
export const QOD_LEVEL_LABELS: Record<QodLevel, string> = { high: 'High', middling: 'Middling', low: 'Low' };
export const qodLevel = (qod: number): QodLevel => (qod >= 90 ? 'high' : qod >= 70 ? 'middling' : 'low');

/** "80 % (Middling)". */
export const formatQod = (qod: number): string => `${qod} % (${QOD_LEVEL_LABELS[qodLevel(qod)]})`;

/** "3 findings below the minimum quality of detection (70 %) are hidden". */
export function hiddenBelowQodMessage(hidden: number, min: number): string {
  return `${hidden} ${hidden === 1 ? 'finding' : 'findings'} below the minimum quality of detection (${min} %) ${hidden === 1 ? 'is' : 'are'} hidden`;
}
