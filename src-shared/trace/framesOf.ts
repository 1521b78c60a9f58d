import type { CallFrame } from './callFrame';

/** Every frame of a call tree, parents before their children (depth first, in call order). */
export function framesOf(root: CallFrame): CallFrame[] {
  const frames: CallFrame[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    frames.push(frame);
    for (let i = frame.children.length - 1; i >= 0; i--) stack.push(frame.children[i]!);
  }
  return frames;
}

/** The frame a path of child indexes leads to from `root` (`[]`: `root` itself), or undefined where the path leaves the tree. */
export function frameAt(root: CallFrame, path: readonly number[]): CallFrame | undefined {
  let frame: CallFrame | undefined = root;
  for (const index of path) frame = frame?.children[index];
  return frame;
}
