// The steps of a web training: add, remove and move up or down (buttons, so the keyboard does it too), each with its
// title, text, media, question (no content, single or multiple choice — the options and their "correct" boxes only
// when there is a question) and the messages with media shown after a right or wrong answer.
import { ActionIcon, Button, Card, Checkbox, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { QUESTION_TYPES, type QuestionType } from '@bulwark/core';
import { MediaInput, type MediaValue } from '../../../components/forms/MediaInput.tsx';
import { newOption, newStep, type WebTemplateValues } from './web-template-form.ts';

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  no_content: 'No question',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
};

type Form = UseFormReturnType<WebTemplateValues>;
type MediaField = 'media' | 'correct_media' | 'incorrect_media';

export interface StepsEditorProps {
  form: Form;
  /** Told each media input's own verdict (an image that does not load), by form path. */
  onMediaValidity(path: string, message: string | null): void;
}

function StepMedia({ form, index, field, label, onMediaValidity }: StepsEditorProps & { index: number; field: MediaField; label: string }) {
  const path = `training_steps.${index}.${field}`;
  const error = form.errors[path];
  return (
    <MediaInput
      label={label}
      value={form.values.training_steps[index]![field]}
      onChange={(m: MediaValue | null) => form.setFieldValue(path, m)}
      error={typeof error === 'string' ? error : null}
      onValidity={(m) => onMediaValidity(path, m)}
    />
  );
}

function Options({ form, index }: { form: Form; index: number }) {
  const step = form.values.training_steps[index]!;
  const path = `training_steps.${index}.question_options`;
  const error = form.errors[path];
  const single = step.question_type === 'single_choice';
  return (
    <Stack gap="xs" role="group" aria-label={`Options of step ${index + 1}`}>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {step.question_options.map((o, j) => (
        <Group key={o.key} gap="xs" wrap="nowrap" align="flex-start">
          <Checkbox
            mt={8}
            label="Correct"
            checked={o.correct}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              // A single-choice question has one right answer: ticking one unticks the others.
              if (single && checked) step.question_options.forEach((_, k) => form.setFieldValue(`${path}.${k}.correct`, k === j));
              else form.setFieldValue(`${path}.${j}.correct`, checked);
            }}
            aria-label={`Option ${j + 1} is correct`}
          />
          <TextInput
            style={{ flex: 1 }}
            {...form.getInputProps(`${path}.${j}.text`)}
            aria-label={`Option ${j + 1}`}
            placeholder={`Option ${j + 1}`}
          />
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            mt={6}
            onClick={() => form.removeListItem(path, j)}
            aria-label={`Remove option ${j + 1}`}
          >
            Remove
          </Button>
        </Group>
      ))}
      {typeof error === 'string' && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => form.insertListItem(path, newOption())}
          disabled={step.question_options.length >= 20}
        >
          Add option
        </Button>
      </Group>
    </Stack>
  );
}

export function StepsEditor({ form, onMediaValidity }: StepsEditorProps) {
  const steps = form.values.training_steps;
  const stepsError = form.errors.training_steps;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Steps
        </Title>
        <Button variant="light" onClick={() => form.insertListItem('training_steps', newStep())} disabled={steps.length >= 50}>
          Add step
        </Button>
      </Group>
      {typeof stepsError === 'string' && (
        <Text size="sm" c="red" role="alert">
          {stepsError}
        </Text>
      )}
      {steps.map((step, i) => (
        <Card key={step.key} withBorder padding="md" component="section" aria-label={`Step ${i + 1}`} data-step-index={i}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>
                Step {i + 1}
                {step.title ? `: ${step.title}` : ''}
              </Text>
              <Group gap={4}>
                <ActionIcon
                  variant="default"
                  disabled={i === 0}
                  onClick={() => form.reorderListItem('training_steps', { from: i, to: i - 1 })}
                  aria-label={`Move step ${i + 1} up`}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  disabled={i === steps.length - 1}
                  onClick={() => form.reorderListItem('training_steps', { from: i, to: i + 1 })}
                  aria-label={`Move step ${i + 1} down`}
                >
                  ↓
                </ActionIcon>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => form.removeListItem('training_steps', i)}
                  aria-label={`Remove step ${i + 1}`}
                >
                  Remove
                </Button>
              </Group>
            </Group>
            <TextInput {...form.getInputProps(`training_steps.${i}.title`)} label="Title" required />
            <Textarea {...form.getInputProps(`training_steps.${i}.description`)} label="Text" autosize minRows={2} maxRows={10} />
            <StepMedia form={form} index={i} field="media" label={`Media of step ${i + 1}`} onMediaValidity={onMediaValidity} />
            <Select
              {...form.getInputProps(`training_steps.${i}.question_type`)}
              label="Question"
              data={QUESTION_TYPES.map((q) => ({ value: q, label: QUESTION_TYPE_LABELS[q] }))}
              allowDeselect={false}
              onChange={(q) => {
                form.setFieldValue(`training_steps.${i}.question_type`, q as QuestionType);
                if (q !== 'no_content' && step.question_options.length === 0)
                  form.setFieldValue(`training_steps.${i}.question_options`, [newOption(), newOption()]);
              }}
            />
            {step.question_type !== 'no_content' && (
              <>
                <Options form={form} index={i} />
                <Textarea
                  {...form.getInputProps(`training_steps.${i}.correct_message`)}
                  label="Message after a right answer"
                  autosize
                  minRows={1}
                />
                <StepMedia
                  form={form}
                  index={i}
                  field="correct_media"
                  label={`Media after a right answer (step ${i + 1})`}
                  onMediaValidity={onMediaValidity}
                />
                <Textarea
                  {...form.getInputProps(`training_steps.${i}.incorrect_message`)}
                  label="Message after a wrong answer"
                  autosize
                  minRows={1}
                />
                <StepMedia
                  form={form}
                  index={i}
                  field="incorrect_media"
                  label={`Media after a wrong answer (step ${i + 1})`}
                  onMediaValidity={onMediaValidity}
                />
              </>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
