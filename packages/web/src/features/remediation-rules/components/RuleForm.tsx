// The rule editor's form: name, description, on/off, the condition builder, the actions, the live preview, Save. On
// failure the server's field errors go onto the fields; a `conditions` error's first item is shown with §8's toast
// ("Could not create policy." / "Could not update policy.").
import { Alert, Button, Card, Group, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@bulwark/core';
import { isAlreadyReported, isApiError } from '../../../api/errors.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { applyServerErrors } from '../../../components/forms/server-errors.ts';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastPolicyFailure } from '../rule-toasts.ts';
import type { RuleChoices } from '../rule-choices.ts';
import { RULE_ERROR_FIELDS, actionsOf, conditionsOf, firstConditionsError, validateRule, type RuleValues } from '../rule-form.ts';
import { RuleActionsFields } from './RuleActionsFields.tsx';
import { RuleConditionsFields } from './RuleConditionsFields.tsx';
import { RulePreview } from './RulePreview.tsx';

export interface RuleFormProps {
  initial: RuleValues;
  creating: boolean;
  choices: RuleChoices;
  /** Saves the values; throws the API error on failure. */
  onSave(values: RuleValues): Promise<void>;
  onCancel(): void;
  /** The user may read the rule but not change it: every field is disabled and there is no Save. */
  readOnly?: boolean;
}

const FORM_NAME = 'Rule';

export function RuleForm({ initial, creating, choices, onSave, onCancel, readOnly = false }: RuleFormProps) {
  const form = useForm<RuleValues>({ initialValues: initial, validate: validateRule });
  const failed = creating ? MESSAGES.policies.createFailed : MESSAGES.policies.updateFailed;
  const { busy, error, setError, container, onSubmit } = useFormSubmit(form, onSave, {
    fields: RULE_ERROR_FIELDS,
    failed,
    keepBusyOnSuccess: true,
    onFailure(failure) {
      if (isAlreadyReported(failure)) return true;
      const message = applyServerErrors(form, failure, RULE_ERROR_FIELDS, failed);
      const first = isApiError(failure) && failure.kind === 'http' ? firstConditionsError(failure.data) : null;
      if (first) form.setFieldError('conditions', first);
      setError(message);
      // §8: the toast says the policy could not be saved and, when the conditions were refused, why (their first error).
      toastPolicyFailure(failure, failed, first ?? message);
      return true;
    },
  });

  // The preview needs sound conditions and actions, not a name yet.
  const previewReady = Object.keys(validateRule(form.values)).every((field) => field === 'name');
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={FORM_NAME}>
      <Stack gap="md">
        <FormError message={error} />
        {readOnly && (
          <Alert color="gray" variant="light" data-testid="read-only">
            You may look at this rule but not change it: that needs the permission to update remediation rules.
          </Alert>
        )}
        {/* A disabled fieldset disables every field inside it, whatever component draws it. */}
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Card withBorder padding="lg">
              <Stack gap="md">
                <TextInput
                  {...form.getInputProps('name')}
                  label="Name"
                  withAsterisk
                  placeholder="Critical and KEV findings to their owners"
                  maxLength={200}
                />
                <Textarea
                  {...form.getInputProps('description')}
                  label="Description"
                  placeholder="Why this rule exists (optional)"
                  autosize
                  minRows={1}
                  maxRows={4}
                />
                <Switch
                  {...form.getInputProps('enabled', { type: 'checkbox' })}
                  label="Enabled"
                  description="An enabled rule runs whenever scan results are processed. A disabled one only runs with Run now."
                />
              </Stack>
            </Card>
            <RuleConditionsFields form={form} tags={choices.tags} />
            <RuleActionsFields form={form} users={choices.users} teams={choices.teams} />
          </Stack>
        </fieldset>
        <RulePreview conditions={conditionsOf(form.values)} actions={actionsOf(form.values)} ready={previewReady} />
        <Group gap="sm">
          {!readOnly && (
            <Button type="submit" loading={busy}>
              {creating ? 'Create rule' : 'Save'}
            </Button>
          )}
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {readOnly ? 'Back to the rules' : 'Cancel'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
