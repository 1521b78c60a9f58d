/** A frame of a call tree, as much as finding who touched an address needs (the shape of `CallFrame`). */
export interface TouchFrame {
  kind: string;
  to?: string;
  value: string;
  error?: string;
  children: TouchFrame[];
}

/**
 * A mined transaction's call tree (the trace service's: the node's callTracer, else a replay here); `trusted` is
 * false where a replay did not reproduce the receipt (its frames are not the truth).
 */
export type CallTreeOf = (networkId: string, hash: `0x${string}`, signal: AbortSignal) => Promise<{ root: TouchFrame; trusted: boolean }>;

/** Transactions in a block at most whose call trees are read to name an internal change (each may be a replay of the block up to it). */
export const MAX_TRACED_PER_BLOCK = 8;
/** Call trees read at most in one scan; past it, an internal change is said of its block. */
export const MAX_TRACED_PER_SCAN = 40;

/**
 * Whether a transaction's call tree reaches `address` below its own frame (a call into it, a creation of it, a
 * self-destruct paying it), and the value those calls sent it. Frames that failed are left out with what they
 * called: their effects were undone. A delegate call runs another's code in the caller: it does not touch the callee.
 */
export function internalTouch(root: TouchFrame, address: string): { touched: boolean; value: bigint } {
  const me = address.toLowerCase();
  let touched = false;
  let value = 0n;
  const walk = (frame: TouchFrame, depth: number) => {
    if (frame.error !== undefined) return;
    if (depth > 0 && frame.to?.toLowerCase() === me && frame.kind !== 'delegatecall' && frame.kind !== 'staticcall') {
      touched = true;
      value += BigInt(frame.value || '0x0');
    }
    for (const child of frame.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return { touched, value };
}
