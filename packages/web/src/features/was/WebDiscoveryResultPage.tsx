// /was/scans/view/rdwas/{runId}: a discovery run's result — the web kind's result shell with the discovery tabs: the
// site map as a tree, the forms and their parameters, the virtual hosts and technologies found (a virtual host can be
// added as a web-application asset), and the errors.
import { Alert, Text } from '@mantine/core';
import { WEB_SCAN_KIND, type ScanKind } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { RunResultShell, type ResultTabContext } from '../scans/RunResultShell.tsx';
import { FormsTab, HostsAndTechnologiesTab } from './components/DiscoveryFindings.tsx';
import { SiteMapTab } from './components/SiteMapTab.tsx';
import { useWebRunDetail, WebRunSummary } from './components/WebRunSummary.tsx';
import type { WebRunDetail } from './api/web-results-api.ts';

/** The web kind with a discovery run's tabs and words (no findings: a discovery scan runs no tests). */
const DISCOVERY_KIND: ScanKind = {
  ...WEB_SCAN_KIND,
  resultTabs: [
    { key: 'sitemap', label: 'Site map' },
    { key: 'forms', label: 'Forms and parameters' },
    { key: 'hosts', label: 'Hosts and technologies' },
    { key: 'errors', label: 'Errors' },
  ],
  labels: { ...WEB_SCAN_KIND.labels, result: 'Discovery scan result', run: 'discovery run' },
};

/** A tab that needs the run's processed extras. */
function withDetail(Tab: (props: { detail: WebRunDetail }) => React.JSX.Element) {
  return function DetailPanel({ run, polling }: ResultTabContext) {
    const detail = useWebRunDetail(run.id, polling);
    if (detail.error) {
      const pending = isApiError(detail.error) && detail.error.status === 404;
      return (
        <Alert color={pending ? 'blue' : 'red'} variant="light" role={pending ? 'status' : 'alert'}>
          {pending ? 'Shown here when the run’s results are processed.' : messageOf(detail.error, 'The run’s results could not be loaded.')}
        </Alert>
      );
    }
    if (!detail.data) return <Text size="sm">Loading…</Text>;
    return <Tab detail={detail.data} />;
  };
}

const PANELS = {
  sitemap: ({ run, polling }: ResultTabContext) => <SiteMapTab runId={run.id} polling={polling} />,
  forms: withDetail(FormsTab),
  hosts: withDetail(HostsAndTechnologiesTab),
};

export default function WebDiscoveryResultPage() {
  return (
    <RunResultShell
      kind={DISCOVERY_KIND}
      description={(run) => `Discovery run ${run.id} of scan ${run.scan_id}${run.targets.length ? ` · ${run.targets.join(', ')}` : ''}`}
      Summary={WebRunSummary}
      panels={PANELS}
    />
  );
}
