import { elementScroll, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { countOf } from '../../../src-shared/text/countOf';
import { groupDigits } from '../../../src-shared/text/groupDigits';
import { singularOf } from '../../../src-shared/text/singularOf';
import { useAfterFirstPaint } from '../AfterFirstPaint';
import { Icon } from '../Icon';
import './DataTable.css';
import { observeRectAfterLayout } from './observeRectAfterLayout';
import { filterRows, sortRows, type TableSort } from './tableRows';

/** One column of a {@link DataTable}. */
export interface DataColumn<Row> {
  id: string;
  header: string;
  /** The value sorting compares (numbers and bigints compare as numbers). */
  value: (row: Row) => string | number | bigint;
  /** The cell's plain text: what the filter searches and what copying a cell puts on the clipboard. */
  text: (row: Row) => string;
  /** How the cell looks; its text when absent. */
  cell?: (row: Row) => ReactNode;
  /** The CSS grid track of the column: `120px`, `minmax(160px, 2fr)`. */
  width: string;
  align?: 'start' | 'end';
  sortable?: boolean;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What the table lists, for screen readers and the empty and filter texts (`transactions`). */
  label: string;
  /** One of what it lists, for a count of 1 (`1 transaction`); made from `label` when absent. */
  labelOne?: string;
  /** Enter or a double click on a row. */
  onOpen?: (row: Row) => void;
  rowHeight?: number;
  /** Largest height of the scrolling body, px. */
  maxHeight?: number;
  /** Sort applied first. */
  initialSort?: TableSort;
  /** What to say when there are no rows at all. */
  emptyText?: string;
}

/**
 * A virtual data table: only the rows in view are in the page, so 100,000 rows scroll smoothly. Sortable
 * columns (click anywhere in a header cell, or Enter on it), a filter box over every column's text, a sticky header, and
 * keyboard navigation: arrows move the active cell, Home/End jump, Enter opens the row, Ctrl/⌘+C copies the
 * active cell. The grid has one tab stop.
 */
export function DataTable<Row>({ rows, columns, rowKey, label, labelOne, onOpen, rowHeight = 34, maxHeight = 560, initialSort, emptyText }: DataTableProps<Row>) {
  const [sortedBy, setSortedBy] = useState<TableSort | undefined>(initialSort);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState<{ row: number; column: number }>({ row: 0, column: 0 });
  const [copied, setCopied] = useState<string | undefined>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const filterId = useId();

  // The person's rows themselves, filtered then sorted: no wrapper object per row (100,000 rows of a log query
  // would carry tens of MB of them), each step kept until its inputs change.
  const filtered = useMemo(() => filterRows(rows, columns, filter), [rows, columns, filter]);
  const visible = useMemo(() => sortRows(filtered, columns, sortedBy), [filtered, columns, sortedBy]);

  // The sticky header sits in the scroll box above the rows, which the virtualizer places from 0: scrolling a
  // row to the bottom edge must also clear the header's height, or the row stopped just under the edge, out of view.
  // Measured when a key scrolls (move), not when the table is first drawn: reading it then forced the page's layout
  // in the middle of its first commit, and the state it set drew the table twice before its first frame.
  const headerRef = useRef<HTMLDivElement>(null);
  const headerHeight = useRef(0);
  // Most of the rows drawn ahead beyond the box's edge (for scrolling) wait for the table's first frame: it holds the
  // rows in view and a few more.
  const painted = useAfterFirstPaint();
  // eslint-disable-next-line react-hooks/incompatible-library -- the React Compiler would skip this component (the virtualizer's functions change without a new identity); this app does not run the compiler, and the table calls them only while rendering and from event handlers
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: painted ? 12 : 4,
    scrollPaddingEnd: headerHeight.current,
    // The box is at most `maxHeight` tall: its rows in view are drawn in the first commit, its size read after layout.
    initialRect: { width: 0, height: maxHeight },
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollUnlessNew,
  });
  const template = columns.map((column) => column.width).join(' ');
  // Every row is its own grid: they line up only if all are equally wide. Below the columns' minimums the
  // table scrolls sideways; `max-content` here made each row as wide as its own text, and long cells shifted.
  const minWidth = columns.reduce((sum, column) => sum + minTrackPx(column.width), 0);
  const activeRow = Math.min(active.row, Math.max(0, visible.length - 1));

  const move = useCallback(
    (row: number, column: number) => {
      const next = { row: Math.max(0, Math.min(visible.length - 1, row)), column: Math.max(0, Math.min(columns.length - 1, column)) };
      setActive(next);
      headerHeight.current = headerRef.current?.offsetHeight ?? 0;
      virtualizer.options.scrollPaddingEnd = headerHeight.current; // this scroll's, and every render's after it
      virtualizer.scrollToIndex(next.row, { align: 'auto' });
    },
    [visible.length, columns.length, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only the grid's own keys: Enter on a header's sort button (or a link in a cell) is that control's, and
    // taking it here opened the active row instead of sorting.
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(activeRow + 1, active.column),
      ArrowUp: () => move(activeRow - 1, active.column),
      ArrowRight: () => move(activeRow, active.column + 1),
      ArrowLeft: () => move(activeRow, active.column - 1),
      PageDown: () => move(activeRow + page, active.column),
      PageUp: () => move(activeRow - page, active.column),
      Home: () => move(event.ctrlKey || event.metaKey ? 0 : activeRow, event.ctrlKey || event.metaKey ? active.column : 0),
      End: () => move(event.ctrlKey || event.metaKey ? visible.length - 1 : activeRow, event.ctrlKey || event.metaKey ? active.column : columns.length - 1),
      Enter: () => {
        const row = visible[activeRow];
        if (row && onOpen) onOpen(row);
      },
    };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      const row = visible[activeRow];
      const column = columns[active.column];
      if (row && column && window.getSelection()?.toString() === '') {
        const text = column.text(row);
        event.preventDefault();
        navigator.clipboard.writeText(text).then(() => setCopied(`Copied ${column.header}: ${text}`), () => undefined);
      }
      return;
    }
    const action = keys[event.key];
    if (action && visible.length > 0) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div className="data-table">
      <div className="data-table-toolbar">
        <label htmlFor={filterId} className="visually-hidden">
          Filter {label}
        </label>
        <span className="data-table-filter">
          <Icon name="search" size={14} />
          <input
            id={filterId}
            className="input data-table-filter-input"
            type="search"
            placeholder={`Filter ${label}`}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setActive({ row: 0, column: active.column });
            }}
          />
        </span>
        <span className="data-table-count muted" aria-live="polite">
          {filter.trim() ? `${groupDigits(visible.length)} of ${countOf(rows.length, labelOne ?? singularOf(label), label)}` : countOf(rows.length, labelOne ?? singularOf(label), label)}
        </span>
        <span className="visually-hidden" aria-live="polite">
          {copied}
        </span>
      </div>
      <div
        ref={scrollRef}
        className="data-table-scroll"
        style={{ maxHeight }}
        role="grid"
        aria-label={label}
        aria-rowcount={visible.length + 1}
        aria-colcount={columns.length}
        tabIndex={0}
        onKeyDown={onKeyDown}
        // Only a cell that is rendered: scrolled past (the rows are virtualized), the active row is out of the page, and an
        // id that names nothing is an invalid reference. Moving with the keys scrolls it back and names it again.
        aria-activedescendant={visible[activeRow] && virtualizer.getVirtualItems().some((item) => item.index === activeRow) ? `${filterId}-r${activeRow}-c${active.column}` : undefined}
      >
        <div ref={headerRef} className="data-table-header" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
          {columns.map((column) => {
            const direction = sortedBy?.id === column.id ? (sortedBy.desc ? 'descending' : 'ascending') : 'none';
            return (
              // The whole cell sorts, not only its label: the click is taken on the header cell (the button's own
              // click, from a pointer or from Enter and Space, bubbles here), and the button spans the cell.
              <div
                key={column.id}
                role="columnheader"
                aria-sort={column.sortable === false ? undefined : direction}
                className={`data-table-th${column.align === 'end' ? ' align-end' : ''}${column.sortable === false ? '' : ' is-sortable'}`}
                onClick={column.sortable === false ? undefined : () => setSortedBy({ id: column.id, desc: direction === 'ascending' })}
              >
                {column.sortable === false ? (
                  column.header
                ) : (
                  <button type="button" className="data-table-sort" title={`Sort by ${column.header}`}>
                    <span className="data-table-sort-label">{column.header}</span>
                    <span className="data-table-sort-mark" aria-hidden="true">
                      {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
                    </span>
                  </button>
                )}
              </div>
            );
          })}
        </div>
        {visible.length === 0 ? (
          <div className="data-table-empty muted" role="row">
            <span role="gridcell">{filter.trim() ? `No ${label} match “${filter.trim()}”.` : (emptyText ?? `No ${label}.`)}</span>
          </div>
        ) : (
          <div className="data-table-body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = visible[item.index]!;
              return (
                <div
                  key={rowKey(row)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={`data-table-row${item.index === activeRow ? ' is-active' : ''}`}
                  style={{ transform: `translateY(${item.start}px)`, height: rowHeight, gridTemplateColumns: template, minWidth }}
                  // After the cell's own click (it bubbles here): keep the column that click chose.
                  onClick={() => setActive((current) => ({ row: item.index, column: current.column }))}
                  onDoubleClick={() => onOpen?.(row)}
                >
                  {columns.map((column, columnIndex) => (
                    <div
                      key={column.id}
                      id={`${filterId}-r${item.index}-c${columnIndex}`}
                      role="gridcell"
                      className={`data-table-td${column.align === 'end' ? ' align-end' : ''}${item.index === activeRow && columnIndex === active.column ? ' is-active-cell' : ''}`}
                      onClick={() => setActive({ row: item.index, column: columnIndex })}
                    >
                      {column.cell ? column.cell(row) : column.text(row)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The virtualizer's scroll, but not its first: as it takes its box it scrolls it to where it starts (0), which a box
 * just made already is at, and the scroll forced the page's layout in the middle of the table's first commit.
 */
function scrollUnlessNew(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Parameters<typeof elementScroll<HTMLDivElement>>[2]): void {
  const element = instance.scrollElement;
  if (element && !scrolled.has(element)) {
    scrolled.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
const scrolled = new WeakSet<Element>();

/** The least width a column track takes, px: `120px` is 120, `minmax(160px, 2fr)` 160, anything else 0. */
export function minTrackPx(width: string): number {
  const match = /^\s*(?:minmax\(\s*)?(\d+(?:\.\d+)?)px/.exec(width);
  return match ? Number(match[1]) : 0;
}
