// Probe groups: a scan sent to a group runs on whichever member is free. Create a group, change its members, delete it.
import { useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, MultiSelect, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { createProbeGroup, deleteProbeGroup, updateProbeGroup, type ProbeGroup } from './probes-api.ts';
import { allProbesOptions, PROBE_KEYS, probeGroupsOptions } from './probe-queries.ts';
import { groupInput, groupMemberOptions, validateGroup, type GroupValues } from './probe-format.ts';

type Option = { value: string; label: string };

function NewGroupForm({ members }: { members: Option[] }) {
  const container = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<GroupValues>({ initialValues: { name: '', probes: [] }, validate: validateGroup });

  async function submit(values: GroupValues) {
    setError(null);
    setBusy(true);
    try {
      await createProbeGroup(groupInput(values));
      toastSuccess('Probe group created.');
      form.reset();
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
    } catch (failure) {
      setError(applyServerErrors(form, failure, ['name', 'probes'], 'Cannot create probe group.'));
      focusFirstError(container.current);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={container}
      onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))}
      noValidate
      aria-label="New probe group"
    >
      <Stack gap="sm">
        <FormError message={error} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput {...form.getInputProps('name')} label="Group name" w={220} />
          <MultiSelect
            {...form.getInputProps('probes')}
            label="Members"
            data={members}
            searchable
            clearable
            w={320}
            placeholder="Choose probes"
          />
          <Button type="submit" loading={busy}>
            Create group
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GroupRow({ group, members }: { group: ProbeGroup; members: Option[] }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = group.probes.map((p) => String(p.id));
  // Members the picker list does not hold (e.g. not loaded yet) still show by name.
  const data = [
    ...members,
    ...group.probes.filter((p) => !members.some((m) => m.value === String(p.id))).map((p) => ({ value: String(p.id), label: p.name })),
  ];

  async function setMembers(ids: string[]) {
    try {
      await updateProbeGroup(group.id, groupInput({ name: group.name, probes: ids }));
      toastSuccess('Probe group updated.');
    } catch (error) {
      toastFailure(error, 'Cannot update probe group.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteProbeGroup(group.id);
      toastSuccess('Probe group deleted.');
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
    } catch (error) {
      toastFailure(error, 'Cannot delete probe group.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Table.Tr data-group-id={group.id}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {group.name}
        </Text>
      </Table.Td>
      <Table.Td miw={280}>
        <MultiSelect
          aria-label={`Members of ${group.name}`}
          data={data}
          value={value}
          onChange={(ids) => void setMembers(ids)}
          searchable
          placeholder="No members"
        />
      </Table.Td>
      <Table.Td>{group.active_runs}</Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete group ${group.name}`} onClick={() => setConfirming(true)}>
          <span aria-hidden>✕</span>
        </ActionIcon>
        <ConfirmDialog
          opened={confirming}
          title="Delete the probe group?"
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        >
          “{group.name}” is deleted; its probes stay.
        </ConfirmDialog>
      </Table.Td>
    </Table.Tr>
  );
}

export function ProbeGroupsSection() {
  const groups = useQuery(probeGroupsOptions);
  const probes = useQuery(allProbesOptions);
  const members = groupMemberOptions(probes.data?.results ?? []);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="probe-groups-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="probe-groups-heading">
          Probe groups
        </Title>
        <Text size="sm" c="dimmed">
          A scan sent to a group runs on whichever of its probes is online and free.
        </Text>
        <NewGroupForm members={members} />
        {groups.error ? (
          <Alert color="red" variant="light" role="alert">
            {messageOf(groups.error, 'The probe groups could not be loaded.')}
          </Alert>
        ) : !groups.data ? null : groups.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No probe groups yet.
          </Text>
        ) : (
          <Table verticalSpacing="sm" aria-label="Probe groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Members</Table.Th>
                <Table.Th scope="col">Active runs</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.results.map((group) => (
                <GroupRow key={group.id} group={group} members={members} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
