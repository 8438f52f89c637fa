// The columns of the probe group list: name, members (changed in place), active runs, and delete after a confirm.
import { useState } from 'react';
import { ActionIcon, MultiSelect, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { DataColumn } from '../../components/data-table/index.ts';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { deleteProbeGroup, updateProbeGroup, type ProbeGroup } from './probes-api.ts';
import { PROBE_KEYS } from './probe-queries.ts';
import { groupInput } from './probe-format.ts';

export type MemberOption = { value: string; label: string };

function GroupMembers({ group, members }: { group: ProbeGroup; members: MemberOption[] }) {
  const queryClient = useQueryClient();
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

  return (
    <MultiSelect
      aria-label={`Members of ${group.name}`}
      data={data}
      value={value}
      onChange={(ids) => void setMembers(ids)}
      searchable
      placeholder="No members"
    />
  );
}

function DeleteGroup({ group }: { group: ProbeGroup }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  async function remove() {
    try {
      await deleteProbeGroup(group.id);
      toastSuccess('Probe group deleted.');
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
    } catch (error) {
      toastFailure(error, 'Cannot delete probe group.');
    }
  }

  return (
    <>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete group ${group.name}`} onClick={() => setConfirming(true)}>
        <span aria-hidden>✕</span>
      </ActionIcon>
      <ConfirmDialog
        opened={confirming}
        title="Delete the probe group?"
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        “{group.name}” is deleted; its probes stay.
      </ConfirmDialog>
    </>
  );
}

export function probeGroupColumns(members: MemberOption[]): DataColumn<ProbeGroup>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (group) => (
        <Text size="sm" fw={500}>
          {group.name}
        </Text>
      ),
    },
    { key: 'members', header: 'Members', cellProps: { miw: 280 }, cell: (group) => <GroupMembers group={group} members={members} /> },
    { key: 'active_runs', header: 'Active runs', cell: (group) => group.active_runs },
    { key: 'actions', header: 'Actions', headerHidden: true, cell: (group) => <DeleteGroup group={group} /> },
  ];
}
