// What a schedule scans, and where from: saved targets, typed addresses, exclusions and the tag set (tags to include and
// to exclude, each any-of or all-of, resolved when each run starts), then the profile and the probe or probe group. The
// pickers are the start-scan form's (the same queries, so their answers are shared with the scan screens).
import { Checkbox, Fieldset, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  probeGroupOptionsQuery,
  probeOptionsQuery,
  profileOptionsQuery,
  savedHostsQuery,
  savedRangesQuery,
  tagOptionsQuery,
} from '../scans/scan-queries.ts';
import { EXTERNAL_PROBE_OPTION } from '../scans/scan-filters.ts';
import type { RunOn } from '../scans/start-scan-form.ts';
import type { ScheduleValues } from './schedule-form.ts';

type Form = UseFormReturnType<ScheduleValues>;

/** Profiles another kind of schedule offers instead of the network ones (web profiles for a web schedule). */
export interface ProfileChoices {
  data: readonly { id: number; name: string; builtin: boolean }[] | undefined;
  isPending: boolean;
}

/** '10.0.0.1 (mail server)', or the address alone when it has no other name. */
export function targetLabel(value: string, name: string): string {
  return name && name !== value ? `${value} (${name})` : value;
}

export function TargetFields({ form }: { form: Form }) {
  const hosts = useQuery(savedHostsQuery);
  const ranges = useQuery(savedRangesQuery);
  const tags = useQuery(tagOptionsQuery);

  const targetData = [
    { group: 'Hosts', items: (hosts.data?.results ?? []).map((h) => ({ value: String(h.id), label: targetLabel(h.host, h.name) })) },
    {
      group: 'Networks and ranges',
      items: (ranges.data?.results ?? []).map((r) => ({ value: String(r.id), label: targetLabel(r.iprange, r.name) })),
    },
  ].filter((g) => g.items.length > 0);
  // A chosen id the pickers do not hold (beyond their first page, or deleted since) still shows, by its number.
  const known = new Set(targetData.flatMap((g) => g.items.map((i) => i.value)));
  const unknown = form.values.assets.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `Target ${id}` }));

  const tagIds = new Set((tags.data ?? []).map((t) => String(t.id)));
  const tagData = [
    ...(tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    ...[...form.values.include_tags, ...form.values.exclude_tags]
      .filter((id, i, all) => !tagIds.has(id) && all.indexOf(id) === i)
      .map((id) => ({ value: id, label: `Tag ${id}` })),
  ];
  const noTags = tagData.length === 0;

  return (
    <Fieldset legend="Targets" variant="unstyled">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          Choose saved targets, type addresses or pick tags (or combine them). Tagged assets are looked up when each run starts.
        </Text>
        <MultiSelect
          {...form.getInputProps('assets')}
          label="Saved targets"
          description="Hosts, networks and ranges saved before."
          data={[...targetData, ...(unknown.length > 0 ? [{ group: 'Chosen', items: unknown }] : [])]}
          searchable
          clearable
          nothingFoundMessage="No saved target matches"
          placeholder={known.size === 0 && unknown.length === 0 ? 'No saved targets yet' : 'Choose targets'}
        />
        <Textarea
          {...form.getInputProps('targets')}
          label="Addresses"
          description="Hosts, networks (10.0.0.0/24) or ranges (10.0.0.1-10.0.0.50), one per line or separated by commas."
          placeholder={'192.0.2.10\n10.0.0.0/24'}
          autosize
          minRows={2}
          maxRows={8}
          spellCheck={false}
        />
        <Textarea
          {...form.getInputProps('exclude')}
          label="Exclude addresses"
          description="Addresses, networks or ranges not to scan."
          autosize
          minRows={1}
          maxRows={4}
          spellCheck={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={6}>
            <MultiSelect
              {...form.getInputProps('include_tags')}
              label="Include assets tagged"
              description="Scans the assets carrying these tags."
              data={tagData}
              searchable
              clearable
              nothingFoundMessage="No tag matches"
              placeholder={noTags ? 'No tags yet' : 'Choose tags'}
            />
            <Checkbox
              {...form.getInputProps('include_all', { type: 'checkbox' })}
              label="Only assets carrying all of these tags"
              description="Otherwise any one of them is enough."
              disabled={form.values.include_tags.length < 2}
            />
          </Stack>
          <Stack gap={6}>
            <MultiSelect
              {...form.getInputProps('exclude_tags')}
              label="Exclude assets tagged"
              description="Leaves these out of the included tags' assets."
              data={tagData}
              searchable
              clearable
              nothingFoundMessage="No tag matches"
              placeholder={noTags ? 'No tags yet' : 'Choose tags'}
            />
            <Checkbox
              {...form.getInputProps('exclude_all', { type: 'checkbox' })}
              label="Only when they carry all of these tags"
              description="Otherwise any one of them leaves an asset out."
              disabled={form.values.exclude_tags.length < 2}
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** The network profile and where the scan runs from: a probe (the external one by default) or a probe group. */
export function ProbeFields({ form, profileChoices }: { form: Form; profileChoices?: ProfileChoices }) {
  const networkProfiles = useQuery({ ...profileOptionsQuery, enabled: profileChoices === undefined });
  const probes = useQuery(probeOptionsQuery);
  const groups = useQuery(probeGroupOptionsQuery);

  const profiles = profileChoices ?? networkProfiles;
  const profileData = (profiles.data ?? []).map((p) => ({ value: String(p.id), label: p.builtin ? `${p.name} (built-in)` : p.name }));
  const probeData = (probes.data ?? [EXTERNAL_PROBE_OPTION]).map((p) => ({ value: String(p.id), label: p.name }));
  const groupData = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  // A saved probe group no longer listed still shows by its number.
  const group = form.values.probe_group;
  if (group !== null && !groupData.some((g) => g.value === group)) groupData.push({ value: group, label: `Probe group ${group}` });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        {...form.getInputProps('profile')}
        label="Profile"
        required
        data={profileData}
        searchable
        placeholder={profiles.isPending ? 'Loading profiles…' : 'Choose a profile'}
        nothingFoundMessage="No profile matches"
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="schedule-run-on-label">
          Run on
        </Text>
        <SegmentedControl
          aria-labelledby="schedule-run-on-label"
          value={form.values.runOn}
          onChange={(value) => form.setFieldValue('runOn', value as RunOn)}
          data={[
            { value: 'probe', label: 'Probe' },
            { value: 'group', label: 'Probe group', disabled: groupData.length === 0 && form.values.runOn !== 'group' },
          ]}
          w="fit-content"
        />
        {form.values.runOn === 'probe' ? (
          <Select {...form.getInputProps('node')} label="Probe" data={probeData} allowDeselect={false} />
        ) : (
          <Select
            {...form.getInputProps('probe_group')}
            label="Probe group"
            required
            data={groupData}
            placeholder="Choose a probe group"
            description="Each run goes to the online member of the group with the least work."
          />
        )}
      </Stack>
    </SimpleGrid>
  );
}
