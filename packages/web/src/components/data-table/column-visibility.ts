// Which columns of a table are shown: the declared defaults, overridden by the user's choices kept in localStorage per table id.
import { useState } from 'react';
import type { DataColumn } from './types.ts';

/** The user's choices: column key → shown. Columns not in it follow their declaration. */
export type ColumnChoices = Record<string, boolean>;

export function columnStorageKey(tableId: string): string {
  return `bulwark:data-table:${tableId}:columns`;
}

/** The stored choices of a table; none when storage is unavailable or holds something else. */
export function readColumnChoices(tableId: string): ColumnChoices {
  try {
    const raw = window.localStorage.getItem(columnStorageKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

function writeColumnChoices(tableId: string, choices: ColumnChoices): void {
  try {
    if (Object.keys(choices).length === 0) window.localStorage.removeItem(columnStorageKey(tableId));
    else window.localStorage.setItem(columnStorageKey(tableId), JSON.stringify(choices));
  } catch {
    // Private mode or a full storage: the choice holds until the page is left.
  }
}

export function isHideable(column: Pick<DataColumn<unknown>, 'hideable' | 'hiddenByDefault'>): boolean {
  return Boolean(column.hideable || column.hiddenByDefault);
}

/** Whether `column` is shown under `choices`; columns a user cannot hide are always shown. */
export function isColumnShown(column: Pick<DataColumn<unknown>, 'key' | 'hideable' | 'hiddenByDefault'>, choices: ColumnChoices): boolean {
  if (!isHideable(column)) return true;
  return choices[column.key] ?? !column.hiddenByDefault;
}

export interface ColumnVisibility<Row> {
  /** The columns to render, in declaration order. */
  shown: readonly DataColumn<Row>[];
  /** The columns the chooser offers. */
  hideable: readonly DataColumn<Row>[];
  isShown(key: string): boolean;
  setShown(key: string, shown: boolean): void;
  /** Back to the declared defaults (and forget the stored choices). */
  reset(): void;
}

export function useColumnVisibility<Row>(tableId: string, columns: readonly DataColumn<Row>[]): ColumnVisibility<Row> {
  const [choices, setChoices] = useState<ColumnChoices>(() => readColumnChoices(tableId));

  function update(next: ColumnChoices) {
    setChoices(next);
    writeColumnChoices(tableId, next);
  }

  function setShown(key: string, shown: boolean) {
    const column = columns.find((c) => c.key === key);
    if (!column || !isHideable(column)) return;
    const next = { ...choices };
    // A choice equal to the default is no choice: forgetting it lets a later default change reach this user.
    if (shown === !column.hiddenByDefault) delete next[key];
    else next[key] = shown;
    update(next);
  }

  return {
    shown: columns.filter((c) => isColumnShown(c, choices)),
    hideable: columns.filter(isHideable),
    isShown: (key) => {
      const column = columns.find((c) => c.key === key);
      return column ? isColumnShown(column, choices) : false;
    },
    setShown,
    reset: () => update({}),
  };
}
