// SECURITY: the address may carry a key (the hosted service's, put in where `{key}` stands); every failure goes
// through `nodeError` with that key among the secrets, so no message, log line or error data holds it.
import type { NetworkFamily } from '../../../src-shared/networks/network';
import { BlockglassError } from '../errors/blockglassError';
import { createHttpAgent } from '../rpc/createHttpAgent';
import { createLeanRpcClient } from '../rpc/createLeanRpcClient';
import { nodeError } from '../rpc/nodeError';
import { parseChainId } from '../rpc/parseChainId';

/** How long the form waits for a node it is adding: long enough for a remote node, short enough to type it instead. */
export const CHAIN_ID_TIMEOUT_MS = 8_000;

/** The chain id could not be read from the address typed; the person types it instead. */
export class ChainIdUnreadableError extends BlockglassError {
  override name = 'ChainIdUnreadableError';
  constructor(message: string, details: string, cause?: unknown) {
    super(message, { code: 'BAD_ANSWER', details, ...(cause !== undefined ? { cause } : {}) });
  }
}

/**
 * The chain id a node at `rpcUrl` (http or https, the key already put in) reports: `eth_chainId`, or
 * `starknet_chainId` for Starknet; a number for EVM, a 0x felt for Starknet. Throws the node's failure classified
 * and redacted (nothing answers, refused, timed out), or a ChainIdUnreadableError when its answer is no chain id.
 */
export async function readChainIdAt(rpcUrl: string, family: NetworkFamily, options: { secrets: readonly string[]; signal?: AbortSignal; timeoutMs?: number }): Promise<number | string> {
  const timeoutMs = options.timeoutMs ?? CHAIN_ID_TIMEOUT_MS;
  const agent = createHttpAgent({ timeoutMs });
  const method = family === 'starknet' ? 'starknet_chainId' : 'eth_chainId';
  try {
    const client = createLeanRpcClient(rpcUrl, { dispatcher: agent.dispatcher, timeoutMs, maxResponseBytes: 64 * 1024 });
    let answer: unknown;
    try {
      answer = await client.request({ method, params: [] }, { signal: options.signal });
    } catch (error) {
      throw nodeError(error, { secrets: options.secrets, method, timeoutMs, url: rpcUrl });
    }
    const chainId = parseChainId(family, answer);
    if (chainId === undefined) {
      const said = typeof answer === 'string' ? answer.slice(0, 80) : typeof answer;
      throw new ChainIdUnreadableError(`The node's answer to ${method} is not a chain id`, `It answered ${said}. Type the chain id.`);
    }
    return chainId;
  } finally {
    void agent.close().catch(() => {});
  }
}
