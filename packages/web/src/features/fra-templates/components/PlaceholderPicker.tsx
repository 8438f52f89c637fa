// A menu of the template placeholders ({{first_name}}, {{link}} …) that inserts the chosen one at the cursor of an HTML
// textarea, so nobody has to remember their spelling.
import type { RefObject } from 'react';
import { Button, Menu } from '@mantine/core';
import { TEMPLATE_PLACEHOLDERS } from '@bulwark/core';

/** `text` with `{{name}}` put where the selection was; also the cursor position after it. */
export function insertPlaceholder(text: string, start: number, end: number, name: string): { text: string; cursor: number } {
  const token = `{{${name}}}`;
  return { text: text.slice(0, start) + token + text.slice(end), cursor: start + token.length };
}

export function PlaceholderPicker({
  field,
  target,
  value,
  onInsert,
}: {
  /** The field's label, for the button's accessible name. */
  field: string;
  target: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onInsert(next: string): void;
}) {
  function insert(name: string) {
    const el = target.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const { text, cursor } = insertPlaceholder(value, start, end, name);
    onInsert(text);
    // After React wrote the new text: the cursor goes behind the placeholder, focus back to the field.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(cursor, cursor);
    });
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="light" aria-label={`Insert a placeholder into ${field}`}>
          Insert placeholder
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <Menu.Item key={p} onClick={() => insert(p)}>{`{{${p}}}`}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
