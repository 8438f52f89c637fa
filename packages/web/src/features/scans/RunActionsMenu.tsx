// The actions of one run: a menu (list rows) or a row of buttons (result page) offering only what its state allows,
// and "Run again" (a new run of its scan, confirmed; disabled with the reason while this run is active).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import type { ScanAction, ScanRunRow } from '@bulwark/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { actionItems, canDeleteRun, confirmText, runResultPath, type ActionItem } from './scan-format.ts';
import { useRunActions } from './use-run-actions.ts';
import { runAgainBlocked, runAgainText, useRunAgain } from './use-run-again.ts';

type Pending = { kind: 'action'; action: ScanAction } | { kind: 'delete' } | { kind: 'again' } | null;

export interface RunActionsProps {
  run: ScanRunRow;
  variant: 'menu' | 'buttons';
  /** Called after the run was deleted (the result page leaves). */
  onDeleted?(): void;
}

export function RunActionsMenu({ run, variant, onDeleted }: RunActionsProps) {
  const { busy, perform, remove } = useRunActions();
  const again = useRunAgain();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const items = actionItems(run);
  const deletable = canDeleteRun(run);
  const againBlocked = runAgainBlocked(run);

  function choose(item: ActionItem) {
    if (item.confirm) setPending({ kind: 'action', action: item.action });
    else void perform(run, item.action);
  }

  async function confirm() {
    if (!pending) return;
    if (pending.kind === 'delete') {
      if (await remove(run)) onDeleted?.();
    } else if (pending.kind === 'again') {
      const created = await again.start(run);
      // On the result page, the new run's page follows; in the list, its row appears at the top.
      if (created && variant === 'buttons') void navigate(runResultPath(created.id, created.scan_type));
    } else await perform(run, pending.action);
    setPending(null);
  }

  const dialog =
    pending?.kind === 'action'
      ? confirmText(pending.action, run.name)
      : pending?.kind === 'again'
        ? runAgainText(run.name)
        : { title: 'Delete the scan run?', body: `The run of “${run.name}” and its results are removed.`, confirm: 'Delete' };

  return (
    <>
      {variant === 'menu' ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${run.name}`} loading={busy !== null}>
              <span aria-hidden>⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map((item) => (
              <Menu.Item key={item.action} onClick={() => choose(item)} color={item.confirm ? 'red' : undefined}>
                {item.label}
              </Menu.Item>
            ))}
            <Menu.Item disabled={againBlocked !== null} title={againBlocked ?? undefined} onClick={() => setPending({ kind: 'again' })}>
              Run again
            </Menu.Item>
            {againBlocked && <Menu.Label>{againBlocked}</Menu.Label>}
            {items.length > 0 && deletable && <Menu.Divider />}
            {deletable && (
              <Menu.Item color="red" onClick={() => setPending({ kind: 'delete' })}>
                Delete
              </Menu.Item>
            )}
            {items.length === 0 && !deletable && <Menu.Label>No action while the results are processed</Menu.Label>}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Group gap="xs" role="group" aria-label="Scan actions">
          {items.map((item) => (
            <Button
              key={item.action}
              size="xs"
              variant={item.confirm ? 'light' : 'default'}
              color={item.confirm ? 'red' : undefined}
              loading={busy === item.action}
              onClick={() => choose(item)}
            >
              {item.label}
            </Button>
          ))}
          <Tooltip label={againBlocked} disabled={againBlocked === null} withinPortal>
            <Button
              size="xs"
              variant="default"
              loading={again.busy}
              data-disabled={againBlocked !== null || undefined}
              aria-disabled={againBlocked !== null}
              aria-description={againBlocked ?? undefined}
              onClick={(event) => (againBlocked ? event.preventDefault() : setPending({ kind: 'again' }))}
            >
              Run again
            </Button>
          </Tooltip>
          {deletable && (
            <Button size="xs" variant="subtle" color="red" loading={busy === 'delete'} onClick={() => setPending({ kind: 'delete' })}>
              Delete
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={dialog.title}
        confirmLabel={dialog.confirm}
        busy={busy !== null || again.busy}
        color={pending?.kind === 'again' ? 'blue' : undefined}
        cancelLabel={pending?.kind === 'again' ? 'Not now' : undefined}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {dialog.body}
      </ConfirmDialog>
    </>
  );
}
