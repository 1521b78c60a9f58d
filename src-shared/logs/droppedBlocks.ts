// Blocks a node no longer keeps (history expiry; the Local sandbox drops its older live blocks), as the log scans
// report them: what they held is not in their result, and the page says so.

/** Blocks passed over, both ends included, 0x hex. */
export interface DroppedBlocks {
  from: string;
  to: string;
}

/** Several scans' dropped blocks as one list: sorted, those that overlap or touch joined. Empty when there are none. */
export function mergeDropped(lists: readonly (readonly DroppedBlocks[] | undefined)[]): DroppedBlocks[] {
  const ranges = lists.flatMap((list) => list ?? []).map((range) => ({ from: BigInt(range.from), to: BigInt(range.to) }));
  ranges.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const merged: { from: bigint; to: bigint }[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.from <= last.to + 1n) last.to = range.to > last.to ? range.to : last.to;
    else merged.push({ ...range });
  }
  return merged.map((range) => ({ from: `0x${range.from.toString(16)}`, to: `0x${range.to.toString(16)}` }));
}

/** `{ dropped }` when there are any, else nothing: for views that carry it only when it happened. */
export const droppedField = (dropped: readonly DroppedBlocks[]): { dropped?: DroppedBlocks[] } => (dropped.length > 0 ? { dropped: [...dropped] } : {});
