// /fra-reports/…: reports, schedules and templates of phishing and awareness training. Bulwark has no training yet, so
// these pages say so honestly (in the manner of the "not available yet" page) and point to the vulnerability reports.
import { Link, useLocation } from 'react-router';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { matchRoute } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { REPORTS_PATH, SCHEDULES_PATH, TEMPLATES_PATH } from './report-format.ts';

export const TRAINING_REPORTS_TEXT = 'Training reports appear here once phishing and awareness training is available.';

export default function TrainingReportsPage() {
  const { pathname } = useLocation();
  const title = matchRoute(pathname).route.title;
  return (
    <Stack gap="lg" data-testid="training-reports">
      <PageHeader title={title} />
      <Card withBorder padding="lg">
        <Stack gap="xs" role="status">
          <Text fw={600}>{TRAINING_REPORTS_TEXT}</Text>
          <Text c="dimmed">
            Nothing is listed here yet, and nothing can be made here. Reports on your vulnerabilities and network scans are ready to use:
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={REPORTS_PATH}>
              Reports
            </Anchor>
            <Anchor component={Link} to={SCHEDULES_PATH}>
              Report schedules
            </Anchor>
            <Anchor component={Link} to={TEMPLATES_PATH}>
              Report templates
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
