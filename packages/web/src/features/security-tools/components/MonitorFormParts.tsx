// Fields both monitor forms share: how often to check (a number and a unit, 5 minutes to 7 days), who is told when a
// check starts failing (e-mail addresses and phone numbers as tag lists; phone spaces are removed on save, §5), and on/off.
import { Group, NumberInput, Select, Switch, TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { INTERVAL_UNITS, formatInterval, intervalToMinutes, type IntervalUnit } from '@bulwark/core';

interface CommonFields {
  interval_value: number | string;
  interval_unit: IntervalUnit;
  notification_email_recipients: string[];
  notification_sms_recipients: string[];
  active: boolean;
}

const UNIT_OPTIONS = INTERVAL_UNITS.map((u) => ({ value: u, label: u.charAt(0).toUpperCase() + u.slice(1) }));

// The form's own values type is wider; these fields are all these parts touch.
type FormOf = UseFormReturnType<CommonFields>;

export function IntervalField<V extends CommonFields>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as FormOf;
  const n = Number(f.values.interval_value);
  const minutes = f.values.interval_value !== '' && Number.isInteger(n) && n > 0 ? intervalToMinutes(n, f.values.interval_unit) : null;
  return (
    <Group grow align="flex-start">
      <NumberInput
        {...f.getInputProps('interval_value')}
        label="Check every"
        description={minutes !== null ? `Every ${formatInterval(minutes)} (5 minutes to 7 days)` : '5 minutes to 7 days'}
        min={1}
        allowDecimal={false}
        required
      />
      <Select {...f.getInputProps('interval_unit')} label="Unit" data={UNIT_OPTIONS} allowDeselect={false} />
    </Group>
  );
}

export function RecipientsFields<V extends CommonFields>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as FormOf;
  return (
    <>
      <TagsInput
        {...f.getInputProps('notification_email_recipients')}
        label="E-mail recipients"
        description="Told when a check starts failing. Press Enter after each address."
        placeholder="secops@example.com"
        splitChars={[',', ' ', ';']}
        clearable
      />
      <TagsInput
        {...f.getInputProps('notification_sms_recipients')}
        label="SMS recipients"
        description="Phone numbers in international format, e.g. +45 12 34 56 78. Press Enter after each number."
        placeholder="+4512345678"
        splitChars={[',', ';']}
        clearable
      />
    </>
  );
}

export function ActiveSwitch<V extends CommonFields>({ form, what }: { form: UseFormReturnType<V>; what: string }) {
  const f = form as unknown as FormOf;
  return (
    <Switch
      {...f.getInputProps('active', { type: 'checkbox' })}
      label="Active"
      description={`An inactive ${what} keeps its history but is not checked on its schedule.`}
    />
  );
}
