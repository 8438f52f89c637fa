// The policy profile form: name and description, the policy from the library (with a preview of its rules), the Linux
// credentials that log in, and whether to evaluate the benchmark on releases it was not written for.
import { Alert, Anchor, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/errors.ts';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { credentialChoicesOptions } from '../credentials/api/credential-queries.ts';
import { CREDENTIALS_PATH } from '../credentials/credential-form.ts';
import { LinuxCredentialsPicker } from '../profiles/CredentialPickers.tsx';
import { ProfileFormSection, ProfileFormShell } from '../profiles/ProfileFormShell.tsx';
import { PolicyPicker } from './PolicyPicker.tsx';
import { PolicyRulePreview } from './PolicyRulePreview.tsx';
import { POLICY_PROFILE_FIELDS, validatePolicyProfile, type PolicyProfileValues } from './policy-profile-form.ts';

export interface PolicyProfileFormProps {
  initial: PolicyProfileValues;
  /** The name the profile last knew its policy by, for a policy no longer in the library. */
  policyName?: string | null;
  readOnly: boolean;
  submitLabel: string;
  /** Saves; throws the API error on failure (its field errors go onto the form). */
  onSubmit(values: PolicyProfileValues): Promise<void>;
  failedMessage: string;
}

export function PolicyProfileForm({ initial, policyName = null, readOnly, submitLabel, onSubmit, failedMessage }: PolicyProfileFormProps) {
  const form = useForm<PolicyProfileValues>({ initialValues: initial, validate: validatePolicyProfile });
  const saving = useFormSubmit(form, onSubmit, { fields: POLICY_PROFILE_FIELDS, failed: failedMessage, toast: false });
  const credentials = useQuery(credentialChoicesOptions);
  const policy = form.values.policy;

  return (
    <ProfileFormShell
      label="Policy scan profile"
      field={(path) => form.getInputProps(path)}
      saving={saving}
      readOnly={readOnly}
      submitLabel={submitLabel}
      nameRequired
    >
      <ProfileFormSection id="policy-heading" title="Policy">
        <PolicyPicker
          {...form.getInputProps('policy')}
          required
          chosenName={policyName}
          description="A profile of the SCAP Security Guide installed on the server, or an OVAL file you imported."
        />
        {policy && <PolicyRulePreview policyId={policy} />}
        <Switch
          {...form.getInputProps('ignore_platform', { type: 'checkbox' })}
          label="Evaluate on other releases too"
          description="Evaluate the benchmark even on a release it was not written for, e.g. the Debian 11 guide on a Debian 12 host: each rule still checks its own conditions. Off, every rule of such a host is “not applicable”."
        />
      </ProfileFormSection>
      <ProfileFormSection id="policy-credentials-heading" title="Credentials">
        <Text size="sm" c="dimmed">
          A policy scan logs in to each host over SSH to read its configuration.{' '}
          <Anchor href={CREDENTIALS_PATH} target="_blank" rel="noopener" size="sm">
            Manage scan credentials (opens in a new tab)
          </Anchor>
        </Text>
        {credentials.error && (
          <Alert color="yellow" variant="light" role="alert">
            {messageOf(credentials.error, 'The scan credentials could not be loaded.')}
          </Alert>
        )}
        <LinuxCredentialsPicker
          {...form.getInputProps('lin_auths')}
          required
          description="SSH logins, tried in this order until one works. Reading some settings needs sudo."
        />
      </ProfileFormSection>
    </ProfileFormShell>
  );
}
