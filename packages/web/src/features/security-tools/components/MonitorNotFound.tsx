// What a monitor's page shows when it cannot show the monitor: the spec's 404 text ("Cannot find website with the given
// id"), another failure's message, and the way back to the list.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';

export function MonitorNotFound({
  title,
  message,
  listPath,
  listLabel,
}: {
  title: string;
  message: string;
  listPath: string;
  listLabel: string;
}) {
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Alert color="red" variant="light" role="alert" title={`This ${title.toLowerCase()} cannot be shown`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Anchor component={Link} to={listPath} size="sm">
            {listLabel}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}
