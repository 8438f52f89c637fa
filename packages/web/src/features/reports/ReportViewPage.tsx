// /reports/reports/view/:id: one report. While it is pending or running the page follows its progress (polled); a
// failed run shows its error; a finished one shows its web view (every format has one) with the paged findings, and the
// file to download when the format makes one.
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REPORT_FORMAT_LABELS, formatDateTime, type Report } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { REPORT_KEYS, fetchReport, fetchReportData, reportDownloadUrl } from './api/reports-api.ts';
import { REPORTS_PATH, hasFile, reportPollInterval, sizeText } from './report-format.ts';
import { ReportFindings } from './components/ReportFindings.tsx';
import { ReportView } from './components/ReportView.tsx';
import { RunState } from './components/RunState.tsx';

function parseId(text: string | undefined): number | null {
  return text !== undefined && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null;
}

function BackLink() {
  return (
    <Anchor component={Link} to={REPORTS_PATH} size="sm">
      All reports
    </Anchor>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <PageHeader title="Report" />
      <Alert color="red" variant="light" role="alert" title="This report cannot be shown">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <BackLink />
        </Stack>
      </Alert>
    </Stack>
  );
}

function DownloadButton({ report }: { report: Report }) {
  if (!hasFile(report)) return null;
  return (
    <Button component="a" href={reportDownloadUrl(report.id)} download variant="default">
      Download {REPORT_FORMAT_LABELS[report.format]} ({sizeText(report.file_size)})
    </Button>
  );
}

function Finished({ report }: { report: Report }) {
  const data = useQuery({ queryKey: REPORT_KEYS.data(report.id), queryFn: ({ signal }) => fetchReportData(report.id, signal) });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          <BackLink /> · {report.name} · {REPORT_FORMAT_LABELS[report.format]}
          {report.finished_at ? ` · finished ${formatDateTime(report.finished_at)}` : ''}
          {report.expires_at ? ` · kept until ${formatDateTime(report.expires_at)}` : ''}
        </Text>
        <DownloadButton report={report} />
      </Group>
      {data.isPending ? (
        <PageLoader label="Loading the report…" />
      ) : data.isError ? (
        <Alert color="red" variant="light" role="alert" title="The report's figures could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{messageOf(data.error, 'Reload the page to try again.')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void data.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <ReportView
          data={data.data}
          findings={
            data.data.sections.includes('findings') ? <ReportFindings reportId={report.id} count={data.data.findings_count} /> : undefined
          }
        />
      )}
    </Stack>
  );
}

export default function ReportViewPage() {
  const id = parseId(useParams().id);
  const report = useQuery({
    queryKey: REPORT_KEYS.report(id ?? 0),
    queryFn: ({ signal }) => fetchReport(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (q) => reportPollInterval(q.state.data ? [q.state.data] : undefined),
  });

  if (id === null) return <Missing message="The address does not name a report." />;
  if (report.isPending) return <PageLoader label="Loading the report…" />;
  if (report.isError) {
    const gone = isApiError(report.error) && report.error.status === 404;
    return (
      <Missing
        message={
          gone ? 'It does not exist, or it was deleted.' : messageOf(report.error, 'It could not be loaded. Reload the page to try again.')
        }
      />
    );
  }

  const r = report.data;
  if (r.state === 'finished') return <Finished report={r} />;
  return (
    <Stack gap="md">
      <PageHeader title={r.name} description={<BackLink />} />
      <Card withBorder padding="lg">
        {r.state === 'failed' ? (
          <Alert color="red" variant="light" role="alert" title="The report could not be made">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{r.error ?? 'It failed without saying why.'}</Text>
              <Text size="sm">Check its scope still exists (a deleted saved view or scan), then start a new report.</Text>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="sm">
            {/* The state change is announced; the progress bar is read when reached, not every 2 s. */}
            <Text fw={500} role="status">
              {r.state === 'pending' ? 'The report is waiting to start.' : 'The report is being prepared.'}
            </Text>
            <RunState state={r.state} progress={r.progress} label={`Progress of ${r.name}`} width={360} />
            <Text size="sm" c="dimmed">
              This page updates by itself and shows the report when it is ready. You can leave it meanwhile; the report keeps going.
            </Text>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
