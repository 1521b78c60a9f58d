import v8 from 'node:v8';

/** What {@link createGrowthCollector} reads and calls: the process's own by default. */
export interface HeapControls {
  /** A full collection, or undefined where the process does not allow one (no `--expose-gc`). */
  gc: (() => void) | undefined;
  /** The heap's size as the process holds it (V8's committed heap, garbage and freed pages it keeps included). */
  heapBytes: () => number;
}

const processHeap = (): HeapControls => ({ gc: (globalThis as { gc?: () => void }).gc, heapBytes: () => v8.getHeapStatistics().total_heap_size });

/**
 * Returns a check that asks for a full collection once the heap the process holds has grown by `growthBytes` since
 * the last one (or since it was made); it does nothing where the process allows no collection. The held size, not
 * the used one: V8 may have collected the garbage already and still keep its pages, which a forced collection gives
 * back.
 *
 * Why (the gas API): each suggestion reads blocks' fee history and receipts, answers that are garbage at once
 * but large enough to be kept outside the young generation until a full collection, which an idle process puts
 * off for seconds. The first suggestion (the whole window) left about 100 MB resident, and a burst of new
 * blocks (a chain fast-forwarded, a benchmark mining fifty) as much again: a 256 MiB upload on top of it peaked
 * at 252 MB RSS, 145 MB once that garbage was collected.
 */
export function createGrowthCollector(growthBytes: number, heap: HeapControls = processHeap()): () => void {
  const { gc, heapBytes } = heap;
  if (!gc) return () => {};
  let base = heapBytes();
  return () => {
    if (heapBytes() - base < growthBytes) return;
    gc();
    base = heapBytes();
  };
}
