// The network scan profile form (§3 fields): standard scan with extra TCP ports, custom TCP/UDP ranges, checks to add
// or leave out by category and by test, and the credentials of authenticated scans. Read-only for built-in profiles.
import { Checkbox, MultiSelect, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { CredentialPickers } from './CredentialPickers.tsx';
import { ProfileFormSection, ProfileFormShell } from './ProfileFormShell.tsx';
import { TestPicker } from './TestPicker.tsx';
import { testCategoriesOptions } from './profile-queries.ts';
import { PROFILE_FIELDS, setStandardScan, validateProfile, type ProfileValues } from './profile-form.ts';

export interface ProfileFormProps {
  initial: ProfileValues;
  readOnly: boolean;
  submitLabel: string;
  /** Saves; throws the API error on failure (its field errors go onto the form). */
  onSubmit(values: ProfileValues): Promise<void>;
  failedMessage: string;
}

export function ProfileForm({ initial, readOnly, submitLabel, onSubmit, failedMessage }: ProfileFormProps) {
  const form = useForm<ProfileValues>({ initialValues: initial, validate: validateProfile });
  const categories = useQuery(testCategoriesOptions);
  const categoryData = (categories.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }));
  const standard = form.values.standard_scan;
  const saving = useFormSubmit(form, onSubmit, { fields: PROFILE_FIELDS, failed: failedMessage, toast: false });

  return (
    <ProfileFormShell
      label="Scan profile"
      field={(path) => form.getInputProps(path)}
      saving={saving}
      readOnly={readOnly}
      submitLabel={submitLabel}
    >
      <ProfileFormSection id="ports-heading" title="Ports">
        <Switch
          label="Standard scan"
          description="The 1,000 most common TCP ports and the common UDP services."
          checked={standard}
          onChange={(e) => form.setValues(setStandardScan(form.values, e.currentTarget.checked))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.getInputProps('ss_tcp_extra_ports')}
            label="Extra TCP ports"
            description="Added to the standard ports, e.g. 8443, 9000-9100."
            disabled={!standard}
            spellCheck={false}
          />
          <Checkbox
            {...form.getInputProps('ss_use_tcp', { type: 'checkbox' })}
            label="Use TCP"
            description="Scan the standard TCP ports."
            disabled={!standard}
            mt={{ sm: 28 }}
          />
          <TextInput
            {...form.getInputProps('custom_tcp_range')}
            label="Custom TCP range"
            description="Ports and ranges, e.g. 22, 80, 443, 8000-8100."
            spellCheck={false}
          />
          <TextInput {...form.getInputProps('custom_tcp_range_exclude')} label="TCP range exclude" spellCheck={false} />
          <TextInput
            {...form.getInputProps('custom_udp_range')}
            label="Custom UDP range"
            description="e.g. 53, 123, 161-162."
            spellCheck={false}
          />
          <TextInput {...form.getInputProps('custom_udp_range_exclude')} label="UDP range exclude" spellCheck={false} />
        </SimpleGrid>
      </ProfileFormSection>
      <ProfileFormSection id="checks-heading" title="Checks">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MultiSelect
            {...form.getInputProps('plus_categories')}
            label="Plus categories"
            description="Only checks of these categories run (all when empty)."
            data={categoryData}
            searchable
            clearable
          />
          <MultiSelect
            {...form.getInputProps('minus_categories')}
            label="Minus categories"
            description="Checks of these categories never run."
            data={categoryData}
            searchable
            clearable
          />
          <TestPicker
            {...form.getInputProps('plus_tests')}
            label="Plus tests"
            description="Always run, whatever the categories."
            clearable
          />
          <TestPicker {...form.getInputProps('minus_tests')} label="Minus tests" description="Never run." clearable />
        </SimpleGrid>
        <Checkbox
          {...form.getInputProps('safe_checks', { type: 'checkbox' })}
          label="Safe checks"
          description="Leave out tests that may harm or load the target (denial of service, fuzzing, brute force, intrusive), even when selected above."
        />
      </ProfileFormSection>
      <CredentialPickers form={form} readOnly={readOnly} />
    </ProfileFormShell>
  );
}
