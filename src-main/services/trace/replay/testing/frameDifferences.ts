import type { CallFrame } from '../../../../../src-shared/trace/callFrame';

/** The fields a replayed frame must share with the node's `callTracer` frame. */
const FIELDS = ['kind', 'from', 'to', 'value', 'input', 'output', 'error', 'gas', 'gasUsed'] as const;

/**
 * Every field where two call trees differ, each as `path.field: ours != theirs` (path: child indexes from the
 * transaction's frame, e.g. `0.2.1`), children compared recursively. Both trees are already in the one model, so
 * nothing is normalised here.
 */
export function frameDifferences(ours: CallFrame, theirs: CallFrame, path = '0'): string[] {
  const found: string[] = [];
  for (const field of FIELDS) {
    if (ours[field] !== theirs[field]) found.push(`${path}.${field}: ${String(ours[field])} != ${String(theirs[field])}`);
  }
  if (ours.children.length !== theirs.children.length) {
    found.push(`${path}.children: ${ours.children.length} != ${theirs.children.length}`);
  }
  const shared = Math.min(ours.children.length, theirs.children.length);
  for (let i = 0; i < shared; i++) found.push(...frameDifferences(ours.children[i]!, theirs.children[i]!, `${path}.${i}`));
  return found;
}
