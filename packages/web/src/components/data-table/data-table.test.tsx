// DataTable: caption and columns, server paging, sorting to the `ordering` parameter, the column chooser (kept per table),
// selection with a bulk action, the loading / empty / error states, and virtual rows on a long page.
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn, type DataTableProps } from './index.ts';
import { columnStorageKey } from './column-visibility.ts';
import { ApiError } from '../../api/errors.ts';
import { renderWithApp } from '../../../test/support/render.tsx';

interface Item {
  id: number;
  name: string;
  score: number;
}

const COLUMNS: DataColumn<Item>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', cell: (item) => item.name },
  { key: 'score', header: 'Score', sortKey: 'score', descendingFirst: true, hideable: true, cell: (item) => item.score },
  { key: 'note', header: 'Note', hiddenByDefault: true, cell: (item) => `Note of ${item.name}` },
];

const ITEMS: Item[] = [
  { id: 1, name: 'Alpha', score: 10 },
  { id: 2, name: 'Bravo', score: 70 },
  { id: 3, name: 'Charlie', score: 40 },
];

function items(count: number): Item[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, score: i }));
}

type HarnessProps = Partial<DataTableProps<Item>> & { count?: number; firstPage?: number; onOrdering?(ordering: string): void };

/** A page holding DataTable the way a list page does: ordering and page in state. */
function Harness({ count, firstPage = 1, onOrdering, ...props }: HarnessProps) {
  const [ordering, setOrdering] = useState<string>('name');
  const [page, setPage] = useState(firstPage);
  const [pageSize, setPageSize] = useState(10);
  return (
    <DataTable<Item>
      id="items"
      caption="Items"
      columns={COLUMNS}
      rows={ITEMS}
      rowKey={(item) => item.id}
      rowProps={(item) => ({ 'data-item-id': item.id })}
      empty={{ title: 'No items yet.' }}
      ordering={ordering}
      onOrderingChange={(next) => {
        setOrdering(next);
        onOrdering?.(next);
      }}
      paging={
        count === undefined
          ? undefined
          : { page, pageSize, count, onPageChange: setPage, onPageSizeChange: setPageSize, noun: 'items', singular: 'item' }
      }
      {...props}
    />
  );
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const headings = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());

describe('DataTable', () => {
  it('is named by its caption and shows the declared columns, hidden-by-default ones left out', () => {
    renderWithApp(<Harness />);
    const table = screen.getByRole('table', { name: 'Items' });
    expect(headings(table)).toEqual(['Name', 'Score']);
    expect(bodyRows(table).map((r) => r.textContent)).toEqual(['Alpha10', 'Bravo70', 'Charlie40']);
    expect(bodyRows(table)[1]).toHaveAttribute('data-item-id', '2');
    expect(table).toHaveAttribute('aria-rowcount', '4');
  });

  describe('sorting', () => {
    it('sets the ordering from a heading click: ascending first, descending first for counts, then flips', async () => {
      const onOrdering = vi.fn();
      const { user } = renderWithApp(<Harness onOrdering={onOrdering} />);
      const table = screen.getByRole('table', { name: 'Items' });
      const name = within(table).getByRole('columnheader', { name: /Name/ });
      const score = within(table).getByRole('columnheader', { name: /Score/ });
      expect(name).toHaveAttribute('aria-sort', 'ascending');
      expect(score).toHaveAttribute('aria-sort', 'none');

      await user.click(within(score).getByRole('button'));
      expect(onOrdering).toHaveBeenLastCalledWith('-score');
      expect(score).toHaveAttribute('aria-sort', 'descending');
      expect(name).toHaveAttribute('aria-sort', 'none');

      await user.click(within(score).getByRole('button'));
      expect(onOrdering).toHaveBeenLastCalledWith('score');
      await user.click(within(name).getByRole('button'));
      expect(onOrdering).toHaveBeenLastCalledWith('name');
      await user.click(within(name).getByRole('button'));
      expect(onOrdering).toHaveBeenLastCalledWith('-name');
    });

    it('works from the keyboard', async () => {
      const onOrdering = vi.fn();
      const { user } = renderWithApp(<Harness onOrdering={onOrdering} />);
      within(screen.getByRole('columnheader', { name: /Score/ }))
        .getByRole('button')
        .focus();
      await user.keyboard('{Enter}');
      expect(onOrdering).toHaveBeenLastCalledWith('-score');
    });

    it('says that a heading sorts: its button is described so, named by the column alone', () => {
      renderWithApp(<Harness onOrdering={vi.fn()} />);
      const button = within(screen.getByRole('columnheader', { name: /Score/ })).getByRole('button');
      expect(button).toHaveAccessibleName('Score');
      expect(button).toHaveAccessibleDescription('Sorts the list by this column.');
    });

    it('can be scrolled from the keyboard: the box around the table takes the focus and is named by the table', () => {
      renderWithApp(<Harness onOrdering={vi.fn()} />);
      const box = screen.getByRole('group', { name: 'Items (scrolls)' });
      expect(box).toHaveAttribute('tabindex', '0');
      expect(within(box).getByRole('table', { name: 'Items' })).toBeInTheDocument();
    });

    it('has plain headings, without aria-sort, when the list cannot be sorted', () => {
      renderWithApp(<Harness onOrderingChange={undefined} />);
      const table = screen.getByRole('table', { name: 'Items' });
      expect(within(table).queryAllByRole('button')).toHaveLength(0);
      expect(within(table).getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    });
  });

  describe('paging', () => {
    it('shows the count and the pages of a server-paged list, and changes page', async () => {
      const { user } = renderWithApp(<Harness count={35} />);
      expect(screen.getByText('35 items')).toBeInTheDocument();
      const pages = screen.getByRole('navigation', { name: 'Pages of items' });
      expect(within(pages).getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
      await user.click(within(pages).getByRole('button', { name: 'Next page' }));
      expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      // Rows are numbered across pages for screen readers: the first row of page 2 is the 11th (after the heading row).
      expect(bodyRows(screen.getByRole('table', { name: 'Items' }))[0]).toHaveAttribute('aria-rowindex', '12');
      expect(screen.getByRole('table', { name: 'Items' })).toHaveAttribute('aria-rowcount', '36');
    });

    it('offers rows per page, and writes one item in the singular without page buttons', async () => {
      const first = renderWithApp(<Harness count={35} />);
      await first.user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
      await first.user.click(screen.getByRole('option', { name: '25' }));
      expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
      first.unmount();

      renderWithApp(<Harness count={1} rows={[ITEMS[0]]} />);
      expect(screen.getByText('1 item')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
    });

    it('goes to the last page when the page asked for is past the end', () => {
      renderWithApp(<Harness count={12} firstPage={5} />);
      expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    });
  });

  describe('column chooser', () => {
    it('hides and shows columns, and keeps the choice for the table in localStorage', async () => {
      const first = renderWithApp(<Harness />);
      await first.user.click(screen.getByRole('button', { name: 'Columns of Items' }));
      const chooser = screen.getByRole('group', { name: 'Shown columns of Items' });
      // Only the columns declared hideable are offered.
      expect(
        within(chooser)
          .getAllByRole('checkbox')
          .map((c) => c.getAttribute('aria-checked') ?? (c as HTMLInputElement).checked),
      ).toEqual([true, false]);
      expect(within(chooser).queryByRole('checkbox', { name: 'Name' })).not.toBeInTheDocument();

      await first.user.click(within(chooser).getByRole('checkbox', { name: 'Note' }));
      await first.user.click(within(chooser).getByRole('checkbox', { name: 'Score' }));
      const table = screen.getByRole('table', { name: 'Items' });
      expect(headings(table)).toEqual(['Name', 'Note']);
      expect(within(table).getByText('Note of Bravo')).toBeInTheDocument();
      expect(JSON.parse(window.localStorage.getItem(columnStorageKey('items'))!)).toEqual({ note: true, score: false });
      first.unmount();

      const again = renderWithApp(<Harness />);
      expect(headings(screen.getByRole('table', { name: 'Items' }))).toEqual(['Name', 'Note']);
      await again.user.click(screen.getByRole('button', { name: 'Columns of Items' }));
      await again.user.click(screen.getByRole('button', { name: 'Reset columns' }));
      expect(headings(screen.getByRole('table', { name: 'Items' }))).toEqual(['Name', 'Score']);
      expect(window.localStorage.getItem(columnStorageKey('items'))).toBeNull();
    });

    it('ignores a stored choice it cannot read', () => {
      window.localStorage.setItem(columnStorageKey('items'), '{not json');
      renderWithApp(<Harness />);
      expect(headings(screen.getByRole('table', { name: 'Items' }))).toEqual(['Name', 'Score']);
    });

    it('keeps the last column shown', async () => {
      const only: DataColumn<Item>[] = [
        { key: 'name', header: 'Name', hideable: true, cell: (i) => i.name },
        { key: 'score', header: 'Score', hideable: true, cell: (i) => i.score },
      ];
      const { user } = renderWithApp(<Harness columns={only} />);
      await user.click(screen.getByRole('button', { name: 'Columns of Items' }));
      await user.click(screen.getByRole('checkbox', { name: 'Score' }));
      expect(screen.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    });
  });

  describe('selection', () => {
    it('selects rows by labelled checkboxes and hands them to the bulk action', async () => {
      const archive = vi.fn();
      const { user } = renderWithApp(
        <Harness
          selection={{
            rowLabel: (item) => item.name,
            actions: (selected, clear) => (
              <Button
                size="xs"
                onClick={() => {
                  archive(selected.map((s) => s.name));
                  clear();
                }}
              >
                Archive
              </Button>
            ),
          }}
        />,
      );
      const bulk = screen.getByRole('group', { name: 'Bulk actions' });
      expect(within(bulk).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Charlie' }));
      expect(within(bulk).getByText('2 selected')).toBeInTheDocument();
      const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
      expect(all).toHaveAttribute('data-indeterminate', 'true');

      await user.click(within(bulk).getByRole('button', { name: 'Archive' }));
      expect(archive).toHaveBeenCalledWith(['Alpha', 'Charlie']);
      expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).not.toBeChecked();

      await user.click(all);
      expect(within(bulk).getByText('3 selected')).toBeInTheDocument();
      await user.click(within(bulk).getByRole('button', { name: 'Clear selection' }));
      expect(within(bulk).queryByText(/selected$/)).not.toBeInTheDocument();
    });

    it('keeps the selection when the same rows come again, and drops rows that left', async () => {
      /** A list whose answer comes again (a poll: the same rows, new objects) or loses a row. */
      function Polled() {
        const [rows, setRows] = useState(ITEMS);
        return (
          <>
            <Button onClick={() => setRows(rows.map((row) => ({ ...row })))}>Poll</Button>
            <Button onClick={() => setRows(rows.filter((row) => row.id !== 1))}>Lose Alpha</Button>
            <Harness rows={rows} selection={{ rowLabel: (item) => item.name, actions: () => null }} />
          </>
        );
      }
      const { user } = renderWithApp(<Polled />);
      await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Bravo' }));
      await user.click(screen.getByRole('button', { name: 'Poll' }));
      expect(screen.getByText('2 selected')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select Bravo' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Lose Alpha' }));
      expect(screen.getByText('1 selected')).toBeInTheDocument();
    });
  });

  describe('states', () => {
    it('says it is loading until rows come', () => {
      renderWithApp(<Harness rows={undefined} loadingLabel="Loading items…" />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading items…');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });

    it('shows an empty list with its message, description and action', async () => {
      const create = vi.fn();
      const { user } = renderWithApp(
        <Harness
          rows={[]}
          empty={{ title: 'No items yet.', description: 'Add one to start.', action: <Button onClick={create}>Add item</Button> }}
        />,
      );
      const empty = screen.getByTestId('items-empty');
      expect(empty).toHaveTextContent('No items yet.Add one to start.');
      await user.click(within(empty).getByRole('button', { name: 'Add item' }));
      expect(create).toHaveBeenCalled();
    });

    it('shows a failure with the server message, or the fallback, and a retry', async () => {
      const retry = vi.fn();
      const failure = new ApiError({
        kind: 'http',
        status: 503,
        message: 'Database unavailable.',
        data: { detail: 'Database unavailable.' },
      });
      const first = renderWithApp(
        <Harness rows={undefined} error={failure} errorMessage="The items could not be loaded." onRetry={retry} />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable.');
      await first.user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(retry).toHaveBeenCalledOnce();
      first.unmount();

      renderWithApp(<Harness rows={undefined} error={new Error('boom')} errorMessage="The items could not be loaded." />);
      expect(screen.getByRole('alert')).toHaveTextContent('The items could not be loaded.');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });

    it('keeps the rows it has under a failed refresh, and marks a table being refreshed busy', () => {
      renderWithApp(<Harness error={new Error('boom')} errorMessage="The items could not be refreshed." fetching />);
      expect(screen.getByRole('alert')).toHaveTextContent('The items could not be refreshed.');
      const table = screen.getByRole('table', { name: 'Items' });
      expect(bodyRows(table)).toHaveLength(3);
      expect(table.parentElement).toHaveAttribute('aria-busy', 'true');
    });
  });

  describe('virtual rows', () => {
    it('renders only the rows near the view on a long page, and others as it scrolls', () => {
      // jsdom lays nothing out: the scroll box says it is 480 px high, as a browser would.
      vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(480);
      renderWithApp(<Harness rows={items(500)} count={500} />);
      const table = screen.getByRole('table', { name: 'Items' });
      expect(table).toHaveAttribute('aria-rowcount', '501');
      const shown = bodyRows(table);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThan(50);
      expect(shown[0]).toHaveTextContent('Item 1');

      const scroller = table.parentElement!;
      scroller.scrollTop = 48 * 300;
      fireEvent.scroll(scroller);
      const after = bodyRows(table);
      expect(after.length).toBeLessThan(50);
      expect(after.map((r) => r.getAttribute('aria-rowindex'))).toContain('302');
      expect(within(table).queryByText('Item 1')).not.toBeInTheDocument();
    });

    it('renders every row of a short page', () => {
      renderWithApp(<Harness rows={items(60)} count={60} />);
      expect(bodyRows(screen.getByRole('table', { name: 'Items' }))).toHaveLength(60);
    });
  });
});
