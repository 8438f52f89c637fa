// The shared "when" of the schedule forms, on a small form of its own: every field is named by its label (the start date
// only when the schedule has one), the keyboard alone reaches each field in reading order and picks the repetition with
// the arrow keys, the rule's own fields follow the repeat choice, the words appear once the timing is whole, and a field
// error lands on its field.
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { Button, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/support/render.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';

interface Values {
  start_date: string;
  time: string;
  time_zone: string;
  repeat: string;
  weekday: string | null;
}

function Harness({ withStart = true }: { withStart?: boolean }) {
  const form = useForm<Values>({
    initialValues: { start_date: '2026-12-01', time: '09:00', time_zone: 'Europe/Stockholm', repeat: 'daily', weekday: '1' },
    validate: { time: (t) => (/^\d\d:\d\d$/.test(t) ? null : 'Enter a time as HH:MM.') },
  });
  const [saved, setSaved] = useState<Values | null>(null);
  const v = form.values;
  return (
    <form aria-label="Timing" noValidate onSubmit={form.onSubmit(setSaved)}>
      <ScheduleFields
        id="harness-repeat"
        startDate={withStart ? form.getInputProps('start_date') : undefined}
        time={{ label: 'At', inputProps: form.getInputProps('time') }}
        timeZone={{ inputProps: form.getInputProps('time_zone'), zones: ['UTC', 'Europe/Stockholm'] }}
        repeat={{
          label: 'How often',
          value: v.repeat,
          choices: [
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
            { value: 'monthly', label: 'Monthly' },
          ],
          onChange: (value) => form.setFieldValue('repeat', value),
        }}
        summary={{ text: /^\d\d:\d\d$/.test(v.time) ? `${v.repeat} at ${v.time} ${v.time_zone}` : null, testId: 'harness-words' }}
        upcoming={<p>Next runs here</p>}
      >
        {v.repeat === 'weekly' && (
          <Select {...form.getInputProps('weekday')} label="On" data={[{ value: '1', label: 'Monday' }]} allowDeselect={false} />
        )}
      </ScheduleFields>
      <Button type="submit">Save</Button>
      {saved && <output>{JSON.stringify(saved)}</output>}
    </form>
  );
}

describe('ScheduleFields', () => {
  it('names every field by its label, and shows the start date only for a schedule that has one', () => {
    const { unmount } = renderWithApp(<Harness />);
    const form = screen.getByRole('form', { name: 'Timing' });
    expect(within(form).getByLabelText(/^Start date/)).toHaveValue('2026-12-01');
    expect(within(form).getByLabelText(/^At/, { selector: 'input[type="time"]' })).toHaveAccessibleDescription('24-hour time, HH:MM.');
    expect(within(form).getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Europe/Stockholm');
    const repeat = within(form).getByRole('radiogroup', { name: 'How often' });
    expect(within(repeat).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(within(form).getByTestId('harness-words')).toHaveTextContent('daily at 09:00 Europe/Stockholm');
    expect(within(form).getByText('Next runs here')).toBeInTheDocument();
    unmount();

    renderWithApp(<Harness withStart={false} />);
    expect(screen.queryByLabelText(/^Start date/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^At/, { selector: 'input[type="time"]' })).toBeInTheDocument();
  });

  it('is worked with the keyboard alone: fields in reading order, the repetition by arrow keys, its own fields after it', async () => {
    const { user } = renderWithApp(<Harness />);
    const form = screen.getByRole('form', { name: 'Timing' });
    await user.tab();
    expect(within(form).getByLabelText(/^Start date/)).toHaveFocus();
    await user.tab();
    expect(within(form).getByLabelText(/^At/, { selector: 'input[type="time"]' })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('combobox', { name: /^Time zone/ })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('radio', { name: 'Daily' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(within(form).getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(within(form).getByTestId('harness-words')).toHaveTextContent('weekly at 09:00 Europe/Stockholm');
    await user.tab();
    expect(within(form).getByRole('combobox', { name: /^On/ })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(form).findByRole('status')).toHaveTextContent(
      '{"start_date":"2026-12-01","time":"09:00","time_zone":"Europe/Stockholm","repeat":"weekly","weekday":"1"}',
    );
  });

  it('puts a field error on its field and leaves out the words while the time is incomplete', async () => {
    const { user } = renderWithApp(<Harness />);
    const form = screen.getByRole('form', { name: 'Timing' });
    const time = within(form).getByLabelText(/^At/, { selector: 'input[type="time"]' });
    await user.clear(time);
    expect(within(form).queryByTestId('harness-words')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription(expect.stringContaining('Enter a time as HH:MM.'));
  });
});
