// The monitoring profile editor (in a modal): its name and owner; what it watches (assets, tags, tags left out) and the
// ports expected open there; what alerts (triggers, the lowest severity of a new vulnerability, certificate days); how
// often its own check runs; and who is told (the owner, cc addresses, SMS numbers, Slack, Teams, webhooks). The page
// checks with core's own schema; the server's field errors land on their fields.
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHECK_INTERVAL_MAX,
  MONITORING_TRIGGERS,
  MONITORING_TRIGGER_LABELS,
  SEVERITY_LABELS,
  crudMessages,
  type MonitoringProfile,
  type Severity,
} from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { useUserAndTagChoices } from '../monitoring-choices.ts';
import { MONITORING_KEYS, createProfile, updateProfile } from '../monitoring-api.ts';
import {
  NEW_PROFILE,
  PROFILE_FIELDS,
  intervalText,
  profileInput,
  profileValues,
  validateProfile,
  type ProfileValues,
} from '../profile-form.ts';
import { AssetPicker } from './AssetPicker.tsx';

const MESSAGES = crudMessages('monitoring_profile');
const SEVERITY_OPTIONS = ([0, 1, 2, 3, 4] as Severity[]).map((s) => ({ value: String(s), label: `${SEVERITY_LABELS[s]} or above` }));

export interface ProfileFormProps {
  profile: MonitoringProfile | null;
  /** Shown, not changed (a user who may not update profiles). */
  readOnly?: boolean;
  onDone(): void;
}

export function ProfileForm({ profile, readOnly = false, onDone }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const { users, tags } = useUserAndTagChoices();
  const form = useForm<ProfileValues>({
    initialValues: profile ? profileValues(profile) : NEW_PROFILE,
    validate: validateProfile,
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: PROFILE_FIELDS,
    failed: profile ? MESSAGES.updateFailed : MESSAGES.createFailed,
  });

  async function save(v: ProfileValues) {
    const input = profileInput(v);
    if (profile) await updateProfile(profile.id, input);
    else await createProfile(input);
    toastSuccess(profile ? MESSAGES.updated : MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: MONITORING_KEYS.all });
    onDone();
  }

  const known = profile
    ? [...profile.network_assets, ...profile.web_applications].map((a) => ({ value: String(a.id), label: a.name }))
    : [];
  // A saved owner or tag no longer listed (another customer's user list is not readable by everyone) still shows.
  const userData = [...users];
  if (profile?.user && !users.some((u) => u.value === String(profile.user?.id)))
    userData.push({
      value: String(profile.user.id),
      label: `${profile.user.first_name} ${profile.user.last_name}`.trim() || profile.user.email,
    });
  const tagData = [...tags];
  for (const t of [...(profile?.tags ?? []), ...(profile?.minus_tags ?? [])])
    if (!tagData.some((d) => d.value === String(t.id))) tagData.push({ value: String(t.id), label: t.name });

  const interval = Number(form.values.check_interval);
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Monitoring profile">
      <Stack gap="md">
        <FormError message={error} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" />
              <Select
                {...form.getInputProps('user')}
                // '' (no owner chosen) is no choice: no clear button, the placeholder shows.
                value={form.values.user || null}
                label="Owner"
                description="Gets the alerts by e-mail when told to; you if none is chosen."
                data={userData}
                searchable
                clearable
                placeholder="You"
                nothingFoundMessage="No user matches"
              />
            </SimpleGrid>

            <Fieldset legend="What it watches">
              <Stack gap="sm">
                <AssetPicker
                  value={form.values.assets}
                  onChange={(v) => form.setFieldValue('assets', v)}
                  error={form.errors.assets}
                  known={known}
                  label="Assets"
                  description="Hosts, networks (every host found in them), ranges and web applications. Type to search names and addresses."
                  placeholder="Search assets"
                  clearable
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <MultiSelect
                    {...form.getInputProps('tags')}
                    label="Assets tagged"
                    description="Also watches every asset carrying any of these tags."
                    data={tagData}
                    searchable
                    clearable
                    nothingFoundMessage="No tag matches"
                    placeholder={tagData.length === 0 ? 'No tags yet' : 'Choose tags'}
                  />
                  <MultiSelect
                    {...form.getInputProps('minus_tags')}
                    label="Except assets tagged"
                    description="Leaves out assets carrying any of these tags."
                    data={tagData}
                    searchable
                    clearable
                    nothingFoundMessage="No tag matches"
                    placeholder={tagData.length === 0 ? 'No tags yet' : 'Choose tags'}
                  />
                </SimpleGrid>
                <TextInput
                  {...form.getInputProps('ports')}
                  label="Expected open ports"
                  description="Ports and ranges separated by commas, e.g. 22, 80, 443, 8000-8080. Any other open port is unexpected."
                  placeholder="22, 80, 443"
                  autoComplete="off"
                  spellCheck={false}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend="What alerts">
              <Stack gap="sm">
                <Checkbox.Group
                  {...form.getInputProps('triggers')}
                  label="Alert on"
                  description="Each change alerts once, then the alert is updated while it lasts."
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }} mt={6} spacing={6}>
                    {MONITORING_TRIGGERS.map((t) => (
                      <Checkbox key={t} value={t} label={MONITORING_TRIGGER_LABELS[t]} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    {...form.getInputProps('min_severity')}
                    label="New vulnerabilities of severity"
                    data={SEVERITY_OPTIONS}
                    allowDeselect={false}
                    disabled={!form.values.triggers.includes('new_vulnerability')}
                  />
                  <NumberInput
                    {...form.getInputProps('cert_days')}
                    label="Certificates expiring within (days)"
                    min={1}
                    max={365}
                    allowDecimal={false}
                    disabled={!form.values.triggers.includes('cert_expiring')}
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>

            <Fieldset legend="When it looks">
              <Group align="flex-start" gap="md">
                <NumberInput
                  {...form.getInputProps('check_interval')}
                  label="Own check every (minutes)"
                  description={`0: no own check, only scans feed it. Otherwise 5 to ${CHECK_INTERVAL_MAX.toLocaleString('en')}. ${
                    Number.isFinite(interval) && interval >= 0 ? `(${intervalWords(interval)})` : ''
                  }`}
                  min={0}
                  max={CHECK_INTERVAL_MAX}
                  allowDecimal={false}
                  w={260}
                />
                <Switch
                  {...form.getInputProps('active', { type: 'checkbox' })}
                  label="Active"
                  description="An inactive profile neither checks nor alerts."
                  mt={28}
                />
              </Group>
            </Fieldset>

            <Fieldset legend="Who is told">
              <Stack gap="sm">
                <Switch {...form.getInputProps('notify_owner', { type: 'checkbox' })} label="E-mail the owner" />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Textarea
                    {...form.getInputProps('notif_cc')}
                    label="Copy to (e-mail)"
                    description="Addresses, one per line or separated by commas."
                    autosize
                    minRows={2}
                    maxRows={6}
                    spellCheck={false}
                  />
                  <Textarea
                    {...form.getInputProps('notif_sms_recipients')}
                    label="SMS to"
                    description="Phone numbers in international format, e.g. +4512345678."
                    autosize
                    minRows={2}
                    maxRows={6}
                    spellCheck={false}
                  />
                </SimpleGrid>
                <Group gap="xl">
                  <Switch {...form.getInputProps('slack', { type: 'checkbox' })} label="Slack" />
                  <Switch {...form.getInputProps('teams', { type: 'checkbox' })} label="Microsoft Teams" />
                  <Switch {...form.getInputProps('webhooks', { type: 'checkbox' })} label="Webhooks" />
                </Group>
              </Stack>
            </Fieldset>
          </Stack>
        </fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={busy}>
              {profile ? 'Save profile' : 'Create profile'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function intervalWords(minutes: number): string {
  return minutes === 0 ? 'scans only' : intervalText(minutes).toLowerCase();
}
