// The "Ignore…" dialog: ignore or disable findings (chosen ids, an issue on all its assets, or everything a filter matches)
// with a reason, a comment and an optional last day. A labelled form: errors the server gives land on their fields.
import { Button, Group, Modal, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IGNORE_KIND, IGNORE_REASON, IGNORE_REASON_LABELS, type IgnoreInput, type IgnoreReason } from '@bulwark/core';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../../components/toasts.tsx';
import { ignoreFindings, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { expiryOf } from '../vulnerability-format.ts';

/** Which findings: by id, whole issues on all their assets (one call each), or a list filter. */
export type IgnoreTarget = { ids: number[] } | { hids: string[] } | { filter: Record<string, string | string[]> };

interface IgnoreValues {
  kind: string;
  reason: string;
  comment: string;
  expires: string;
}

const FAILED = 'Cannot ignore the findings.';
const ERROR_FIELDS = { ignore_kind: 'kind', reason: 'reason', comment: 'comment', expires_at: 'expires' } as const;

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function bodiesOf(target: IgnoreTarget, common: Omit<IgnoreInput, 'ids' | 'hid' | 'filter'>): IgnoreInput[] {
  if ('ids' in target) return [{ ...common, ids: target.ids }];
  if ('hids' in target) return target.hids.map((hid) => ({ ...common, hid }));
  return [{ ...common, filter: target.filter }];
}

function IgnoreForm({ target, what, onDone, onCancel }: { target: IgnoreTarget; what: string; onDone(): void; onCancel(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<IgnoreValues>({
    initialValues: { kind: String(IGNORE_KIND.ignored), reason: '', comment: '', expires: '' },
    validate: {
      reason: (v) => (v === '' ? 'Choose a reason: false positive, risk accepted or not relevant.' : null),
      expires: (v) => (v === '' || expiryOf(v) ? null : 'Enter a valid date.'),
      comment: (v) => (v.length > 2000 ? 'Ensure this field has no more than 2000 characters.' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: ERROR_FIELDS, failed: FAILED });

  async function save(values: IgnoreValues) {
    const common = {
      ignore_kind: Number(values.kind),
      reason: Number(values.reason),
      comment: values.comment.trim(),
      expires_at: values.expires ? expiryOf(values.expires) : null,
    };
    let ignored = 0;
    let pending = 0;
    // An issue is ignored on all its assets by its hid: one call per chosen issue.
    for (const body of bodiesOf(target, common)) {
      const answer = await ignoreFindings(body);
      ignored += answer.ignored;
      pending += answer.pending;
    }
    const verb = common.ignore_kind === IGNORE_KIND.disabled ? 'disabled' : 'ignored';
    toastSuccess(
      pending > 0
        ? `Risk acceptance requested for ${pending} findings: they count until someone else approves it.`
        : `${ignored} ${ignored === 1 ? 'finding' : 'findings'} ${verb}; they no longer count.`,
    );
    await queryClient.invalidateQueries({ queryKey: VULN_KEYS.all });
    onDone();
  }

  const riskAccepted = form.values.reason === String(IGNORE_REASON.risk_accepted);
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label="Ignore findings">
      <Stack gap="md">
        <Text size="sm">{what}</Text>
        <FormError message={error} />
        <Radio.Group {...form.getInputProps('kind')} label="What to do" required>
          <Stack gap="xs" mt={6}>
            <Radio
              value={String(IGNORE_KIND.ignored)}
              label="Ignore"
              description="They stay listed under Ignored and stop counting in risk, counts and reports."
            />
            <Radio
              value={String(IGNORE_KIND.disabled)}
              label="Disable"
              description="For findings that should never have been reported here; they stop counting the same way."
            />
          </Stack>
        </Radio.Group>
        <NativeSelect
          {...form.getInputProps('reason')}
          label="Reason"
          required
          data={[
            { value: '', label: 'Choose a reason' },
            ...([0, 1, 2] as IgnoreReason[]).map((r) => ({ value: String(r), label: IGNORE_REASON_LABELS[r] })),
          ]}
          description={
            riskAccepted ? 'Where your organisation asks for approval, the findings count until someone else approves.' : undefined
          }
        />
        <Textarea {...form.getInputProps('comment')} label="Comment" description="Why, for whoever reads it later" autosize minRows={2} />
        <TextInput
          {...form.getInputProps('expires')}
          type="date"
          label="Ignore until (optional)"
          description="After this day the findings count again by themselves. Empty: until someone un-ignores them."
          min={today()}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {Number(form.values.kind) === IGNORE_KIND.disabled ? 'Disable' : 'Ignore'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function IgnoreDialog({
  target,
  what,
  onClose,
  onDone,
}: {
  /** Null: closed. */
  target: IgnoreTarget | null;
  /** What will be ignored, in words ('3 selected findings', 'CVE-2024-6387 on all its assets'). */
  what: string;
  onClose(): void;
  onDone(): void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Ignore findings" size="lg">
      {target && (
        <IgnoreForm
          target={target}
          what={what}
          onCancel={onClose}
          onDone={() => {
            onDone();
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
