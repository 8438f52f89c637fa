// /scans/scans/view/oscan/{runId}: the result page shell with the policy kind — its summary and score, and tabs for its
// rules (with their evidence), its hosts (each opening the rules of that host) and its errors.
import { useSearchParams } from 'react-router';
import { POLICY_SCAN_KIND } from '@bulwark/core';
import { RunResultShell, type ResultTabContext } from '../scans/RunResultShell.tsx';
import { PolicyHostsTab } from './PolicyHostsTab.tsx';
import { PolicyRulesTab, RULES_PREFIX } from './PolicyRulesTab.tsx';
import { PolicyRunSummary } from './PolicyRunSummary.tsx';

/** The Hosts tab; a host's "rules" opens the Rules tab filtered to it. */
function HostsPanel({ run, polling, showTab }: ResultTabContext) {
  const [, setSearch] = useSearchParams();
  function showRules(hostId: number) {
    setSearch((current) => {
      const url = new URLSearchParams(current);
      url.set(`${RULES_PREFIX}.host`, String(hostId));
      url.delete(`${RULES_PREFIX}.page`);
      return url;
    });
    showTab('rules');
  }
  return <PolicyHostsTab runId={run.id} polling={polling} onShowRules={showRules} />;
}

const PANELS = {
  rules: ({ run, polling }: ResultTabContext) => <PolicyRulesTab runId={run.id} polling={polling} />,
  hosts: HostsPanel,
};

export default function PolicyScanResultPage() {
  return (
    <RunResultShell
      kind={POLICY_SCAN_KIND}
      description={(run) => `Policy run ${run.id} of scan ${run.scan_id}${run.policy ? ` · ${run.policy.name}` : ''}`}
      Summary={PolicyRunSummary}
      panels={PANELS}
    />
  );
}
