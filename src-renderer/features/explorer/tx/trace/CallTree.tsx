import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TraceView } from '../../../../../src-shared/trace/traceView';
import { CallTreeRow } from './CallTreeRow';
import { DETAILS_HEIGHT, FAILURE_HEIGHT, ROW_HEIGHT } from './callTreeSizes';
import { initiallyExpanded, keyOf, visibleFrames } from './visibleFrames';

/** Largest height of the tree's scrolling box, px. */
const MAX_HEIGHT = 560;

/**
 * The call tree as a tree grid: each frame whose ancestors are expanded is a row, and only the rows in view are in
 * the page (an 8,000-call tree scrolls as a ten-call one does). The frame where the revert began is marked, its path
 * expanded and scrolled into view. Keys: ↑ ↓ move, → expands (or steps in), ← collapses (or steps out), Enter shows
 * the row's raw input and output, Home and End jump. One tab stop.
 */
export function CallTree({ trace }: { trace: TraceView }) {
  const origin = trace.summary.revertOrigin;
  const originKey = origin ? keyOf(origin) : undefined;
  // The frames above the origin failed with its revert, passed up unchanged: they say so rather than repeat it.
  const passedOnKeys = useMemo(() => new Set(origin ? origin.map((_, i) => keyOf(origin.slice(0, i))) : []), [origin]);
  const [expanded, setExpanded] = useState(() => initiallyExpanded(trace.root, trace.summary.calls + 1, origin));
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => visibleFrames(trace.root, expanded), [trace.root, expanded]);
  const [activeKey, setActiveKey] = useState(originKey ?? 'r');
  const active = Math.max(0, rows.findIndex((row) => row.key === activeKey));
  const scrollRef = useRef<HTMLDivElement>(null);
  const id = useId();

  // eslint-disable-next-line react-hooks/incompatible-library -- as in DataTable: the virtualizer's functions are called only while rendering and from handlers
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index]!;
      const ownFailure = row.frame.error !== undefined && !passedOnKeys.has(row.key);
      return ROW_HEIGHT + (ownFailure ? FAILURE_HEIGHT : 0) + (opened.has(row.key) ? DETAILS_HEIGHT : 0);
    },
    getItemKey: (index) => rows[index]!.key,
    overscan: 12,
    // The rows follow the sticky header in the scroll box, which also covers the top row's height.
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
  });
  // Sizes come from estimateSize alone (a row is one line, a second for its own failure, and its fixed-height details): measured again
  // whenever a row's details open or close.
  useEffect(() => {
    virtualizer.measure();
  }, [opened, virtualizer]);

  // Where the revert began, in view once, when the tree is first drawn.
  const originIndex = originKey ? rows.findIndex((row) => row.key === originKey) : -1;
  const scrolledToOrigin = useRef(false);
  useEffect(() => {
    if (scrolledToOrigin.current || originIndex < 0) return;
    scrolledToOrigin.current = true;
    virtualizer.scrollToIndex(originIndex, { align: 'center' });
  }, [originIndex, virtualizer]);

  const toggle = useCallback((key: string, open?: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const toggleDetails = useCallback((key: string) => {
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  const moveTo = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setActiveKey(row.key);
    virtualizer.scrollToIndex(rows.indexOf(row), { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const row = rows[active];
    if (!row) return;
    const hasChildren = row.frame.children.length > 0;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      PageDown: () => moveTo(active + page),
      PageUp: () => moveTo(active - page),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ArrowRight: () => (hasChildren && !row.expanded ? toggle(row.key, true) : hasChildren ? moveTo(active + 1) : undefined),
      ArrowLeft: () => (row.expanded ? toggle(row.key, false) : row.path.length > 0 ? moveTo(rows.findIndex((other) => other.key === keyOf(row.path.slice(0, -1)))) : undefined),
      Enter: () => toggleDetails(row.key),
      ' ': () => toggleDetails(row.key),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <>
      <div
        ref={scrollRef}
        className="call-tree"
        style={{ maxHeight: MAX_HEIGHT }}
        role="treegrid"
        aria-label="Call tree"
        aria-rowcount={rows.length + 1}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-activedescendant={rows[active] ? `${id}-${rows[active].key}` : undefined}
      >
        <div className="call-tree-header" role="row" aria-rowindex={1}>
          <span role="columnheader">Call</span>
          <span role="columnheader" className="align-end">
            Value
          </span>
          <span role="columnheader" className="align-end">
            Gas used
          </span>
        </div>
        <div className="call-tree-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <CallTreeRow
                key={row.key}
                id={`${id}-${row.key}`}
                row={row}
                rowIndex={item.index + 2}
                top={item.start - ROW_HEIGHT}
                active={item.index === active}
                origin={row.key === originKey}
                passedOn={passedOnKeys.has(row.key)}
                detailsOpen={opened.has(row.key)}
                onToggle={toggle}
                onToggleDetails={toggleDetails}
                onActivate={setActiveKey}
              />
            );
          })}
        </div>
      </div>
      <p className="call-tree-hint muted">
        ↑ ↓ move through the calls, ← → fold and unfold them; Enter or <span className="mono">{'{…}'}</span> shows a call&apos;s raw input and output.
      </p>
    </>
  );
}
