import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './DataTable';

interface Tx {
  hash: string;
  block: number;
  value: bigint;
  from: string;
}

// 100 transactions: block 1000 + i, a value that is not in block order (and above 2^53 for some), and two
// senders. The hash carries the index so a row is easy to name.
const hashOf = (index: number) => `0x${index.toString(16).padStart(4, '0')}${'ab'.repeat(30)}`;
const TXS: Tx[] = Array.from({ length: 100 }, (_, index) => ({
  hash: hashOf(index),
  block: 1000 + index,
  value: BigInt((index * 37) % 100) * 10n ** 16n,
  from: index % 10 === 3 ? '0xFeedFace00000000000000000000000000000003' : '0xa11ce00000000000000000000000000000000001',
}));

const COLUMNS: DataColumn<Tx>[] = [
  { id: 'block', header: 'Block', value: (tx) => tx.block, text: (tx) => String(tx.block), width: '100px', align: 'end' },
  { id: 'hash', header: 'Hash', value: (tx) => tx.hash, text: (tx) => tx.hash, width: 'minmax(160px, 2fr)' },
  { id: 'value', header: 'Value', value: (tx) => tx.value, text: (tx) => `${tx.value} wei`, width: '160px', align: 'end' },
  { id: 'from', header: 'From', value: (tx) => tx.from, text: (tx) => tx.from, width: '200px', sortable: false },
];

// 340 px tall, 34 px rows: ten rows in view (the header takes one), so a page is nine rows.
function renderTable(props: Partial<Parameters<typeof DataTable<Tx>>[0]> = {}) {
  const user = userEvent.setup();
  const onOpen = vi.fn<(row: Tx) => void>();
  render(<DataTable rows={TXS} columns={COLUMNS} rowKey={(tx) => tx.hash} label="transactions" onOpen={onOpen} maxHeight={340} {...props} />);
  const grid = screen.getByRole('grid', { name: 'transactions' });
  return { user, onOpen, grid };
}

/** The cell the grid's aria-activedescendant names: its text, and its row's aria-rowindex (2 is the first row). */
function activeCell(grid: HTMLElement): { text: string; rowIndex: number } {
  const id = grid.getAttribute('aria-activedescendant');
  expect(id, 'the grid names an active cell').toBeTruthy();
  const cell = document.getElementById(id!);
  expect(cell, `the active cell ${id} is in the page`).not.toBeNull();
  expect(cell!.getAttribute('role')).toBe('gridcell');
  return { text: cell!.textContent ?? '', rowIndex: Number(cell!.closest('[role="row"]')!.getAttribute('aria-rowindex')) };
}

/** The body rows in the page, each as its cells' text (the header row left out). */
function shownRows(grid: HTMLElement): string[][] {
  return within(grid)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-rowindex') !== '1')
    .map((row) => within(row).getAllByRole('gridcell').map((cell) => cell.textContent ?? ''));
}

const blocksShown = (grid: HTMLElement) => shownRows(grid).map((cells) => cells[0]);

describe('DataTable', () => {
  it('counts one row in the singular: "1 transaction", "1 new log", never "1 transactions"', () => {
    const { unmount } = render(<DataTable rows={TXS.slice(0, 1)} columns={COLUMNS} rowKey={(tx) => tx.hash} label="transactions" />);
    expect(screen.getByText('1 transaction')).toBeTruthy();
    unmount();
    render(<DataTable rows={TXS.slice(0, 1)} columns={COLUMNS} rowKey={(tx) => tx.hash} label="new logs" />);
    expect(screen.getByText('1 new log')).toBeTruthy();
  });

  it('shows the header and only the rows in view, with the grid roles and counts', () => {
    const { grid } = renderTable();
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Block', 'Hash', 'Value', 'From']);
    expect(grid.getAttribute('aria-rowcount')).toBe('101');
    expect(grid.getAttribute('aria-colcount')).toBe('4');
    expect(grid.tabIndex).toBe(0);
    expect(screen.getByText('100 transactions')).toBeTruthy();
    const shown = shownRows(grid);
    expect(shown[0]).toEqual(['1000', hashOf(0), '0 wei', '0xa11ce00000000000000000000000000000000001']);
    // Virtual: the rows in view and a few more, not all 100.
    expect(shown.length).toBeGreaterThanOrEqual(10);
    expect(shown.length).toBeLessThan(40);
    expect(blocksShown(grid)).not.toContain('1099');
  });

  it('says so when there are no rows', () => {
    render(<DataTable rows={[]} columns={COLUMNS} rowKey={(tx) => tx.hash} label="transactions" emptyText="This block holds no transactions." />);
    expect(screen.getByRole('gridcell').textContent).toBe('This block holds no transactions.');
    expect(screen.getByRole('grid').hasAttribute('aria-activedescendant')).toBe(false);
  });

  describe('keyboard', () => {
    it('has one tab stop: the grid, after the filter box, with the first cell active', async () => {
      const { user, grid } = renderTable();
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Filter transactions' }));
      await user.tab();
      expect(document.activeElement).toBe(grid);
      expect(activeCell(grid)).toEqual({ text: '1000', rowIndex: 2 });
    });

    it('moves the active cell with the arrows and stops at the edges', async () => {
      const { user, grid } = renderTable();
      grid.focus();
      await user.keyboard('{ArrowUp}{ArrowLeft}');
      expect(activeCell(grid)).toEqual({ text: '1000', rowIndex: 2 });
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(activeCell(grid)).toEqual({ text: '1002', rowIndex: 4 });
      await user.keyboard('{ArrowRight}');
      expect(activeCell(grid)).toEqual({ text: hashOf(2), rowIndex: 4 });
      await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
      expect(activeCell(grid).text).toBe('0xa11ce00000000000000000000000000000000001');
      await user.keyboard('{ArrowLeft}{ArrowUp}');
      expect(activeCell(grid)).toEqual({ text: '370000000000000000 wei', rowIndex: 3 });
    });

    it('jumps with Home and End in the row, and with Ctrl+Home and Ctrl+End to the first and last row, which scrolls into view', async () => {
      const { user, grid } = renderTable();
      grid.focus();
      await user.keyboard('{ArrowDown}{End}');
      expect(activeCell(grid)).toEqual({ text: '0xa11ce00000000000000000000000000000000001', rowIndex: 3 });
      await user.keyboard('{Home}');
      expect(activeCell(grid)).toEqual({ text: '1001', rowIndex: 3 });
      await user.keyboard('{Control>}{End}{/Control}');
      // Row 100 is far out of view: the table scrolls to it, and then it is in the page.
      await screen.findByText('1099');
      expect(activeCell(grid)).toEqual({ text: '1099', rowIndex: 101 });
      expect(blocksShown(grid)).not.toContain('1000');
      await user.keyboard('{Control>}{Home}{/Control}');
      await screen.findByText('1000');
      expect(activeCell(grid)).toEqual({ text: '1000', rowIndex: 2 });
    });

    it('moves a page less one row with PageDown and PageUp', async () => {
      const { user, grid } = renderTable();
      grid.focus();
      await user.keyboard('{PageDown}');
      expect(activeCell(grid)).toEqual({ text: '1009', rowIndex: 11 });
      await user.keyboard('{PageDown}{PageDown}');
      await screen.findByText('1027');
      expect(activeCell(grid)).toEqual({ text: '1027', rowIndex: 29 });
      await user.keyboard('{PageUp}');
      expect(activeCell(grid)).toEqual({ text: '1018', rowIndex: 20 });
      await user.keyboard('{PageUp}{PageUp}{PageUp}');
      await screen.findByText('1000');
      expect(activeCell(grid)).toEqual({ text: '1000', rowIndex: 2 });
    });

    it('keeps the active row in view below the sticky header while moving down and up', async () => {
      // The header is 33 px tall in the app's stylesheet (32 px cells and a border): given that height here,
      // the rows start 33 px down the scroll box and the visible rows are those between the header and the bottom.
      const header = 33;
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
        return this.classList.contains('data-table-header') ? header : 0;
      });
      const { user, grid } = renderTable();
      const activeRowInView = () => {
        const row = document.getElementById(grid.getAttribute('aria-activedescendant')!)!.closest<HTMLElement>('[role="row"]')!;
        const top = header + Number(/translateY\((\d+)px\)/.exec(row.style.transform)![1]);
        return top >= grid.scrollTop + header && top + 34 <= grid.scrollTop + grid.clientHeight;
      };
      grid.focus();
      for (let step = 1; step <= 12; step += 1) {
        await user.keyboard('{ArrowDown}');
        await waitFor(() => expect(activeRowInView(), `row ${step} in view`).toBe(true));
      }
      await user.keyboard('{PageDown}');
      expect(activeCell(grid).text).toBe('1021');
      await waitFor(() => expect(activeRowInView(), 'row 21 in view').toBe(true));
      for (let step = 1; step <= 12; step += 1) {
        await user.keyboard('{ArrowUp}');
        await waitFor(() => expect(activeRowInView(), `row ${21 - step} in view`).toBe(true));
      }
      await user.keyboard('{Control>}{End}{/Control}');
      await waitFor(() => expect(activeRowInView(), 'the last row in view').toBe(true));
    });

    it('opens the active row with Enter, and a row with a double click', async () => {
      const { user, grid, onOpen } = renderTable();
      grid.focus();
      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{Enter}');
      expect(onOpen).toHaveBeenCalledTimes(1);
      expect(onOpen).toHaveBeenLastCalledWith(TXS[2]);
      await user.dblClick(screen.getByText('1005'));
      expect(onOpen).toHaveBeenLastCalledWith(TXS[5]);
    });

    it('makes a clicked cell the active one', async () => {
      const { user, grid } = renderTable();
      await user.click(screen.getByText(hashOf(4)));
      expect(document.activeElement).toBe(grid);
      expect(activeCell(grid)).toEqual({ text: hashOf(4), rowIndex: 6 });
    });

    it('copies the active cell with Ctrl+C and says what it copied', async () => {
      const { user, grid } = renderTable();
      grid.focus();
      await user.keyboard('{ArrowDown}{ArrowRight}{Control>}c{/Control}');
      await screen.findByText(`Copied Hash: ${hashOf(1)}`);
      await expect(navigator.clipboard.readText()).resolves.toBe(hashOf(1));
      await user.keyboard('{ArrowRight}{Meta>}c{/Meta}');
      await screen.findByText('Copied Value: 370000000000000000 wei');
      await expect(navigator.clipboard.readText()).resolves.toBe('370000000000000000 wei');
    });

    it('leaves Ctrl+C to the browser when text is selected', async () => {
      const { user, grid } = renderTable();
      await navigator.clipboard.writeText('before');
      grid.focus();
      const selection = window.getSelection()!;
      selection.selectAllChildren(screen.getByText(hashOf(3)));
      expect(selection.toString()).toBe(hashOf(3));
      await user.keyboard('{Control>}c{/Control}');
      await act(() => Promise.resolve());
      expect(screen.queryByText(/^Copied /)).toBeNull();
      await expect(navigator.clipboard.readText()).resolves.toBe('before');
      selection.removeAllRanges();
    });

    it('leaves the keys of a control inside a cell to that control', async () => {
      const onPick = vi.fn<(hash: string) => void>();
      const withButton: DataColumn<Tx>[] = [
        ...COLUMNS.slice(0, 2),
        { id: 'pick', header: 'Pick', value: () => 0, text: () => 'Pick', width: '80px', sortable: false, cell: (tx) => <button type="button" onClick={() => onPick(tx.hash)}>Pick</button> },
      ];
      const { user, grid, onOpen } = renderTable({ rows: TXS.slice(0, 3), columns: withButton });
      within(grid).getAllByRole('button', { name: 'Pick' })[1]!.focus();
      await user.keyboard('{Enter}{ArrowDown}');
      expect(onPick).toHaveBeenCalledWith(hashOf(1));
      expect(onOpen).not.toHaveBeenCalled();
      // The click made its cell the active one; the arrow, pressed on the button, moved nothing.
      expect(activeCell(grid)).toEqual({ text: 'Pick', rowIndex: 3 });
    });
  });

  describe('sorting', () => {
    it('sorts by a column, ascending then descending, and says so in aria-sort', async () => {
      const rows = TXS.slice(0, 5);
      const { user, grid } = renderTable({ rows });
      const valueHeader = screen.getByRole('columnheader', { name: /Value/ });
      expect(valueHeader.getAttribute('aria-sort')).toBe('none');
      // Values of rows 0..4: 0, 37, 74, 11, 48 (×10^16 wei).
      await user.click(within(valueHeader).getByRole('button', { name: /Value/ }));
      expect(valueHeader.getAttribute('aria-sort')).toBe('ascending');
      expect(blocksShown(grid)).toEqual(['1000', '1003', '1001', '1004', '1002']);
      await user.click(within(valueHeader).getByRole('button', { name: /Value/ }));
      expect(valueHeader.getAttribute('aria-sort')).toBe('descending');
      expect(blocksShown(grid)).toEqual(['1002', '1004', '1001', '1003', '1000']);
      // Another column takes over, and the first one no longer claims the sort.
      await user.click(screen.getByRole('button', { name: /Hash/ }));
      expect(valueHeader.getAttribute('aria-sort')).toBe('none');
      expect(screen.getByRole('columnheader', { name: /Hash/ }).getAttribute('aria-sort')).toBe('ascending');
      expect(blocksShown(grid)).toEqual(['1000', '1001', '1002', '1003', '1004']);
    });

    it('sorts from a click anywhere in the header cell, not only on its label, once per click', async () => {
      const { user, grid } = renderTable({ rows: TXS.slice(0, 5) });
      const valueHeader = screen.getByRole('columnheader', { name: /Value/ });
      // The cell itself, outside its label: the empty space a person aims at in a 160-pixel column.
      await user.click(valueHeader);
      expect(valueHeader.getAttribute('aria-sort')).toBe('ascending');
      expect(blocksShown(grid)).toEqual(['1000', '1003', '1001', '1004', '1002']);
      // The label's own click bubbles to the cell: one sort step, not two (it would land back on ascending).
      await user.click(within(valueHeader).getByRole('button', { name: /Value/ }));
      expect(valueHeader.getAttribute('aria-sort')).toBe('descending');
      // An unsortable column's cell does nothing.
      await user.click(screen.getByRole('columnheader', { name: 'From' }));
      expect(valueHeader.getAttribute('aria-sort')).toBe('descending');
    });

    it('sorts numbers as numbers and bigints past 2^53 exactly, from the keyboard too', async () => {
      const rows: Tx[] = [
        { hash: '0x01', block: 100, value: 2n ** 64n + 1n, from: 'a' },
        { hash: '0x02', block: 9, value: 2n ** 64n, from: 'b' },
        { hash: '0x03', block: 10, value: 5n, from: 'c' },
      ];
      const { user, grid, onOpen } = renderTable({ rows });
      screen.getByRole('button', { name: /Block/ }).focus();
      await user.keyboard('{Enter}');
      // As numbers: 9, 10, 100 (as text it would be 10, 100, 9).
      expect(blocksShown(grid)).toEqual(['9', '10', '100']);
      await user.keyboard('{Enter}');
      expect(blocksShown(grid)).toEqual(['100', '10', '9']);
      screen.getByRole('button', { name: /Value/ }).focus();
      await user.keyboard(' ');
      expect(shownRows(grid).map((cells) => cells[2])).toEqual(['5 wei', '18446744073709551616 wei', '18446744073709551617 wei']);
      // Enter belonged to the sort button: no row was opened, and the active cell stayed where it was.
      expect(onOpen).not.toHaveBeenCalled();
      expect(activeCell(grid).rowIndex).toBe(2);
    });

    it('starts with the initial sort, and a column marked unsortable has no sort button', () => {
      const { grid } = renderTable({ rows: TXS.slice(0, 3), initialSort: { id: 'block', desc: true } });
      expect(screen.getByRole('columnheader', { name: /Block/ }).getAttribute('aria-sort')).toBe('descending');
      expect(blocksShown(grid)).toEqual(['1002', '1001', '1000']);
      const from = screen.getByRole('columnheader', { name: 'From' });
      expect(from.hasAttribute('aria-sort')).toBe(false);
      expect(within(from).queryByRole('button')).toBeNull();
    });
  });

  describe('filtering', () => {
    it('keeps the rows whose text in any column contains the filter, in any case, and counts them', async () => {
      const { user, grid } = renderTable();
      const filter = screen.getByRole('searchbox', { name: 'Filter transactions' });
      // A sender (the last column), typed in another case with spaces around it.
      await user.type(filter, '  0xfeedFACE ');
      expect(blocksShown(grid)).toEqual(['1003', '1013', '1023', '1033', '1043', '1053', '1063', '1073', '1083', '1093']);
      expect(screen.getByText('10 of 100 transactions')).toBeTruthy();
      expect(grid.getAttribute('aria-rowcount')).toBe('11');
      // A hash (the second column) and a value (the third) match too.
      await user.clear(filter);
      await user.type(filter, hashOf(42).slice(0, 6));
      expect(blocksShown(grid)).toEqual(['1042']);
      await user.clear(filter);
      await user.type(filter, '99000000');
      expect(blocksShown(grid)).toEqual(['1027']);
    });

    it('says when nothing matches, and shows every row again once cleared', async () => {
      const { user, grid } = renderTable();
      const filter = screen.getByRole('searchbox', { name: 'Filter transactions' });
      await user.type(filter, 'no such thing');
      expect(within(grid).getByRole('gridcell').textContent).toBe('No transactions match “no such thing”.');
      expect(screen.getByText('0 of 100 transactions')).toBeTruthy();
      expect(grid.hasAttribute('aria-activedescendant')).toBe(false);
      await user.clear(filter);
      expect(screen.getByText('100 transactions')).toBeTruthy();
      expect(blocksShown(grid)[0]).toBe('1000');
    });

    it('makes the first matching row active, keeping the column', async () => {
      const { user, grid, onOpen } = renderTable();
      grid.focus();
      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}');
      await user.type(screen.getByRole('searchbox', { name: 'Filter transactions' }), '0xfeedface');
      expect(activeCell(grid)).toEqual({ text: hashOf(3), rowIndex: 2 });
      grid.focus();
      await user.keyboard('{ArrowDown}{Enter}');
      expect(onOpen).toHaveBeenLastCalledWith(TXS[13]);
    });
  });
});
