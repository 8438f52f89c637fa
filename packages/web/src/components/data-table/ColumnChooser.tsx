// The "Columns" button of a table: a checkbox per column the user may hide, and a reset to the defaults.
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { ColumnVisibility } from './column-visibility.ts';

export function ColumnChooser<Row>({ caption, visibility }: { caption: string; visibility: ColumnVisibility<Row> }) {
  const shownCount = visibility.shown.length;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" aria-label={`Columns of ${caption}`}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={`Shown columns of ${caption}`}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Show columns
          </Text>
          {visibility.hideable.map((column) => {
            const shown = visibility.isShown(column.key);
            return (
              <Checkbox
                key={column.key}
                label={column.header}
                checked={shown}
                // The last column shown stays: a table of no columns shows nothing.
                disabled={shown && shownCount === 1}
                onChange={(e) => visibility.setShown(column.key, e.currentTarget.checked)}
              />
            );
          })}
          <Button variant="subtle" size="compact-xs" onClick={visibility.reset}>
            Reset columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
