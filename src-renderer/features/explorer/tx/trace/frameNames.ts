import type { DecodedArg } from '../../../../../src-shared/decoding/types';
import { formatTokenAmount } from '../../../../lib/formatChain';
import type { TraceFrameView, TraceView } from '../../../../../src-shared/trace/traceView';
import { frameAt } from '../../../../../src-shared/trace/framesOf';
import { checksumAddress } from '../../../../../src-shared/chain/checksumAddresses';
import { shortHex } from '../../../../../src-shared/text/shortHex';

/** Who a frame called, in words: its contract name and label (`TraceToken · Glass token`), else its address cut short. */
export function calleeName(frame: TraceFrameView): string {
  const names = [frame.contract, frame.label].filter((name, index, all): name is string => !!name && all.indexOf(name) === index);
  if (names.length > 0) return names.join(' · ');
  return frame.to ? shortHex(checksumAddress(frame.to)) : 'a contract not created';
}

/** What a frame ran: its decoded function's name, `constructor` for a creation, else its 4-byte selector raw (`0xa9059cbb`). */
export function functionName(frame: TraceFrameView): string | undefined {
  if (frame.kind === 'create' || frame.kind === 'create2') return 'constructor';
  if (frame.call?.status === 'decoded') return frame.call.name;
  return frame.input.length >= 10 ? frame.input.slice(0, 10) : undefined;
}

/** A frame as `Contract.function` (`TraceToken.transfer`): the contract name (else its label, else its address) and what it ran. */
export function frameName(frame: TraceFrameView): string {
  const fn = functionName(frame);
  const callee = frame.contract ?? frame.label ?? (frame.to ? shortHex(checksumAddress(frame.to)) : 'a new contract');
  return fn ? `${callee}.${fn}` : callee;
}

/** Why a frame failed, in words: its revert decoded when it reverted, else the node's words (`out of gas`, `invalid opcode`). */
export function failureReason(frame: TraceFrameView): string {
  if (frame.error !== undefined && frame.error !== 'execution reverted') return frame.error;
  return frame.revert?.message ?? frame.error ?? 'no reason given';
}

/**
 * Where a failure began and why, as a headline says it: `Reverted in TraceToken.transfer, called by TraceVault.pay:
 * ERC20InsufficientBalance(…)`, `Ran out of gas in TracePool.redeem, called by TraceRouter.redeem`, or for another
 * failure (an invalid opcode, a stack underflow) `Failed in …: <the node's words>`.
 */
export function failedIn(origin: TraceFrameView, caller: TraceFrameView): string {
  const place = `${frameName(origin)}, called by ${frameName(caller)}`;
  if (origin.error?.startsWith('out of gas')) return `Ran out of gas in ${place}`;
  if (origin.error === undefined || origin.error === 'execution reverted') return `Reverted in ${place}: ${failureReason(origin)}`;
  return `Failed in ${place}: ${failureReason(origin)}`;
}

/** Where a failed transaction's revert began, as a headline says it, when the trace can be believed and the revert began below the transaction's own frame. */
export function revertPlace(trace: TraceView): string | undefined {
  const path = trace.summary.revertOrigin;
  if (!path || path.length === 0 || trace.check?.matchesReceipt === false) return undefined;
  const origin = frameAt(trace.root, path) as TraceFrameView | undefined;
  const caller = frameAt(trace.root, path.slice(0, -1)) as TraceFrameView | undefined;
  if (!origin || !caller) return undefined;
  return failedIn(origin, caller);
}

/** One call on the way from the transaction to the frame where its revert began, as a case file lists it. */
export interface RevertStep {
  depth: number;
  /** `Contract.function`, as {@link frameName} says it. */
  call: string;
  /** The callee's address, checksummed (absent for a creation that made none). */
  to?: string;
  /** The node's words for the frame's failure. */
  error?: string;
}

/**
 * The calls from the transaction's own frame down to the one where its revert began (that one last, with its revert
 * decoded as `reason`), when the trace can be believed; undefined for a transaction that did not fail.
 */
export function revertPath(trace: TraceView): { steps: RevertStep[]; reason: string } | undefined {
  const path = trace.summary.revertOrigin;
  if (!path || trace.check?.matchesReceipt === false) return undefined;
  const steps: RevertStep[] = [];
  for (let length = 0; length <= path.length; length++) {
    const frame = frameAt(trace.root, path.slice(0, length)) as TraceFrameView | undefined;
    if (!frame) return undefined;
    steps.push({ depth: frame.depth, call: frameName(frame), ...(frame.to ? { to: checksumAddress(frame.to) } : {}), ...(frame.error ? { error: frame.error } : {}) });
  }
  const origin = frameAt(trace.root, path) as TraceFrameView;
  return { steps, reason: failureReason(origin) };
}

/**
 * A decoded argument as a row shows it: a token amount in the token's units (`1,000 TRC`), addresses and long hex
 * cut short, lists and tuples as compact JSON.
 */
function argText({ value, units }: DecodedArg): string {
  if (units && typeof value === 'string' && /^\d+$/.test(value)) return formatTokenAmount(value, units.decimals, units.symbol);
  if (typeof value === 'string') return /^0x[0-9a-fA-F]{40,}$/.test(value) ? shortHex(value) : value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** What a frame ran, as `name(arg: value, …)` (arguments without a name by value alone), else its raw selector, else what it sent. */
export function callText(frame: TraceFrameView): string {
  if (frame.call?.status === 'decoded' && frame.kind !== 'create' && frame.kind !== 'create2') {
    return `${frame.call.name}(${frame.call.args.map((arg) => `${/^arg\d+$/.test(arg.name) || arg.name === '' ? '' : `${arg.name}: `}${argText(arg)}`).join(', ')})`;
  }
  return functionName(frame) ?? (BigInt(frame.value) > 0n ? '(ETH sent, no data)' : '(no data)');
}
