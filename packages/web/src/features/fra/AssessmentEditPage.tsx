// /fra/assessments/edit/:uuid — a new assessment (uuid "new") or a draft or scheduled one, in the stepwise form. A
// sending, running or finished assessment cannot be changed: the page says so and links to its results.
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { FRA_KEYS, assessments } from './api.ts';
import { ASSESSMENTS_PATH, assessmentResultsPath, canEdit, stateLabel } from './assessment-format.ts';
import { AssessmentForm } from './components/AssessmentForm.tsx';
import { usePhishingAccess } from './fra-access.ts';

export default function AssessmentEditPage() {
  const { uuid = 'new' } = useParams();
  const isNew = uuid === 'new';
  const navigate = useNavigate();
  const access = usePhishingAccess();
  const { data, error, isLoading } = useQuery({
    queryKey: FRA_KEYS.one(uuid),
    queryFn: ({ signal }) => assessments.one(uuid, signal),
    enabled: !isNew,
  });

  const title = isNew ? 'New assessment' : `Edit ${data?.name ?? 'assessment'}`;
  let body;
  if (!isNew && isLoading) body = <PageLoader />;
  else if (!isNew && (error || !data))
    body = (
      <Text>
        This assessment could not be loaded.{' '}
        <Anchor component={Link} to={ASSESSMENTS_PATH}>
          Back to the assessments
        </Anchor>
      </Text>
    );
  else if (data && !canEdit(data.state))
    body = (
      <Text>
        This assessment is {stateLabel(data.state).toLowerCase()} and can no longer be changed.{' '}
        <Anchor component={Link} to={assessmentResultsPath(data.uuid)}>
          See its results
        </Anchor>
      </Text>
    );
  else
    body = (
      <Card withBorder padding="lg">
        <AssessmentForm
          assessment={data ?? null}
          canStart={access.execute}
          onCancel={() => void navigate(ASSESSMENTS_PATH)}
          onDone={(saved, started) => void navigate(started ? assessmentResultsPath(saved.uuid) : ASSESSMENTS_PATH)}
        />
      </Card>
    );
  return (
    <Stack gap="lg">
      <PageHeader title={title} description="Choose what is sent, to whom, from which domain, what follows a click, and when." />
      {body}
    </Stack>
  );
}
