// /cloud/scans/result/{runId}: the result page shell with the cloud kind — the run's summary (profile, resources, findings,
// controls passed and failed), its controls with a pass/fail chart by service, the resources it saw, its findings (each
// linking to its control's cp page) and its errors.
import { CLOUD_SCAN_KIND } from '@bulwark/core';
import { RunResultShell, type ResultTabContext } from '../scans/RunResultShell.tsx';
import { CloudFindingsTable } from './components/CloudFindingsTable.tsx';
import { CloudRunSummary } from './components/CloudRunSummary.tsx';
import { ControlsTab } from './components/ControlsTab.tsx';
import { RunResourcesTab } from './components/RunResourcesTab.tsx';

const PANELS = {
  controls: ({ run, polling }: ResultTabContext) => <ControlsTab runId={run.id} polling={polling} />,
  resources: ({ run, polling }: ResultTabContext) => <RunResourcesTab runId={run.id} polling={polling} />,
  findings: ({ run, polling }: ResultTabContext) => (
    <CloudFindingsTable
      id="cloud-run-findings"
      caption="Findings"
      prefix="findings"
      // Every state, as the web result page asks: the findings this run saw or closed, even those closed since
      // (the server's default leaves closed ones out, so an older run's findings vanished once fixed).
      query={{ run: run.id, finding_state: ['0', '1', '2', '3'] }}
      show={{ control: true, resource: true }}
      polling={polling}
      empty="No findings in this run."
    />
  ),
};

export default function CloudScanResultPage() {
  return (
    <RunResultShell
      kind={CLOUD_SCAN_KIND}
      description={(run) => `Cloud run ${run.id} of scan ${run.scan_id}${run.profile ? ` · ${run.profile.name}` : ''}`}
      Summary={CloudRunSummary}
      panels={PANELS}
    />
  );
}
