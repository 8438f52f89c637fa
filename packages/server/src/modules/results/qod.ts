// The quality of detection (QoD) of a finding built from a run: core's values by detection method, and whether a CVE
// matched on an announced version sits behind a banner that names a distribution (which backports fixes without
// changing the upstream version, so the match is unreliable: Greenbone's remote_banner_unreliable).
import { qodOf, type DetectionMethod } from '@bulwark/core';

/** Distributions (and BSDs) that patch the version they shipped; a banner naming one hides backported fixes. */
const DISTRO_BANNER = /\b(debian|ubuntu|raspbian|red ?hat|centos|rocky|almalinux|suse|fedora|freebsd)\b/i;

export const bannerNamesDistribution = (banner: string | null | undefined): boolean => !!banner && DISTRO_BANNER.test(banner);

/** QoD of a finding: the announced version is 30 behind a distribution banner, 80 otherwise; the others by method. */
export const findingQod = (detection: DetectionMethod, banner?: string | null): number =>
  qodOf(detection, detection === 'service-version' && bannerNamesDistribution(banner));
