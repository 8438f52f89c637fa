// A provider's credential fields drawn from core's CLOUD_CREDENTIAL_FIELDS: a choice as a select, a secret as a
// password input (saying when one is stored: left empty, it is kept), a list as tags, a multi-line value as a textarea.
import { PasswordInput, Select, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CLOUD_CREDENTIAL_FIELDS, type CloudCredentialField } from '@bulwark/core';
import { isFieldRequired, type CloudProfileValues } from '../cloud-profile-form.ts';

function description(field: CloudCredentialField, stored: boolean): string | undefined {
  const parts = [stored ? 'A value is stored: leave this empty to keep it, or type a new one.' : '', field.help ?? ''].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

export function CloudCredentialFields({ form }: { form: UseFormReturnType<CloudProfileValues> }) {
  const { provider, credentials, stored } = form.values;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {CLOUD_CREDENTIAL_FIELDS[provider].map((field) => {
        const path = `credentials.${field.name}`;
        const key = `${provider}-${field.name}`;
        const isStored = field.secret === true && stored.includes(field.name);
        const common = {
          ...form.getInputProps(path),
          label: field.label,
          description: description(field, isStored),
          required: isFieldRequired(field, credentials) && !isStored,
        };
        if (field.choices)
          return (
            <Select key={key} {...common} data={field.choices.map((c) => ({ value: c.value, label: c.label }))} allowDeselect={false} />
          );
        if (field.list) return <TagsInput key={key} {...common} clearable placeholder="Press Enter after each" />;
        if (field.multiline)
          return (
            <Textarea
              key={key}
              {...common}
              autosize
              minRows={4}
              maxRows={12}
              ff="monospace"
              placeholder={isStored ? 'stored' : undefined}
              autoComplete="off"
              spellCheck={false}
              style={{ gridColumn: '1 / -1' }}
            />
          );
        if (field.secret)
          return <PasswordInput key={key} {...common} placeholder={isStored ? 'stored' : undefined} autoComplete="new-password" />;
        return <TextInput key={key} {...common} autoComplete="off" />;
      })}
    </SimpleGrid>
  );
}
