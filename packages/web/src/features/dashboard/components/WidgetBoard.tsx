// The widgets of one dashboard on a 12-column grid (react-grid-layout), each at its slot with its width and height.
// Static until "Edit layout": then widgets are dragged by their title bar, resized by their corner (or moved and
// resized from their menu by keyboard), and "Save layout" PATCHes the slot, width and height of each widget that
// changed. "Add widget" opens the form with its preview; a widget's menu configures or removes it. On a narrow screen
// the widgets stack in slot order.
import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import './dashboard.css';
import { GRID_COLUMNS, type Dashboard, type Widget } from '@bulwark/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { DASHBOARD_KEYS, deleteWidget, fetchWidgets, updateWidget } from '../api/dashboards-api.ts';
import { firstFreeSlot, gridLayout, layoutChanges, moveItem, resizeItem, type MoveDirection, type ResizeDirection } from '../layout.ts';
import { DRAG_HANDLE, WidgetCard } from './WidgetCard.tsx';
import { WIDGET_MESSAGES, WidgetForm } from './WidgetForm.tsx';
import { widgetTitle } from '../widget-form.ts';

/** Height of a grid row in pixels, and the gap between widgets. */
export const ROW_HEIGHT = 90;
const MARGIN: [number, number] = [16, 16];
/** Below this width (px) the widgets stack instead. */
const NARROW = 640;
/** Width used until the container is measured (and where nothing is laid out, as in tests). */
const UNMEASURED_WIDTH = 1200;

export function WidgetBoard({ dashboard }: { dashboard: Dashboard }) {
  const queryClient = useQueryClient();
  const widgetsQuery = useQuery({
    queryKey: DASHBOARD_KEYS.widgets(dashboard.id),
    queryFn: ({ signal }) => fetchWidgets(dashboard.id, signal),
  });
  const widgets = useMemo(() => widgetsQuery.data?.results ?? [], [widgetsQuery.data]);
  const saved = useMemo(() => gridLayout(widgets), [widgets]);
  /** The layout being edited; null outside "Edit layout". */
  const [draft, setDraft] = useState<Layout | null>(null);
  const [saving, setSaving] = useState(false);
  const [form, setForm] = useState<Widget | 'new' | null>(null);
  const [removing, setRemoving] = useState<Widget | null>(null);
  const { width: measured, containerRef } = useContainerWidth({ initialWidth: UNMEASURED_WIDTH });
  const width = measured > 0 ? measured : UNMEASURED_WIDTH;
  const narrow = measured > 0 && measured < NARROW;
  const editing = draft !== null;
  const layout = draft ?? saved;

  const gridConfig = useMemo(
    () => ({ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: MARGIN, containerPadding: [0, 0] as [number, number] }),
    [],
  );
  const dragConfig = useMemo(() => ({ enabled: editing, handle: `.${DRAG_HANDLE}`, cancel: 'button, a, input' }), [editing]);
  const resizeConfig = useMemo(() => ({ enabled: editing, handles: ['se' as const] }), [editing]);
  const onLayoutChange = useCallback((next: Layout) => setDraft((current) => (current === null ? null : next)), []);

  const onMove = useCallback((w: Widget, d: MoveDirection) => setDraft((current) => current && moveItem(current, String(w.id), d)), []);
  const onResize = useCallback(
    (w: Widget, d: ResizeDirection) => setDraft((current) => current && resizeItem(current, String(w.id), d)),
    [],
  );

  async function saveLayout() {
    if (!draft) return;
    const changes = layoutChanges(widgets, draft);
    if (changes.length === 0) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      for (const c of changes) await updateWidget(c.id, c.patch);
      toastSuccess('Layout saved.');
      setDraft(null);
    } catch (failure) {
      toastFailure(failure, 'Cannot save the layout.');
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.widgets(dashboard.id) });
    }
  }

  async function remove(w: Widget) {
    try {
      await deleteWidget(w.id);
      toastSuccess(WIDGET_MESSAGES.deleted);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.widgets(dashboard.id) });
    } catch (failure) {
      toastFailure(failure, WIDGET_MESSAGES.deleteFailed);
    }
  }

  // Reading order follows the layout: top to bottom, left to right.
  const ordered = useMemo(() => {
    const place = new Map(layout.map((l) => [l.i, l]));
    const key = (w: Widget) => {
      const l = place.get(String(w.id));
      return l ? l.y * 100 + l.x : w.slot;
    };
    return [...widgets].sort((a, b) => key(a) - key(b) || a.id - b.id);
  }, [layout, widgets]);

  const card = (w: Widget) => (
    <WidgetCard widget={w} editing={editing} onConfigure={setForm} onRemove={setRemoving} onMove={onMove} onResize={onResize} />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {editing
            ? 'Drag a widget by its title, resize it by its lower right corner, or use its move and resize menu. Save to keep the layout.'
            : `${widgets.length} ${widgets.length === 1 ? 'widget' : 'widgets'}`}
        </Text>
        <Group gap="xs">
          {editing ? (
            <>
              <Button variant="default" onClick={() => setDraft(null)} disabled={saving}>
                Cancel
              </Button>
              <Button onClick={() => void saveLayout()} loading={saving}>
                Save layout
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={() => setDraft(saved)} disabled={narrow || widgets.length === 0}>
                Edit layout
              </Button>
              <Button onClick={() => setForm('new')} disabled={!widgetsQuery.isSuccess}>
                Add widget
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Box ref={containerRef}>
        {widgetsQuery.isPending ? (
          <Center h={200}>
            <Loader role="status" aria-label="Loading widgets" />
          </Center>
        ) : widgetsQuery.isError ? (
          <Alert color="red" variant="light" title="The widgets could not be loaded.">
            <Button size="compact-sm" variant="light" onClick={() => void widgetsQuery.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : widgets.length === 0 ? (
          <Center h={160}>
            <Stack gap="xs" align="center">
              <Text c="dimmed">This dashboard has no widgets yet.</Text>
              <Button variant="light" onClick={() => setForm('new')}>
                Add widget
              </Button>
            </Stack>
          </Center>
        ) : narrow ? (
          <Stack gap="md">
            {ordered.map((w) => (
              <Box key={w.id} h={w.height * ROW_HEIGHT + (w.height - 1) * MARGIN[1]}>
                {card(w)}
              </Box>
            ))}
          </Stack>
        ) : (
          <ReactGridLayout
            width={width}
            layout={layout}
            gridConfig={gridConfig}
            dragConfig={dragConfig}
            resizeConfig={resizeConfig}
            onLayoutChange={onLayoutChange}
            className={editing ? 'dashboard-grid dashboard-grid-editing' : 'dashboard-grid'}
          >
            {ordered.map((w) => (
              <div key={String(w.id)} data-testid={`widget-${w.id}`}>
                {card(w)}
              </div>
            ))}
          </ReactGridLayout>
        )}
      </Box>
      <Modal opened={form !== null} onClose={() => setForm(null)} title={form === 'new' ? 'Add widget' : 'Configure widget'} size="xl">
        {form !== null && (
          <WidgetForm
            dashboardId={dashboard.id}
            widget={form === 'new' ? undefined : form}
            slot={firstFreeSlot(widgets)}
            onDone={() => setForm(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove widget"
        confirmLabel="Remove widget"
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      >
        Remove <strong>{removing ? widgetTitle(removing) : ''}</strong> from {dashboard.name}? The figures stay; only the widget goes.
      </ConfirmDialog>
    </Stack>
  );
}
