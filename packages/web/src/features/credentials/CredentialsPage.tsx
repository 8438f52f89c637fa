// /scans/scan-credentials: the logins authenticated scans use, in tabs by kind (Linux, Windows, Kubernetes; the tab kept
// in the URL as ?kind=), each a searchable, server-paged list with New, Edit, Test and Delete.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Tabs, Stack } from '@mantine/core';
import { CREDENTIAL_KIND_LABELS, type ScanAuthOs } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CredentialList } from './components/CredentialList.tsx';

const KINDS: readonly ScanAuthOs[] = ['linux', 'windows', 'kubernetes'];

function kindOf(text: string | null): ScanAuthOs {
  return KINDS.find((k) => k === text) ?? 'linux';
}

export default function CredentialsPage() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const [creating, setCreating] = useState(false);

  // Another tab is another list: its search, page and order start afresh.
  const selectKind = (next: string | null) => {
    setCreating(false);
    setParams(next && next !== 'linux' ? { kind: next } : {});
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Scan credentials"
        description="Logins for authenticated scans: with them a scan reads each host's installed packages and finds the patches it misses."
        actions={<Button onClick={() => setCreating(true)}>New credential</Button>}
      />
      <Card withBorder padding="md">
        <Tabs value={kind} onChange={selectKind} keepMounted={false}>
          <Tabs.List mb="md">
            {KINDS.map((k) => (
              <Tabs.Tab key={k} value={k}>
                {CREDENTIAL_KIND_LABELS[k]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {KINDS.map((k) => (
            <Tabs.Panel key={k} value={k}>
              <CredentialList kind={k} creating={creating && k === kind} onCreatingChange={setCreating} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
    </Stack>
  );
}
