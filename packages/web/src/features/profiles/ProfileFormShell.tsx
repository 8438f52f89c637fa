// The frame of every scan kind's profile form: the form element with its submit plumbing, read-only as a whole for a
// built-in profile, the message above it, the name and description, the kind's own sections, and the submit button.
import type { ReactNode } from 'react';
import { Button, Card, Fieldset, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { FormError } from '../../components/forms/FormError.tsx';
import type { FormSubmit } from '../../components/forms/use-form-submit.ts';

export interface ProfileFormShellProps {
  /** The form's accessible name ('Scan profile', 'Policy scan profile'). */
  label: string;
  /** The input props of the name and the description (the kind's form's getInputProps). */
  field(path: 'name' | 'description'): GetInputPropsReturnType;
  saving: FormSubmit;
  readOnly: boolean;
  submitLabel: string;
  /** Marks the name as required. */
  nameRequired?: boolean;
  /** The kind's sections, between the name and the submit button. */
  children: ReactNode;
}

export function ProfileFormShell({ label, field, saving, readOnly, submitLabel, nameRequired, children }: ProfileFormShellProps) {
  return (
    <form ref={saving.container} onSubmit={saving.onSubmit} noValidate aria-label={label}>
      <Fieldset variant="unstyled" disabled={readOnly}>
        <Stack gap="md">
          <FormError message={saving.error} />
          <Card withBorder padding="lg">
            <Stack gap="md">
              <TextInput {...field('name')} label="Name" required={nameRequired} autoComplete="off" />
              <Textarea {...field('description')} label="Description" autosize minRows={2} maxRows={6} />
            </Stack>
          </Card>
          {children}
          {!readOnly && (
            <Group>
              <Button type="submit" loading={saving.busy}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}

/** One titled section of a profile form (ports, checks, policy, credentials …), named by its heading. */
export function ProfileFormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
