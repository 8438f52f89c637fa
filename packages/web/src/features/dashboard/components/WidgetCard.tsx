// One widget on the grid: a region named by its title that loads its own data (GET dashboard/widgets/{id}/), so a widget
// that fails shows its error and a retry while the others carry on. Its menu configures or removes it; in "Edit layout"
// mode its title bar is the drag handle and a menu moves or resizes it by keyboard.
import { useId } from 'react';
import { ActionIcon, Box, Button, Card, Center, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Widget } from '@bulwark/core';
import { DASHBOARD_KEYS, fetchWidget } from '../api/dashboards-api.ts';
import type { MoveDirection, ResizeDirection } from '../layout.ts';
import { widgetTitle } from '../widget-form.ts';
import { WidgetView } from './WidgetView.tsx';

/** The class of the title bar: what a drag starts from in "Edit layout" mode. */
export const DRAG_HANDLE = 'dashboard-widget-handle';

export interface WidgetCardProps {
  widget: Widget;
  editing: boolean;
  onConfigure(widget: Widget): void;
  onRemove(widget: Widget): void;
  onMove(widget: Widget, direction: MoveDirection): void;
  onResize(widget: Widget, direction: ResizeDirection): void;
}

const MOVES: { direction: MoveDirection; label: string }[] = [
  { direction: 'left', label: 'Move left' },
  { direction: 'right', label: 'Move right' },
  { direction: 'up', label: 'Move up' },
  { direction: 'down', label: 'Move down' },
];
const RESIZES: { direction: ResizeDirection; label: string }[] = [
  { direction: 'wider', label: 'Wider' },
  { direction: 'narrower', label: 'Narrower' },
  { direction: 'taller', label: 'Taller' },
  { direction: 'shorter', label: 'Shorter' },
];

function Dots() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden focusable="false">
      <circle cx="3" cy="8" r="1.5" fill="currentColor" />
      <circle cx="8" cy="8" r="1.5" fill="currentColor" />
      <circle cx="13" cy="8" r="1.5" fill="currentColor" />
    </svg>
  );
}

function Arrows() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M8 1v14M1 8h14M8 1 6 3M8 1l2 2M8 15l-2-2M8 15l2-2M1 8l2-2M1 8l2 2M15 8l-2-2M15 8l-2 2" />
    </svg>
  );
}

export function WidgetCard({ widget, editing, onConfigure, onRemove, onMove, onResize }: WidgetCardProps) {
  const titleId = useId();
  const title = widgetTitle(widget);
  const query = useQuery({
    queryKey: [...DASHBOARD_KEYS.widget(widget.id), widget.config],
    queryFn: ({ signal }) => fetchWidget(widget.id, signal),
  });

  return (
    <Card
      withBorder
      padding="sm"
      h="100%"
      component="section"
      aria-labelledby={titleId}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box className={editing ? DRAG_HANDLE : undefined} style={{ flex: 1, minWidth: 0, cursor: editing ? 'move' : undefined }}>
          <Title order={3} size="h5" id={titleId} lineClamp={1}>
            {title}
          </Title>
        </Box>
        {editing ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Move or resize ${title}`}>
                <Arrows />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move</Menu.Label>
              {MOVES.map((m) => (
                <Menu.Item key={m.direction} onClick={() => onMove(widget, m.direction)}>
                  {m.label}
                </Menu.Item>
              ))}
              <Menu.Label>Size</Menu.Label>
              {RESIZES.map((r) => (
                <Menu.Item key={r.direction} onClick={() => onResize(widget, r.direction)}>
                  {r.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${title}`}>
                <Dots />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onConfigure(widget)}>Configure</Menu.Item>
              <Menu.Item color="red" onClick={() => onRemove(widget)}>
                Remove
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }} mt="xs">
        {query.isPending ? (
          <Center h="100%">
            <Loader size="sm" role="status" aria-label={`Loading ${title}`} />
          </Center>
        ) : query.isError ? (
          <Center h="100%">
            <Stack gap={6} align="center">
              <Text size="sm" c="red" role="alert">
                This widget could not be loaded.
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </Stack>
          </Center>
        ) : (
          <WidgetView data={query.data.data} display={widget.display_type} config={widget.config} title={title} interactive={!editing} />
        )}
      </Box>
    </Card>
  );
}
