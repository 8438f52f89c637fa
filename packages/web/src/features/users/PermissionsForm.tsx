// One user's permission map as a matrix: resources by group (rows) × actions (columns), saved with PATCH
// user/profile/{id}/ {permissions}. Administrators have every right, so theirs is shown but not edited.
import { useId, useRef, useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PERMISSION_ACTIONS, isSuperuser, type PermissionAction, type PermissionResource, type UserProfile } from '@bulwark/core';
import { displayName } from '../../components/display-name.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { ACTION_LABELS, GROUP_LABELS, RESOURCE_LABELS } from '../../components/permission-labels.ts';
import {
  PERMISSION_ROWS,
  isSuperuserResource,
  isTicked,
  matrixOf,
  permissionsPayload,
  sameMatrix,
  toggleAction,
  type PermissionMatrix,
} from './user-format.ts';
import { userChanged } from './user-queries.ts';
import { setUserPermissions } from './users-api.ts';

const FAILED = 'Cannot save the permissions.';

export function PermissionsForm({ user, onDone }: { user: UserProfile; onDone(): void }) {
  const queryClient = useQueryClient();
  const container = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const errorId = useId();
  const readOnly = isSuperuser(user);
  const [matrix, setMatrix] = useState<PermissionMatrix>(() => matrixOf(user.permissions));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = displayName(user);
  const changed = !sameMatrix(matrix, matrixOf(user.permissions));

  function toggle(resource: PermissionResource, action: PermissionAction, ticked: boolean) {
    setMatrix((current) => toggleAction(current, resource, action, ticked));
  }

  async function save() {
    setError(null);
    setFieldError(null);
    setBusy(true);
    try {
      const saved = await setUserPermissions(user.id, permissionsPayload(matrix));
      toastSuccess(`Permissions of ${name} saved.`);
      await userChanged(queryClient, saved);
      onDone();
    } catch (failure) {
      const target = { setErrors: (errors: Record<string, string>) => setFieldError(errors.permissions ?? null) };
      setError(applyServerErrors(target, failure, ['permissions'], FAILED));
      requestAnimationFrame(() => container.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={container}
      aria-label={`Permissions of ${name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) void save();
      }}
    >
      <Stack gap="md">
        <FormError message={error} />
        {readOnly ? (
          <Alert color="blue" variant="light" role="note" id={hintId}>
            Administrators have every right, whatever their map says. To limit this user, first give them another role.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" id={hintId}>
            Every action other than read needs read: ticking one ticks read as well, and unticking read clears the row. Pages of the
            administration resources stay for administrators only.
          </Text>
        )}
        {fieldError && (
          <Text size="sm" c="red" id={errorId} role="alert" tabIndex={-1}>
            {fieldError}
          </Text>
        )}
        <Box style={{ overflow: 'auto', maxHeight: '60vh' }}>
          <Table stickyHeader verticalSpacing={4} aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}>
            <caption>
              <VisuallyHidden>Permissions of {name}</VisuallyHidden>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Resource</Table.Th>
                {PERMISSION_ACTIONS.map((action) => (
                  <Table.Th key={action} scope="col" ta="center">
                    {ACTION_LABELS[action]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {PERMISSION_ROWS.map(({ group, resources }) => (
              <Table.Tbody key={group}>
                <Table.Tr>
                  <Table.Th scope="rowgroup" colSpan={PERMISSION_ACTIONS.length + 1} bg="var(--mantine-color-default-hover)">
                    {GROUP_LABELS[group]}
                  </Table.Th>
                </Table.Tr>
                {resources.map((resource) => (
                  <Table.Tr key={resource} data-resource={resource}>
                    <Table.Th scope="row" fw={400}>
                      {RESOURCE_LABELS[resource]}
                      {isSuperuserResource(resource) && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (administrators only)
                        </Text>
                      )}
                    </Table.Th>
                    {PERMISSION_ACTIONS.map((action) => (
                      <Table.Td key={action}>
                        <Group justify="center">
                          <Checkbox
                            aria-label={`${ACTION_LABELS[action]} ${RESOURCE_LABELS[resource]}`}
                            checked={readOnly || isTicked(matrix, resource, action)}
                            disabled={readOnly || busy}
                            onChange={(event) => toggle(resource, action, event.currentTarget.checked)}
                          />
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ))}
          </Table>
        </Box>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={busy} disabled={!changed}>
              Save permissions
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
