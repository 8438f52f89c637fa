// /was/scans/view/was/{runId}: the result page shell with the web kind — the run's summary (target, duration, URLs,
// requests, sign-in state, technologies), its findings by OWASP category with the application's web findings, its site
// map as a tree beside the requests, and its errors.
import { WEB_SCAN_KIND } from '@bulwark/core';
import { RunResultShell, type ResultTabContext } from '../scans/RunResultShell.tsx';
import { SiteMapTab } from './components/SiteMapTab.tsx';
import { WebFindingsTab } from './components/WebFindingsTab.tsx';
import { WebRunSummary } from './components/WebRunSummary.tsx';

const PANELS = {
  findings: ({ run, polling }: ResultTabContext) => <WebFindingsTab runId={run.id} polling={polling} />,
  sitemap: ({ run, polling }: ResultTabContext) => <SiteMapTab runId={run.id} polling={polling} />,
};

export default function WebScanResultPage() {
  return (
    <RunResultShell
      kind={WEB_SCAN_KIND}
      description={(run) => `Web run ${run.id} of scan ${run.scan_id}${run.targets.length ? ` · ${run.targets.join(', ')}` : ''}`}
      Summary={WebRunSummary}
      panels={PANELS}
    />
  );
}
