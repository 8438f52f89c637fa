// /fra/recipients/{id}: one recipient — facts, tags, phishing severity in words, edit — the timeline across assessments
// (what the person did, machines' requests apart with their reasons), and links to the recipient asset and its `pat`
// findings in the unified vulnerabilities.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { Fact } from '../../components/Fact.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ListError, ListLoading } from '../../components/data-table/index.ts';
import { assetPath } from '../assets/asset-format.ts';
import { usePhishingAccess } from './access.ts';
import { FRA_KEYS, recipients } from './api.ts';
import { RecipientForm } from './components/RecipientForm.tsx';
import { RecipientTimeline } from './components/RecipientTimeline.tsx';
import { PhishingSeverityBadge } from './components/SeverityBadge.tsx';
import { TagBadges } from './components/TagBadges.tsx';
import { SOURCE_LABELS, languageLabel, patFindingsPath, recipientName } from './format.ts';

export default function RecipientPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const access = usePhishingAccess();
  const [editing, setEditing] = useState(false);
  const { data: r, error } = useQuery({
    queryKey: FRA_KEYS.recipient(id),
    queryFn: ({ signal }) => recipients.one(id, signal),
    enabled: valid,
  });
  const timeline = useQuery({
    queryKey: FRA_KEYS.timeline(id),
    queryFn: ({ signal }) => recipients.timeline(id, signal),
    enabled: valid && !!r,
  });

  const back = (
    <Anchor component={Link} to="/fra/recipients" size="sm">
      ← Recipients
    </Anchor>
  );
  if (!valid || error) {
    const missing = !valid || (isApiError(error) && error.status === 404);
    return (
      <Stack gap="md">
        {back}
        <PageHeader title="Recipient" />
        <Alert color={missing ? 'yellow' : 'red'} role="alert">
          {missing
            ? 'No such recipient: it was deleted, or it is not one you may see.'
            : messageOf(error, 'The recipient could not be loaded.')}
        </Alert>
      </Stack>
    );
  }
  if (!r) return <PageLoader />;

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={recipientName(r)}
        description={r.email}
        actions={access.update ? <Button onClick={() => setEditing(true)}>Edit</Button> : undefined}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group gap="sm">
            <Text size="sm">Phishing severity</Text>
            <PhishingSeverityBadge severity={r.severity} />
            <Text size="sm" c="dimmed">
              {r.active ? 'Active' : 'Inactive: gets no assessments'}
            </Text>
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }}>
            <Fact label="Department">{r.department || '–'}</Fact>
            <Fact label="Job title">{r.job_title || '–'}</Fact>
            <Fact label="Language">{languageLabel(r.language)}</Fact>
            <Fact label="Source">{SOURCE_LABELS[r.source]}</Fact>
            <Fact label="Assessments">{r.assessments}</Fact>
            <Fact label="Last assessed">{r.last_assessed ? formatDateTime(r.last_assessed) : 'Never'}</Fact>
          </SimpleGrid>
          <dl style={{ margin: 0 }}>
            <Fact label="Tags">
              <TagBadges tags={r.tags} />
            </Fact>
          </dl>
          <Group gap="md">
            <Anchor component={Link} to={assetPath(r.asset_id, true)} size="sm">
              The recipient asset
            </Anchor>
            <Anchor component={Link} to={patFindingsPath(r.asset_id)} size="sm">
              Phishing findings of this recipient
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Timeline
        </Title>
        {timeline.error ? (
          <ListError error={timeline.error} fallback="The timeline could not be loaded." onRetry={() => void timeline.refetch()} />
        ) : timeline.data ? (
          <RecipientTimeline entries={timeline.data} />
        ) : (
          <ListLoading label="Loading the timeline…" />
        )}
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit recipient" size="lg">
        {editing && <RecipientForm recipient={r} onDone={() => setEditing(false)} />}
      </Modal>
    </Stack>
  );
}
