// /scans/scans/view/nscan/{runId}: the result page shell with the network kind — its summary, and tabs for findings,
// hosts and errors.
import { NETWORK_SCAN_KIND } from '@bulwark/core';
import { FeedHealthAlert } from '../intel/components/FeedHealthAlert.tsx';
import { FindingsTab } from './FindingsTab.tsx';
import { HostsTab } from './HostsTab.tsx';
import { RunResultShell, type ResultTabContext } from './RunResultShell.tsx';
import { RunSummary } from './RunSummary.tsx';

const PANELS = {
  findings: ({ run, polling }: ResultTabContext) => <FindingsTab runId={run.id} polling={polling} />,
  hosts: ({ run, polling }: ResultTabContext) => <HostsTab runId={run.id} polling={polling} />,
};

export default function ScanResultPage() {
  return (
    <RunResultShell
      kind={NETWORK_SCAN_KIND}
      description={(run) => `Run ${run.id} of scan ${run.scan_id}`}
      notice={<FeedHealthAlert />}
      Summary={RunSummary}
      panels={PANELS}
    />
  );
}
