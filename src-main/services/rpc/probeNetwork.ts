import type { ApiError } from '../../../src-shared/api/apiError';
import type { HealthReport } from '../../../src-shared/api/networks';
import type { NetworkWithCredentials } from './networkWithCredentials';
import { chainIdMismatchError } from './chainIdMismatchError';
import { parseChainId } from './parseChainId';
import { parseEvmHead, parseStarknetHead } from './parseHead';

/** Sends one JSON-RPC request of the resolved network (retries included); throws viem's errors. */
/** JSON-RPC params: positional (an array), or by name (an object, as Starknet's `starknet_call` is written in the service's spec). */
export type RpcParams = unknown[] | Record<string, unknown>;

export type SendRequest = (resolved: NetworkWithCredentials, method: string, params: RpcParams, signal?: AbortSignal) => Promise<unknown>;

/** What {@link probeNetwork} needs. */
export interface ProbeDeps {
  send: SendRequest;
  /** A failure as the plain, redacted error a health report carries (see `nodeError`). */
  toError: (error: unknown, resolved: NetworkWithCredentials) => ApiError;
  now?: () => number;
}

/**
 * Probes a resolved network once: chain id and latest block, sent together (one HTTP batch), timed as one
 * round trip. Never throws: a failure is the report's `error`; a node on another chain gives `ok: false`
 * with `chainIdMismatch` and a `ChainIdMismatchError` (the head is still reported). With `what: 'chainId'` it
 * asks the chain id only: the cheap probe that measures latency while heads come over a WebSocket.
 */
export async function probeNetwork(resolved: NetworkWithCredentials, deps: ProbeDeps, signal?: AbortSignal, what: 'head' | 'chainId' = 'head'): Promise<HealthReport> {
  const now = deps.now ?? Date.now;
  const { network } = resolved;
  const base = { networkId: network.id, expectedChainId: network.chainId, chainIdMismatch: false } as const;
  const evm = network.family === 'evm';
  const started = performance.now();
  let answers: [unknown, unknown];
  try {
    answers = await Promise.all([
      deps.send(resolved, evm ? 'eth_chainId' : 'starknet_chainId', [], signal),
      what === 'chainId'
        ? undefined
        : evm
          ? deps.send(resolved, 'eth_getBlockByNumber', ['latest', false], signal)
          : deps.send(resolved, 'starknet_getBlockWithTxHashes', ['latest'], signal),
    ]);
  } catch (error) {
    return { ...base, ok: false, error: deps.toError(error, resolved), checkedAt: now() };
  }
  const latencyMs = Math.round(performance.now() - started);
  const chainId = parseChainId(network.family, answers[0]);
  const head = evm ? parseEvmHead(answers[1]) : parseStarknetHead(answers[1]);
  if (chainId === undefined) {
    return { ...base, ok: false, latencyMs, error: unexpectedAnswer(evm ? 'eth_chainId' : 'starknet_chainId'), checkedAt: now() };
  }
  const report: HealthReport = { ...base, ok: true, chainId, latencyMs, checkedAt: now(), ...(head ? { head } : {}) };
  if (chainId !== network.chainId) {
    return { ...report, ok: false, chainIdMismatch: true, error: chainIdMismatchError(network.name, network.chainId, chainId) };
  }
  return report;
}

function unexpectedAnswer(method: string): ApiError {
  return {
    name: 'UnexpectedAnswerError',
    kind: 'badAnswer',
    code: 'UNEXPECTED_ANSWER',
    shortMessage: `The node's answer to ${method} is not a chain id.`,
    details: 'The address may not be a JSON-RPC endpoint of this network family.',
  };
}
