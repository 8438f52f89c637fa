// The confirmation before starting (mail goes out to people), cancelling (no more mail; what was recorded stays) or
// deleting (its results go with it) an assessment.
import { Text } from '@mantine/core';
import type { Assessment } from '@bulwark/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { AssessmentActions } from '../use-assessment-actions.ts';

export interface PendingAction {
  kind: 'start' | 'cancel' | 'delete';
  assessment: Pick<Assessment, 'uuid' | 'name' | 'stats'>;
}

const WORDS = {
  start: { title: 'Start assessment', confirm: 'Start assessment', color: 'blue' },
  cancel: { title: 'Cancel assessment', confirm: 'Cancel assessment', color: 'orange' },
  delete: { title: 'Delete assessment', confirm: 'Delete assessment', color: 'red' },
} as const;

function body(p: PendingAction) {
  const name = <strong>{p.assessment.name}</strong>;
  switch (p.kind) {
    case 'start':
      return <>Send {name} now? Its messages go out to the recipients over the sending window, at the rate you set.</>;
    case 'cancel':
      return <>Stop {name}? Messages not yet sent are not sent; what recipients did so far stays in the results.</>;
    case 'delete':
      return <>Delete {name}? Its results and every recipient’s timeline in it are deleted with it.</>;
  }
}

export function AssessmentConfirm({
  pending,
  actions,
  onClose,
  onDone,
}: {
  pending: PendingAction | null;
  actions: AssessmentActions;
  onClose(): void;
  onDone?(kind: PendingAction['kind']): void;
}) {
  const words = WORDS[pending?.kind ?? 'delete'];
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={words.title}
      confirmLabel={words.confirm}
      cancelLabel="Keep it as it is"
      color={words.color}
      onConfirm={async () => {
        if (!pending) return;
        const ok = await actions[pending.kind === 'delete' ? 'remove' : pending.kind](pending.assessment);
        if (ok) {
          onClose();
          onDone?.(pending.kind);
        }
      }}
      onClose={onClose}
    >
      <Text size="sm">{pending && body(pending)}</Text>
    </ConfirmDialog>
  );
}
