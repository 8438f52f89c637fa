// The stepwise assessment form: 1 name and templates, 2 recipients, 3 domains, 4 training, 5 timing, then a review with
// "Save draft" and "Start now". Next checks the step before moving on; any step can be chosen from the stepper (a
// button each, so the keyboard reaches them). Server field errors land on their fields and bring the form to the
// first step holding one.
import { useRef, useState, type SyntheticEvent } from 'react';
import { Button, Group, List, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { Assessment } from '@bulwark/core';
import { isApiError } from '../../../api/errors.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { FRA_KEYS, assessments } from '../api.ts';
import { TRIGGER_LABELS } from '../assessment-format.ts';
import {
  ASSESSMENT_ERROR_FIELDS,
  STEPS,
  assessmentBody,
  assessmentValues,
  checkStep,
  firstStepWithError,
  type AssessmentValues,
  type SettingsValues,
} from '../assessment-form.ts';
import { ASSESSMENT_MESSAGES } from '../use-assessment-actions.ts';
import { DomainsStep, RateFields, RecipientsStep, TemplatesStep, TrainingStep, type SettingsForm } from './SettingsSteps.tsx';
import { useDomainChoices, useTemplateChoices, useTrainingChoices } from './use-choices.ts';

const STEP_LABELS = ['Templates', 'Recipients', 'Domains', 'Training', 'Timing'];
const REVIEW = STEPS.length;

export interface AssessmentFormProps {
  assessment: Assessment | null;
  /** After saving (started: whether it was started too). */
  onDone(saved: Assessment, started: boolean): void;
  onCancel(): void;
  /** Whether the user may start assessments (Start now is hidden otherwise). */
  canStart: boolean;
}

export function AssessmentForm({ assessment, onDone, onCancel, canStart }: AssessmentFormProps) {
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [startAfter, setStartAfterState] = useState(false);
  // Read by save() in the same click that sets it, before a re-render: a ref, mirrored in state for the buttons.
  const startRef = useRef(false);
  // Once a draft is saved here, saving again changes it instead of creating another.
  const savedRef = useRef<Assessment | null>(assessment);
  const setStartAfter = (start: boolean) => {
    startRef.current = start;
    setStartAfterState(start);
  };
  const form = useForm<AssessmentValues>({ initialValues: assessmentValues(assessment) });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ASSESSMENT_ERROR_FIELDS,
    failed: assessment ? ASSESSMENT_MESSAGES.updateFailed : ASSESSMENT_MESSAGES.createFailed,
    onFailure: (failure) => {
      // The field errors go onto the fields after this; the form moves to the first step holding one.
      if (isApiError(failure)) {
        const fields = Object.keys(failure.fieldErrors).map((f) => ASSESSMENT_ERROR_FIELDS[f] ?? f);
        const step = firstStepWithError(Object.fromEntries(fields.map((f) => [f, true])));
        if (step !== null) setActive(step);
      }
      return false;
    },
  });
  // The steps share the settings part of the values.
  const settings = form as unknown as SettingsForm;

  async function save(values: AssessmentValues) {
    const body = assessmentBody(values);
    const existing = savedRef.current;
    const start = startRef.current;
    let saved: Assessment;
    if (existing) {
      saved = await assessments.update(existing.uuid, body);
      if (start) saved = await assessments.start(saved.uuid);
    } else {
      // A new one is created and started in one call: a start that fails leaves no draft behind.
      saved = await assessments.create({ ...body, ...(start ? { start: true } : {}) });
      savedRef.current = saved;
    }
    toastSuccess(start ? ASSESSMENT_MESSAGES.started : assessment ? ASSESSMENT_MESSAGES.updated : ASSESSMENT_MESSAGES.created);
    await queryClient.invalidateQueries({ queryKey: FRA_KEYS.all });
    onDone(saved, start);
  }

  /** Checks the steps before `to`; stops at the first with an error. */
  function goTo(to: number) {
    for (let i = 0; i < Math.min(to, REVIEW); i++) {
      const errors = checkStep(STEPS[i]!, form.values);
      if (Object.keys(errors).length > 0) {
        form.setErrors(errors);
        setActive(i);
        return;
      }
    }
    form.clearErrors();
    setActive(to);
  }

  // Enter in a field before the review moves to the next step rather than saving.
  function submit(event: SyntheticEvent<HTMLFormElement>) {
    if (active < REVIEW) {
      event.preventDefault();
      goTo(active + 1);
      return;
    }
    onSubmit(event);
  }

  return (
    <form ref={container} onSubmit={submit} noValidate aria-label={assessment ? 'Edit assessment' : 'New assessment'}>
      <Stack gap="lg">
        <FormError message={error} />
        <Stepper active={active} onStepClick={goTo} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={STEP_LABELS[0]} description="Name and templates">
            <TemplatesStep form={settings} />
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[1]} description="Who gets it">
            <RecipientsStep form={settings} />
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[2]} description="Sender and landing">
            <DomainsStep form={settings} />
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[3]} description="After a click">
            <TrainingStep form={settings} />
          </Stepper.Step>
          <Stepper.Step label={STEP_LABELS[4]} description="When and how fast">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  {...form.getInputProps('send_start')}
                  type="datetime-local"
                  label="Send from"
                  description="Empty: when it starts."
                />
                <TextInput
                  {...form.getInputProps('send_end')}
                  type="datetime-local"
                  label="Send until"
                  description="Messages are spread evenly over the window. Empty: as fast as the rate allows."
                />
              </SimpleGrid>
              <RateFields form={settings} />
            </Stack>
          </Stepper.Step>
          <Stepper.Completed>
            <Review values={form.values} />
          </Stepper.Completed>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Group gap="sm">
            {active > 0 && (
              <Button variant="default" onClick={() => setActive(active - 1)}>
                Back
              </Button>
            )}
            {active < REVIEW && <Button onClick={() => goTo(active + 1)}>Next</Button>}
            {active === REVIEW && (
              <>
                <Button
                  type="submit"
                  variant={canStart ? 'default' : 'filled'}
                  loading={busy && !startAfter}
                  onClick={() => setStartAfter(false)}
                >
                  Save draft
                </Button>
                {canStart && (
                  <Button type="submit" loading={busy && startAfter} onClick={() => setStartAfter(true)}>
                    Start now
                  </Button>
                )}
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function Review({ values }: { values: SettingsValues & { send_start: string; send_end: string } }) {
  const templates = useTemplateChoices().data ?? [];
  const domains = useDomainChoices().data ?? [];
  const trainings = useTrainingChoices().data ?? [];
  const nameOf = (list: readonly { id: number; name: string }[], id: string | null) =>
    id ? (list.find((x) => String(x.id) === id)?.name ?? `#${id}`) : null;
  const r = values;
  return (
    <Stack gap="xs" aria-label="Review">
      <Text fw={500}>Review</Text>
      <List size="sm" spacing={4}>
        <List.Item>Name: {r.name}</List.Item>
        <List.Item>Templates: {r.phishing_templates.map((id) => nameOf(templates, id)).join(', ')}</List.Item>
        <List.Item>
          Recipients: {r.recipients.length} listed, {r.tags.length} tags, {r.departments.length} departments
        </List.Item>
        <List.Item>
          Sender domain: {nameOf(domains, r.sender_domain)}; landing domain: {nameOf(domains, r.landing_domain) ?? 'the sender domain'}
        </List.Item>
        <List.Item>
          Training: {TRIGGER_LABELS[r.training_trigger]}
          {r.training_trigger !== 'none' && `: ${nameOf(trainings, r.training_template) ?? '–'}`}
        </List.Item>
        <List.Item>
          Sending: {r.send_start || 'when it starts'} to {r.send_end || 'as fast as the rate allows'}, at most {r.rate_per_minute} a minute;
          tracked for {r.tracking_days} days
        </List.Item>
      </List>
    </Stack>
  );
}
