// The custom fields of a ticket (feature-areas §3 custom field types: select, short_description, description, object,
// tags, datetime, number): each a name, a type and a value entered with the input that type needs; an object is JSON.
import { ActionIcon, Button, Group, NumberInput, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '@bulwark/core';

export interface CustomFieldRow {
  key: string;
  type: CustomFieldType;
  /** The value as typed (tags as a list; number, object and date as text until saved). */
  value: string | string[];
}

const TYPE_LABELS: Record<CustomFieldType, string> = {
  select: 'Choice',
  short_description: 'Short text',
  description: 'Long text',
  object: 'Object (JSON)',
  tags: 'Tags',
  datetime: 'Date and time',
  number: 'Number',
};
const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));
const KEY = /^[a-z][a-z0-9_]{0,63}$/;

/** Reads stored custom fields back into rows, guessing each type from its value. */
export function rowsOf(fields: Record<string, unknown>): CustomFieldRow[] {
  return Object.entries(fields).map(([key, value]) => {
    if (Array.isArray(value)) return { key, type: 'tags', value: value.map(String) };
    if (typeof value === 'number') return { key, type: 'number', value: String(value) };
    if (value !== null && typeof value === 'object') return { key, type: 'object', value: JSON.stringify(value, null, 2) };
    const text = String(value ?? '');
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return { key, type: 'datetime', value: text.slice(0, 16) };
    return { key, type: text.length > 120 || text.includes('\n') ? 'description' : 'short_description', value: text };
  });
}

/** The error of each row (by index), empty when all are fine. */
export function customFieldErrors(rows: readonly CustomFieldRow[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (!KEY.test(row.key)) errors[i] = 'Name it with lower-case letters, digits and _, starting with a letter.';
    else if (seen.has(row.key)) errors[i] = `${row.key} is already a field.`;
    else if (row.type === 'number' && typeof row.value === 'string' && row.value !== '' && !Number.isFinite(Number(row.value)))
      errors[i] = 'Enter a number.';
    else if (row.type === 'object' && typeof row.value === 'string' && row.value.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(row.value);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) errors[i] = 'Enter a JSON object: {"name": "value"}.';
      } catch {
        errors[i] = 'Enter a JSON object: {"name": "value"}.';
      }
    }
    seen.add(row.key);
  });
  return errors;
}

/** The rows as the API stores them (after customFieldErrors found nothing). */
export function fieldsOf(rows: readonly CustomFieldRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const v = row.value;
    if (row.type === 'tags') out[row.key] = Array.isArray(v) ? v : v === '' ? [] : [v];
    else if (row.type === 'number') out[row.key] = v === '' ? null : Number(v);
    else if (row.type === 'object') out[row.key] = typeof v === 'string' && v.trim() !== '' ? (JSON.parse(v) as unknown) : {};
    else if (row.type === 'datetime') out[row.key] = typeof v === 'string' && v !== '' ? new Date(v).toISOString() : null;
    else out[row.key] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export function CustomFieldsEditor({
  rows,
  errors,
  serverError,
  onChange,
}: {
  rows: readonly CustomFieldRow[];
  errors: Record<number, string>;
  /** The server's error of the custom fields as a whole. */
  serverError?: string | null;
  onChange(rows: CustomFieldRow[]): void;
}) {
  const set = (i: number, patch: Partial<CustomFieldRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs" role="group" aria-labelledby="custom-fields-heading">
      <Text size="sm" fw={500} id="custom-fields-heading">
        Custom fields
      </Text>
      {serverError && (
        <Text size="sm" c="red" role="alert">
          {serverError}
        </Text>
      )}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          None. Add one to keep what your process needs (a change number, an owner, a maintenance window).
        </Text>
      )}
      {rows.map((row, i) => {
        const label = row.key || `field ${i + 1}`;
        const valueProps = { label: `Value of ${label}`, error: undefined };
        const text = typeof row.value === 'string' ? row.value : row.value.join(', ');
        return (
          <Group key={i} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Name"
              aria-label={`Name of custom field ${i + 1}`}
              value={row.key}
              onChange={(e) => set(i, { key: e.currentTarget.value })}
              error={errors[i]}
              w={200}
            />
            <Select
              label="Type"
              aria-label={`Type of ${label}`}
              data={TYPE_OPTIONS}
              value={row.type}
              allowDeselect={false}
              onChange={(t) => t && set(i, { type: t as CustomFieldType, value: t === 'tags' ? [] : '' })}
              w={170}
            />
            <div style={{ flex: 1, minWidth: 220 }}>
              {row.type === 'tags' ? (
                <TagsInput {...valueProps} value={Array.isArray(row.value) ? row.value : []} onChange={(v) => set(i, { value: v })} />
              ) : row.type === 'number' ? (
                <NumberInput {...valueProps} value={text} onChange={(v) => set(i, { value: String(v) })} />
              ) : row.type === 'datetime' ? (
                <TextInput {...valueProps} type="datetime-local" value={text} onChange={(e) => set(i, { value: e.currentTarget.value })} />
              ) : row.type === 'description' || row.type === 'object' ? (
                <Textarea
                  {...valueProps}
                  autosize
                  minRows={2}
                  ff={row.type === 'object' ? 'monospace' : undefined}
                  value={text}
                  onChange={(e) => set(i, { value: e.currentTarget.value })}
                />
              ) : (
                <TextInput {...valueProps} value={text} onChange={(e) => set(i, { value: e.currentTarget.value })} />
              )}
            </div>
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={`Remove ${label}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
      <Button
        size="xs"
        variant="default"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onChange([...rows, { key: '', type: 'short_description', value: '' }])}
      >
        Add custom field
      </Button>
    </Stack>
  );
}
