/**
 * Calls for a full garbage collection after every `everyBytes` of data went through (when the process runs
 * with `--expose-gc`, as the app and the benchmarks start the sandbox; otherwise it does nothing).
 *
 * Why: an upload allocates about four times its size in short-lived buffers (socket chunks, 256 KiB
 * chunks, the UnixFS and dag-pb encodings). Their memory lives outside V8's heap, and V8 collects it only
 * once about 64 MB more of it has piled up; measured on a 256 MiB `add`, the sandbox's RSS then peaked
 * near 220 MB, and with a collection every 32 MiB near 150 MB, at a few percent of the upload's speed.
 */
export function createGcPacer(everyBytes: number): (bytes: number) => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return () => {};
  let sinceLast = 0;
  return (bytes) => {
    sinceLast += bytes;
    if (sinceLast < everyBytes) return;
    sinceLast = 0;
    gc();
  };
}
