/**
 * Calls for a full garbage collection once the first `firstAfterBytes` of data went through, then after every
 * `everyBytes` more (when the process runs with `--expose-gc`, as the app and the benchmarks start the sandbox;
 * otherwise it does nothing). `firstAfterBytes` defaults to `everyBytes`.
 *
 * Why: an upload allocates about four times its size in short-lived buffers (socket chunks, 256 KiB
 * chunks, the UnixFS and dag-pb encodings). Their memory lives outside V8's heap, and V8 collects it only
 * once about 64 MB more of it has piled up; measured on a 256 MiB `add`, the sandbox's RSS then peaked
 * near 220 MB, and with a collection every 32 MiB near 150 MB, at a few percent of the upload's speed.
 *
 * Why an early first one: an idle process collects nothing, so garbage it made before the upload stays in its
 * heap until the first collection. The sandbox's gas API reads ~100 MB of fee history and receipts as it starts,
 * left uncollected while nothing else runs; an upload that piled its first 32 MiB (×4) on top of that peaked at
 * 240-265 MB. Collecting after the first few MiB costs one collection per upload and starts it from a clean heap.
 */
export function createGcPacer(everyBytes: number, firstAfterBytes = everyBytes): (bytes: number) => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return () => {};
  let untilNext = firstAfterBytes;
  return (bytes) => {
    untilNext -= bytes;
    if (untilNext > 0) return;
    untilNext = everyBytes;
    gc();
  };
}
