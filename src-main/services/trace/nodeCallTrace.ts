import type { CallFrame } from '../../../src-shared/trace/callFrame';
import { CallTracerAnswerError, fromCallTracer } from '../../../src-shared/trace/fromCallTracer';
import { findErrorOfKind } from '../errors/blockglassError';
import type { RpcRequest } from './replay/rpcRequest';

/**
 * Failures that say nothing of whether the node offers a call tracer (it is down, slow, rate-limited, the key is
 * refused, the work was cancelled): they end the request as they are, and the node is asked again next time.
 */
const NOT_AN_ANSWER = ['unreachable', 'timeout', 'limit', 'credentials', 'cancelled'] as const;

/**
 * The node's own call tree of a mined transaction (`debug_traceTransaction` with `callTracer`), or undefined where the
 * node offers none: the method refused (the hosted service, the sandbox's gateway), the tracer refused (Hardhat 2
 * traces with its default tracer only), or an answer that is not a call tree (Ganache 7 ignores the tracer and
 * answers opcode logs).
 */
export async function nodeCallTrace(request: RpcRequest, hash: `0x${string}`, signal?: AbortSignal): Promise<CallFrame | undefined> {
  let answer: unknown;
  try {
    answer = await request('debug_traceTransaction', [hash, { tracer: 'callTracer' }], signal);
  } catch (error) {
    if (findErrorOfKind(error, ...NOT_AN_ANSWER) !== null || signal?.aborted) throw error;
    return undefined;
  }
  let frame: CallFrame;
  try {
    frame = fromCallTracer(answer);
  } catch (error) {
    if (error instanceof CallTracerAnswerError) return undefined;
    throw error;
  }
  // The transaction's own frame as geth states it: its gas limit and the receipt's gas used. Anvil's tracer gives the
  // gas left after the intrinsic cost, and counts gas used from the block's start.
  const [transaction, receipt] = (await Promise.all([request('eth_getTransactionByHash', [hash], signal), request('eth_getTransactionReceipt', [hash], signal)])) as [
    { gas?: `0x${string}` } | null,
    { gasUsed?: `0x${string}` } | null,
  ];
  const quantity = (hex: `0x${string}` | undefined) => (hex ? { value: `0x${BigInt(hex).toString(16)}` as const } : undefined);
  const gas = quantity(transaction?.gas);
  const gasUsed = quantity(receipt?.gasUsed);
  return { ...frame, ...(gas ? { gas: gas.value } : {}), ...(gasUsed ? { gasUsed: gasUsed.value } : {}) };
}
