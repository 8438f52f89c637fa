// The header of a watched website's or mail server's page: its name, the way back to the list, the last run's state,
// "Inactive" when paused, and the actions the user may take (Check now, Edit, Delete).
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MonitorRunStatus } from '@bulwark/core';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { MonitoringAccess } from '../../monitoring/monitoring-access.ts';
import { RunStatusBadge } from './MonitorStatus.tsx';

interface Props {
  title: string;
  listPath: string;
  listLabel: string;
  status: MonitorRunStatus | null;
  active: boolean;
  access: MonitoringAccess;
  /** A check of this monitor is running. */
  checking: boolean;
  onCheck: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function MonitorPageHeader({ title, listPath, listLabel, status, active, access, checking, onCheck, onEdit, onDelete }: Props) {
  return (
    <PageHeader
      title={title}
      description={
        <Group gap="xs" component="span">
          <Anchor component={Link} to={listPath} size="sm">
            {listLabel}
          </Anchor>
          <RunStatusBadge status={status} />
          {!active && (
            <Text span size="sm" c="dimmed">
              Inactive
            </Text>
          )}
        </Group>
      }
      actions={
        <Group gap="xs">
          {access.execute && (
            <Button loading={checking} onClick={onCheck}>
              Check now
            </Button>
          )}
          {access.update && (
            <Button variant="default" onClick={onEdit}>
              Edit
            </Button>
          )}
          {access.delete && (
            <Button variant="default" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      }
    />
  );
}
