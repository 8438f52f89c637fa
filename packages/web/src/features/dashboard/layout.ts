// The grid of a dashboard (platform-core §9: 12 columns, slot = 100*y + x): widgets as grid items, the widgets a
// changed layout moves or resizes (what "Save layout" sends), the first free slot at the bottom for a new widget, and
// the keyboard's moves and resizes (one step, pushing others aside as dragging does).
import { GRID_COLUMNS, slotPosition, widgetSlot, type Widget } from '@bulwark/core';
import { cloneLayout, moveElement, verticalCompactor, type Layout, type LayoutItem } from 'react-grid-layout/core';

/** The smallest widget: 2 columns by 2 rows. */
export const MIN_SIZE = 2;
/** The tallest widget (rows), as the server allows. */
export const MAX_HEIGHT = 12;

export function gridItem(w: Pick<Widget, 'id' | 'slot' | 'width' | 'height'>): LayoutItem {
  const { x, y } = slotPosition(w.slot);
  const width = Math.min(Math.max(w.width, 1), GRID_COLUMNS);
  return { i: String(w.id), x: Math.min(x, GRID_COLUMNS - width), y, w: width, h: Math.max(w.height, 1), minW: MIN_SIZE, minH: MIN_SIZE };
}

/** The widgets as grid items, in the order of their slots. */
export function gridLayout(widgets: readonly Widget[]): LayoutItem[] {
  return [...widgets].sort((a, b) => a.slot - b.slot || a.id - b.id).map(gridItem);
}

export interface LayoutChange {
  id: number;
  patch: { slot: number; width: number; height: number };
}

/** The widgets whose slot, width or height differ in `layout`, with what to PATCH. */
export function layoutChanges(widgets: readonly Widget[], layout: Layout): LayoutChange[] {
  const changes: LayoutChange[] = [];
  for (const w of widgets) {
    const item = layout.find((l) => l.i === String(w.id));
    if (!item) continue;
    const patch = { slot: widgetSlot(item.x, item.y), width: item.w, height: item.h };
    if (patch.slot !== w.slot || patch.width !== w.width || patch.height !== w.height) changes.push({ id: w.id, patch });
  }
  return changes;
}

/** The first row below every widget, at its left edge: where a new widget goes. */
export function firstFreeSlot(widgets: readonly Pick<Widget, 'slot' | 'height'>[]): number {
  const bottom = widgets.reduce((max, w) => Math.max(max, slotPosition(w.slot).y + w.height), 0);
  return widgetSlot(0, bottom);
}

const same = (a: Layout, b: Layout) =>
  a.length === b.length && a.every((l) => b.some((m) => m.i === l.i && m.x === l.x && m.y === l.y && m.w === l.w && m.h === l.h));

function compact(layout: Layout): Layout {
  return verticalCompactor.compact(layout, GRID_COLUMNS);
}

export type MoveDirection = 'left' | 'right' | 'up' | 'down';
const STEPS: Record<MoveDirection, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/**
 * `id` moved one step in `direction`, the others pushed aside and the grid compacted as after a drag. A step that the
 * compaction would undo (down into empty space) is taken further, until the widget lands somewhere new.
 */
export function moveItem(layout: Layout, id: string, direction: MoveDirection): Layout {
  const [dx, dy] = STEPS[direction];
  const start = layout.find((l) => l.i === id);
  if (!start) return layout;
  const lastRow = layout.reduce((max, l) => Math.max(max, l.y + l.h), 0);
  for (let step = 1; step <= Math.max(GRID_COLUMNS, lastRow); step++) {
    const x = start.x + dx * step;
    const y = start.y + dy * step;
    if (x < 0 || x + start.w > GRID_COLUMNS || y < 0 || y > lastRow) return layout;
    const copy = cloneLayout(layout) as LayoutItem[];
    const item = copy.find((l) => l.i === id)!;
    const next = compact(moveElement(copy, item, x, y, true, false, 'vertical', GRID_COLUMNS));
    const moved = next.find((l) => l.i === id)!;
    if (!same(next, layout) && (moved.x !== start.x || moved.y !== start.y)) return next;
  }
  return layout;
}

export type ResizeDirection = 'wider' | 'narrower' | 'taller' | 'shorter';

/** `id` one column wider or narrower, or one row taller or shorter (within the grid), the others pushed down. */
export function resizeItem(layout: Layout, id: string, direction: ResizeDirection): Layout {
  const copy = cloneLayout(layout) as LayoutItem[];
  const item = copy.find((l) => l.i === id);
  if (!item) return layout;
  const w = item.w + (direction === 'wider' ? 1 : direction === 'narrower' ? -1 : 0);
  const h = item.h + (direction === 'taller' ? 1 : direction === 'shorter' ? -1 : 0);
  if (w < MIN_SIZE || h < MIN_SIZE || h > MAX_HEIGHT || w > GRID_COLUMNS) return layout;
  item.w = w;
  item.h = h;
  if (item.x + w > GRID_COLUMNS) item.x = GRID_COLUMNS - w;
  // Whatever the grown widget now covers moves below it, as a resize by mouse does.
  for (const other of copy) {
    if (other === item) continue;
    const overlaps = other.x < item.x + item.w && other.x + other.w > item.x && other.y < item.y + item.h && other.y + other.h > item.y;
    if (overlaps) other.y = item.y + item.h;
  }
  return compact(copy);
}
