// /settings/intelligence: what vulnerability feeds are stored, feed imports (superusers) and a CVE lookup for everyone.
import { Stack } from '@mantine/core';
import { useSession } from '../../session/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FeedSummary } from './components/FeedSummary.tsx';
import { FeedImportsSection } from './components/FeedImportsSection.tsx';
import { FeedSyncSection } from './components/FeedSyncSection.tsx';
import { VulnerabilityLookup } from './components/VulnerabilityLookup.tsx';

export default function IntelligencePage() {
  const { profile } = useSession();
  if (!profile) return null;
  // The server's rule for syncing and importing feeds (shared by every customer): platform operators.
  const canImport = profile.platform_operator === true;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Vulnerability intelligence"
        description="The public feeds Bulwark turns products and packages into CVEs with (NVD, CISA KEV, FIRST EPSS, OSV and the Debian Security Tracker), and the community check library its scans run."
      />
      <FeedSummary canImport={canImport} />
      <FeedSyncSection canSync={canImport} />
      {canImport && <FeedImportsSection />}
      <VulnerabilityLookup />
    </Stack>
  );
}
