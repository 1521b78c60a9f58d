import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import type { ReceiptLog } from './tokenChangesOf';

/** Keys tried per mapping: enough for a busy transaction's addresses and arguments, few enough to hash quickly. */
const MAX_KEYS = 1024;

/**
 * The 32-byte words a transaction's mapping keys are likely among: every address of its call tree (callers,
 * callees), every word of each frame's arguments and return data, and every topic and data word of its logs. A
 * mapping's slot is keccak(key . slot), so a key can be named only when it is seen; these are where it is seen
 * on any node (a replay's own SHA3 preimages would find the rest). Pure.
 */
export function mappingKeysOf(root: CallFrame | undefined, logs: readonly ReceiptLog[]): `0x${string}`[] {
  const keys = new Set<string>();
  const addAddress = (address: string | undefined) => address && keys.add(`0x${address.slice(2).toLowerCase().padStart(64, '0')}`);
  const addWords = (hex: string | undefined, skip = 0) => {
    if (!hex) return;
    const body = hex.slice(2 + skip * 2);
    for (let at = 0; at + 64 <= body.length; at += 64) keys.add(`0x${body.slice(at, at + 64).toLowerCase()}`);
  };
  const stack = root ? [root] : [];
  while (stack.length > 0 && keys.size < MAX_KEYS) {
    const frame = stack.pop()!;
    addAddress(frame.from);
    addAddress(frame.to);
    // A creation's input is init code (its constructor's arguments are not told apart from it): not read.
    if (frame.kind !== 'create' && frame.kind !== 'create2') addWords(frame.input, 4);
    addWords(frame.output);
    stack.push(...frame.children);
  }
  for (const log of logs) {
    addAddress(log.address);
    for (const topic of log.topics.slice(1)) addWords(topic);
    addWords(log.data);
  }
  return [...keys].slice(0, MAX_KEYS) as `0x${string}`[];
}
