import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';

/** One row of the call tree: a frame, where it sits, and whether its children show. */
export interface FrameRow {
  frame: TraceFrameView;
  /** Child indexes from the transaction's frame (`[]` for it). */
  path: number[];
  /** The path as text, a row's stable key (`r`, `r.0`, `r.0.1`). */
  key: string;
  expanded: boolean;
}

/** A frame's key from its path: `r` for the transaction's own, `r.0.1` for the second child of its first. */
export const keyOf = (path: readonly number[]) => ['r', ...path].join('.');

/** The rows a tree shows: each frame whose ancestors are all expanded, parents before their children, in call order. */
export function visibleFrames(root: TraceFrameView, expanded: ReadonlySet<string>): FrameRow[] {
  const rows: FrameRow[] = [];
  const stack: { frame: TraceFrameView; path: number[] }[] = [{ frame: root, path: [] }];
  while (stack.length > 0) {
    const { frame, path } = stack.pop()!;
    const key = keyOf(path);
    const open = expanded.has(key);
    rows.push({ frame, path, key, expanded: open });
    if (open) for (let i = frame.children.length - 1; i >= 0; i--) stack.push({ frame: frame.children[i]!, path: [...path, i] });
  }
  return rows;
}

/** How many frames a tree may hold and still open with every frame shown; a bigger one opens two levels deep. */
const OPEN_ALL_UP_TO = 500;

/** The frames expanded when a tree is first shown: all of a small tree, the first two levels of a big one, and always the path to `origin`. */
export function initiallyExpanded(root: TraceFrameView, frameCount: number, origin: readonly number[] | undefined): Set<string> {
  const all = frameCount <= OPEN_ALL_UP_TO;
  const expanded = new Set<string>();
  const stack: { frame: TraceFrameView; path: number[] }[] = [{ frame: root, path: [] }];
  while (stack.length > 0) {
    const { frame, path } = stack.pop()!;
    if (frame.children.length === 0 || (!all && path.length >= 2)) continue;
    expanded.add(keyOf(path));
    frame.children.forEach((child, i) => stack.push({ frame: child, path: [...path, i] }));
  }
  // The origin's ancestors, so it is in view; the origin itself stays as the rule above left it.
  if (origin) for (let i = 0; i < origin.length; i++) expanded.add(keyOf(origin.slice(0, i)));
  return expanded;
}
