// The start-scan form: name, saved and typed targets, exclusions, profile, probe or probe group; creates and starts a scan,
// a network scan (network profiles, scan/nscans/) or a policy scan (policy profiles, scan/oscans/).
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, MultiSelect, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { crudMessages, POLICY_SCAN_KIND, scanProfilesPath, type NetworkScan } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { createScan, saveTargets, type ScanKind } from './scans-api.ts';
import {
  probeGroupOptionsQuery,
  probeOptionsQuery,
  profileChoicesQuery,
  savedHostsQuery,
  savedRangesQuery,
  tagOptionsQuery,
} from './scan-queries.ts';
import {
  initialStartScanValues,
  mergeSavedTargets,
  splitTargets,
  START_SCAN_ERROR_FIELDS,
  toScanInput,
  validateStartScan,
  type RunOn,
  type StartScanValues,
} from './start-scan-form.ts';

const MESSAGES = crudMessages('scan');
/** Where policy profiles are made (the scan profiles page on its policy tab). */
const POLICY_PROFILES_PATH = scanProfilesPath(POLICY_SCAN_KIND);

function targetLabel(value: string, name: string): string {
  return name && name !== value ? `${value} (${name})` : value;
}

export interface StartScanFormProps {
  /** Saved target ids to start with (the start/{assetIds} route). */
  assetIds: readonly number[];
  onStarted(scan: NetworkScan): void;
  onCancel(): void;
  /** A network scan ('nvt', the default) or a policy scan ('oval'): which profiles it offers and where it posts. */
  kind?: ScanKind;
}

export function StartScanForm({ assetIds, onStarted, onCancel, kind = 'nvt' }: StartScanFormProps) {
  const policy = kind === 'oval';
  const form = useForm<StartScanValues>({ initialValues: initialStartScanValues(assetIds), validate: validateStartScan });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: START_SCAN_ERROR_FIELDS,
    failed: MESSAGES.createFailed,
  });

  const hosts = useQuery(savedHostsQuery);
  const ranges = useQuery(savedRangesQuery);
  const profiles = useQuery(profileChoicesQuery(kind));
  const probes = useQuery(probeOptionsQuery);
  const groups = useQuery(probeGroupOptionsQuery);
  const tagChoices = useQuery(tagOptionsQuery);

  const targetData = [
    { group: 'Hosts', items: (hosts.data?.results ?? []).map((h) => ({ value: String(h.id), label: targetLabel(h.host, h.name) })) },
    {
      group: 'Networks and ranges',
      items: (ranges.data?.results ?? []).map((r) => ({ value: String(r.id), label: targetLabel(r.iprange, r.name) })),
    },
  ].filter((g) => g.items.length > 0);
  // A pre-filled id the lists do not hold (not loaded yet, or no longer there) still shows, by its number.
  const known = new Set(targetData.flatMap((g) => g.items.map((i) => i.value)));
  const unknown = form.values.assets.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `Target ${id}` }));
  const profileData = (profiles.data ?? []).map((p) => ({ value: String(p.id), label: p.builtin ? `${p.name} (built-in)` : p.name }));
  const noProfiles = policy && profiles.isSuccess && profileData.length === 0;
  const probeData = (probes.data ?? [{ id: -1, name: 'External (built-in)' }]).map((p) => ({ value: String(p.id), label: p.name }));
  const groupData = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));

  async function save(values: StartScanValues) {
    const typed = splitTargets(values.targets);
    const saved = values.saveTargets && typed.length > 0 ? mergeSavedTargets(typed, await saveTargets(typed.join('\n'))) : undefined;
    const scan = await createScan(toScanInput(values, saved), kind);
    toastSuccess(MESSAGES.created);
    onStarted(scan);
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={policy ? 'Start a policy scan' : 'Start a scan'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" data-autofocus autoComplete="off" />
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
        <MultiSelect
          {...form.getInputProps('tags')}
          label="Tags"
          description="Scan the hosts, networks and ranges carrying any of these tags, as tagged when each run starts."
          data={(tagChoices.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          searchable
          clearable
          placeholder={(tagChoices.data ?? []).length === 0 ? 'No tags yet' : 'Choose tags'}
        />
        <Textarea
          {...form.getInputProps('targets')}
          label="Targets"
          description="Hosts, networks (10.0.0.0/24) or ranges (10.0.0.1-10.0.0.50), one per line or separated by commas."
          placeholder={'192.0.2.10\n10.0.0.0/24'}
          autosize
          minRows={2}
          maxRows={8}
          spellCheck={false}
        />
        <Checkbox
          {...form.getInputProps('saveTargets', { type: 'checkbox' })}
          label="Save these targets for later scans"
          disabled={form.values.targets.trim() === ''}
        />
        <Textarea
          {...form.getInputProps('exclude')}
          label="Exclude"
          description="Addresses, networks or ranges not to scan."
          autosize
          minRows={1}
          maxRows={4}
          spellCheck={false}
        />
        <Select
          {...form.getInputProps('profile')}
          label={policy ? 'Policy profile' : 'Profile'}
          description={
            policy ? (
              <>
                The policy to evaluate and the Linux credentials that log in.{' '}
                {noProfiles && (
                  <Anchor component={Link} to={POLICY_PROFILES_PATH} size="xs">
                    Create a policy profile
                  </Anchor>
                )}
              </>
            ) : undefined
          }
          data={profileData}
          searchable
          placeholder={profiles.isPending ? 'Loading profiles…' : noProfiles ? 'No policy profiles yet' : 'Choose a profile'}
          nothingFoundMessage="No profile matches"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="run-on-label">
            Run on
          </Text>
          <SegmentedControl
            aria-labelledby="run-on-label"
            value={form.values.runOn}
            onChange={(value) => form.setFieldValue('runOn', value as RunOn)}
            data={[
              { value: 'probe', label: 'Probe' },
              { value: 'group', label: 'Probe group', disabled: groupData.length === 0 },
            ]}
            w="fit-content"
          />
        </Stack>
        {form.values.runOn === 'probe' ? (
          <Select {...form.getInputProps('node')} label="Probe" data={probeData} allowDeselect={false} />
        ) : (
          <Select {...form.getInputProps('probe_group')} label="Probe group" data={groupData} placeholder="Choose a probe group" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Start scan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
