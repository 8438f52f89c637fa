// The sections of a template as an ordered checklist: tick the sections the report has, move each up or down with its
// buttons (keyboard focus stays on the moved section, and the new position is announced). A fieldset named by its legend.
import { useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Checkbox, Fieldset, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { REPORT_SECTION_LABELS, type ReportSection } from '@bulwark/core';
import { moveItem, toggleItem, type SectionItem } from '../template-format.ts';

export interface SectionOrderProps {
  value: readonly SectionItem[];
  onChange(items: SectionItem[]): void;
  error?: string | null;
  legend?: string;
}

type Direction = 'up' | 'down';

export function SectionOrder({ value, onChange, error, legend = 'Sections' }: SectionOrderProps) {
  const errorId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [announcement, setAnnouncement] = useState('');
  // The button to focus once the moved list is drawn (the other one when the section reached an end).
  const [focusNext, setFocusNext] = useState<{ key: ReportSection; direction: Direction } | null>(null);

  useEffect(() => {
    if (!focusNext) return;
    const index = value.findIndex((i) => i.key === focusNext.key);
    const atEnd = focusNext.direction === 'up' ? index === 0 : index === value.length - 1;
    const direction: Direction = atEnd ? (focusNext.direction === 'up' ? 'down' : 'up') : focusNext.direction;
    buttons.current.get(`${focusNext.key}:${direction}`)?.focus();
    setFocusNext(null);
  }, [focusNext, value]);

  function move(index: number, direction: Direction) {
    const item = value[index];
    const next = moveItem(value, index, direction === 'up' ? -1 : 1);
    const position = next.findIndex((i) => i.key === item.key) + 1;
    onChange(next);
    setAnnouncement(`${REPORT_SECTION_LABELS[item.key]} moved to position ${position} of ${next.length}.`);
    setFocusNext({ key: item.key, direction });
  }

  const chosen = value.filter((i) => i.included).length;
  return (
    <Fieldset legend={legend} variant="unstyled" aria-describedby={error ? errorId : undefined}>
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          Tick the sections the report has ({chosen} of {value.length}); they appear in this order. Use the arrows to move a section.
        </Text>
        <Stack component="ol" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {value.map((item, index) => {
            const label = REPORT_SECTION_LABELS[item.key];
            return (
              <Group
                component="li"
                key={item.key}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                px="xs"
                py={4}
                style={{ borderRadius: 4, background: item.included ? 'var(--mantine-color-default-hover)' : undefined }}
              >
                <Checkbox
                  label={
                    <>
                      <Text component="span" size="sm" c="dimmed" mr={6} aria-hidden>
                        {index + 1}.
                      </Text>
                      {label}
                    </>
                  }
                  checked={item.included}
                  onChange={(e) => onChange(toggleItem(value, item.key, e.currentTarget.checked))}
                  aria-invalid={error ? true : undefined}
                />
                <Group gap={4} wrap="nowrap">
                  {(['up', 'down'] as const).map((direction) => (
                    <ActionIcon
                      key={direction}
                      ref={(node) => {
                        const key = `${item.key}:${direction}`;
                        if (node) buttons.current.set(key, node);
                        else buttons.current.delete(key);
                      }}
                      variant="subtle"
                      color="gray"
                      size="md"
                      aria-label={`Move ${label} ${direction}`}
                      disabled={direction === 'up' ? index === 0 : index === value.length - 1}
                      onClick={() => move(index, direction)}
                    >
                      <span aria-hidden>{direction === 'up' ? '↑' : '↓'}</span>
                    </ActionIcon>
                  ))}
                </Group>
              </Group>
            );
          })}
        </Stack>
        {error && (
          <Text size="sm" c="red" id={errorId} role="alert">
            {error}
          </Text>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </Fieldset>
  );
}
