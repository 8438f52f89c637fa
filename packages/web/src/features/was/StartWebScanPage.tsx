// /was/scans/start/{assetId}: start a web or discovery scan on one web application (from its asset page), then open the
// new run's page to watch it.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { scanListPath, WEB_SCAN_KIND } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { webRunPath } from './api/web-scans-api.ts';
import { StartWebScanForm } from './components/StartWebScanForm.tsx';
import { WEB_KEYS } from './web-queries.ts';

export default function StartWebScanPage() {
  const { assetId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = assetId && /^[0-9]+$/.test(assetId) ? Number(assetId) : null;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={scanListPath(WEB_SCAN_KIND)} size="sm">
        ← Web scans
      </Anchor>
      <PageHeader title="Start web scan" description="Crawl the web application and run the profile’s tests, or only map it." />
      {id === null ? (
        <Alert color="yellow" variant="light" role="alert">
          This is not the address of a web application.
        </Alert>
      ) : (
        <Card withBorder padding="lg" maw={720}>
          <StartWebScanForm
            assets={[id]}
            onCancel={() => void navigate(-1)}
            onStarted={(scan) => {
              void queryClient.invalidateQueries({ queryKey: WEB_KEYS.all });
              if (scan.last_run !== null)
                void navigate(webRunPath({ id: scan.last_run, is_was_discovery: scan.is_was_discovery }), { replace: true });
              else void navigate(scanListPath(WEB_SCAN_KIND), { replace: true });
            }}
          />
        </Card>
      )}
    </Stack>
  );
}
