import { FeeHistoryWindow, type FeeHistoryRpc } from '../../../src-shared/gas/feeHistoryWindow';
import { baseFeeRange, nextBaseFee } from '../../../src-shared/gas/nextBaseFee';
import { suggestGasFees } from '../../../src-shared/gas/suggestGasFees';
import { FEE_LEVELS } from '../../../src-shared/gas/feeSuggestion';
import { waitForLevel, type BlockCadence } from '../../../src-shared/gas/blockCadence';
import type { FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import type { GasHead, GasSnapshot, GasSource } from '../../../src-shared/gas/gasTypes';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcParams } from '../rpc/probeNetwork';
import type { GasRequest, NetworkWithCredentials } from '../rpc/networkWithCredentials';
import { fetchGasSuggestion, type FetchedSuggestion } from './fetchGasSuggestion';
import { GasApiError, GasUnsupportedError } from './gasErrors';
import { createCadenceReader } from './readBlockCadence';
import { walkCauses } from '../errors/blockglassError';

/** How many blocks after the next one the base-fee range covers. */
export const RANGE_BLOCKS = 5;

/** What a poller needs: the network with its credentials, and JSON-RPC to it. */
export interface GasPollerDeps {
  resolve(networkId: string): Promise<NetworkWithCredentials>;
  request<T>(networkId: string, method: string, params: RpcParams, options?: { signal?: AbortSignal }): Promise<T>;
  /** Fetches from the gas API (tests may point it elsewhere). */
  fetchSuggestion?: (gas: GasRequest, options: { signal?: AbortSignal }) => Promise<FetchedSuggestion>;
}

/** A snapshot before alerts are evaluated. */
export type PolledGas = Omit<GasSnapshot, 'fired'>;

/** One network's poll: the gas API's levels (or the local estimate), the head, the next base fees and the blob base fee. */
export interface GasPoller {
  poll(signal: AbortSignal): Promise<PolledGas>;
  /** The fee-history window brought up to the head (for backfilling the stored history). */
  window(signal: AbortSignal): ReturnType<FeeHistoryWindow['sync']>;
  /** A block's timestamp in seconds; undefined when the node does not have it. */
  timestampOf(block: number, signal: AbortSignal): Promise<number | undefined>;
}

interface RpcHeader {
  number: string;
  timestamp: string;
  baseFeePerGas?: string | null;
  gasUsed: string;
  gasLimit: string;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * Creates the poller of one network. It keeps a fee-history window for the local estimate (built on first use,
 * then extended block by block), remembers a 429's backoff so the gas API is not asked again before it ends
 * (the local estimate fills in meanwhile), and stops asking for the blob base fee once the node says it has none.
 */
export function createGasPoller(networkId: string, deps: GasPollerDeps): GasPoller {
  let signal: AbortSignal | undefined;
  const rpc: FeeHistoryRpc = {
    call: <T>(method: string, params: unknown[]) => deps.request<T>(networkId, method, params, signal ? { signal } : {}),
    batch: <T>(calls: readonly { method: string; params: unknown[] }[]) =>
      Promise.all(calls.map((call) => deps.request<T>(networkId, call.method, call.params, signal ? { signal } : {}))),
  };
  const window = new FeeHistoryWindow(rpc);
  const cadence = createCadenceReader(rpc);
  const fetchSuggestion = deps.fetchSuggestion ?? fetchGasSuggestion;
  let apiPausedUntil = 0;
  let apiPauseReason = '';
  let blobs: 'unknown' | 'yes' | 'no' = 'unknown';

  const readBlobBaseFee = async (): Promise<string | null> => {
    if (blobs === 'no') return null;
    try {
      const fee = await rpc.call<string>('eth_blobBaseFee', []);
      blobs = 'yes';
      return typeof fee === 'string' && /^0x[0-9a-fA-F]+$/.test(fee) ? fee : null;
    } catch (error) {
      if (signal?.aborted) throw error;
      // A node without blobs answers "method not found" (-32601) or "not supported": stop asking. Otherwise try next time.
      if (blobs === 'unknown' && isUnsupported(error)) blobs = 'no';
      return null;
    }
  };

  const local = async (): Promise<{ suggestion: FeeSuggestion; head: GasHead; block: number; cadence: BlockCadence }> => {
    const { input, head } = await window.sync();
    const block = Number(head.number);
    // The estimate's waits come from this network's own blocks (a block every N s, or on demand), not mainnet's.
    const blocks = await cadence.read(block);
    const suggestion = suggestGasFees(input);
    for (const level of FEE_LEVELS) suggestion[level] = { ...suggestion[level], ...waitForLevel(level, blocks) };
    return {
      cadence: blocks,
      suggestion,
      head: {
        number: Number(head.number),
        timestamp: head.timestamp,
        baseFeePerGas: hex(head.baseFeePerGas),
        gasUsed: hex(head.gasUsed),
        gasLimit: hex(head.gasLimit),
      },
      block,
    };
  };

  const readHead = async (): Promise<GasHead> => {
    const header = await rpc.call<RpcHeader | null>('eth_getBlockByNumber', ['latest', false]);
    if (!header) throw new BlockglassError('The node answered that it has no latest block.', { code: 'BAD_ANSWER', details: 'Its chain may still be starting; the dashboard asks again by itself.' });
    if (header.baseFeePerGas == null) throw new BlockglassError('This network has no EIP-1559 base fee, so it has no gas levels to show.', { code: 'UNSUPPORTED' });
    return {
      number: Number(BigInt(header.number)),
      timestamp: Number(BigInt(header.timestamp)),
      baseFeePerGas: header.baseFeePerGas,
      gasUsed: header.gasUsed,
      gasLimit: header.gasLimit,
    };
  };

  return {
    async window(windowSignal) {
      signal = windowSignal;
      return window.sync();
    },

    async timestampOf(block, blockSignal) {
      const header = await deps.request<{ timestamp: string } | null>(networkId, 'eth_getBlockByNumber', [hex(BigInt(block)), false], { signal: blockSignal });
      return header ? Number(BigInt(header.timestamp)) : undefined;
    },

    async poll(pollSignal) {
      signal = pollSignal;
      const resolved = await deps.resolve(networkId);
      const { network } = resolved;
      if (network.family !== 'evm') throw new GasUnsupportedError(network.name);
      const gasRequest = resolved.gasRequest ?? null;
      const blobFee = readBlobBaseFee();
      // Awaited only at the end: when the poll fails or is cancelled before that, its rejection is nobody's, and
      // an unhandled rejection would end the process (found by the secret-search journey, issue 14).
      blobFee.catch(() => {});
      let source: GasSource = 'local';
      let fallbackReason: string | undefined;
      let suggestion: FeeSuggestion;
      let head: GasHead;
      let suggestionBlock: number;
      let blockCadence: BlockCadence | undefined;

      if (!gasRequest) {
        fallbackReason = 'This network has no gas API address.';
      } else if (Date.now() < apiPausedUntil) {
        fallbackReason = apiPauseReason;
      }
      const asksApi = fallbackReason === undefined && gasRequest;
      // The head is read beside the API's answer, not after it: the levels show a round trip sooner. Caught here
      // so a poll that falls back to its own estimate (which reads the head itself) leaves no rejection behind.
      const headBeside = asksApi ? readHead() : undefined;
      headBeside?.catch(() => {});
      const fromApi = asksApi ? await tryApi(gasRequest) : undefined;
      if (fromApi && 'fetched' in fromApi) {
        source = 'api';
        head = await headBeside!;
        suggestion = fromApi.fetched.suggestion;
        suggestionBlock = fromApi.fetched.block ?? head.number;
      } else {
        if (fromApi && 'reason' in fromApi) fallbackReason = fromApi.reason;
        const estimated = await local();
        ({ suggestion, head } = estimated);
        suggestionBlock = estimated.block;
        blockCadence = estimated.cadence;
      }

      const next = nextBaseFee({ baseFeePerGas: BigInt(head.baseFeePerGas), gasUsed: BigInt(head.gasUsed), gasLimit: BigInt(head.gasLimit) });
      const range = baseFeeRange(next, BigInt(head.gasLimit), RANGE_BLOCKS).slice(1);
      return {
        networkId,
        chain: String(network.chainId),
        source,
        ...(fallbackReason !== undefined ? { fallbackReason } : {}),
        fetchedAt: Date.now(),
        suggestion,
        suggestionBlock,
        head,
        nextBaseFee: hex(next),
        nextBaseFeeRange: range.map((entry, index) => ({ block: head.number + 2 + index, low: hex(entry.low), high: hex(entry.high) })),
        blobBaseFee: await blobFee,
        ...(blockCadence ? { blockCadence } : {}),
      };

      async function tryApi(gas: GasRequest): Promise<{ fetched: FetchedSuggestion } | { reason: string }> {
        try {
          return { fetched: await fetchSuggestion(gas, { signal: pollSignal }) };
        } catch (error) {
          if (pollSignal.aborted) throw error;
          const message = error instanceof GasApiError ? error.shortMessage : 'The gas API failed.';
          if (error instanceof GasApiError && error.backoffSeconds !== undefined) {
            apiPausedUntil = Date.now() + error.backoffSeconds * 1000;
            apiPauseReason = `${message} Asking it again after ${error.backoffSeconds} s.`;
            return { reason: apiPauseReason };
          }
          return { reason: message };
        }
      }
    },
  };
}

function isUnsupported(error: unknown): boolean {
  return (
    walkCauses(error, (cause) => {
      const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
      return code === -32601 || code === -32004 || (typeof message === 'string' && /not (supported|found|available)|does not exist|unknown method/i.test(message));
    }) !== null
  );
}
