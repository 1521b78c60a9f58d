/**
 * Kubo's order of the directory lines at the end of an `add`: a depth-first walk that lists a directory
 * after everything below it, siblings by name. Paths are '/'-separated; '' (the wrapping directory) is last.
 */
export function compareKuboDirectoryOrder(a: string, b: string): number {
  const left = a === '' ? [] : a.split('/');
  const right = b === '' ? [] : b.split('/');
  const shared = Math.min(left.length, right.length);
  for (let index = 0; index < shared; index += 1) {
    const x = left[index]!;
    const y = right[index]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  // One is an ancestor of the other: the deeper one comes first.
  return right.length - left.length;
}
