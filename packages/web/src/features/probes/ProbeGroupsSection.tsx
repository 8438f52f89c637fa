// Probe groups: a scan sent to a group runs on whichever member is free. Create a group, change its members, delete it.
import { Button, Card, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../components/data-table/index.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { createProbeGroup } from './probes-api.ts';
import { probeGroupColumns, type MemberOption } from './probe-group-columns.tsx';
import { allProbesOptions, PROBE_KEYS, probeGroupsOptions } from './probe-queries.ts';
import { groupInput, groupMemberOptions, validateGroup, type GroupValues } from './probe-format.ts';

function NewGroupForm({ members }: { members: MemberOption[] }) {
  const queryClient = useQueryClient();
  const form = useForm<GroupValues>({ initialValues: { name: '', probes: [] }, validate: validateGroup });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['name', 'probes'],
    failed: 'Cannot create probe group.',
    toast: false,
  });

  async function save(values: GroupValues) {
    await createProbeGroup(groupInput(values));
    toastSuccess('Probe group created.');
    form.reset();
    await queryClient.invalidateQueries({ queryKey: PROBE_KEYS.all });
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="New probe group">
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
        <DataTable
          id="probe-groups"
          caption="Probe groups"
          columns={probeGroupColumns(members)}
          rows={groups.data?.results}
          rowKey={(group) => group.id}
          rowProps={(group) => ({ 'data-group-id': group.id })}
          error={groups.error}
          errorMessage="The probe groups could not be loaded."
          onRetry={() => void groups.refetch()}
          loadingLabel="Loading probe groups…"
          empty={{ title: 'No probe groups yet.' }}
          striped={false}
        />
      </Stack>
    </Card>
  );
}
