import type { WhatIfChange, WhatIfOutcome, WhatIfView } from '../../../../src-shared/api/trace';
import { summarizeTrace } from '../../../../src-shared/trace/summarizeTrace';
import { BlockglassError } from '../../errors/blockglassError';
import type { RpcService } from '../../rpc/createRpcService';
import { decodeFrames, type FrameDecoding } from '../decodeFrames';
import type { RpcRequest } from '../replay/rpcRequest';
import { changedArgument } from './changedArgument';
import type { MinedTransaction, WhatIfEdit, WhatIfRun } from './runWhatIf';

/** What-if: a mined transaction run again with one thing changed, beside the same run unchanged. */
export interface WhatIfService {
  /** Both runs as a call on the parent block's state, decoded, side by side. */
  run(networkId: string, hash: `0x${string}`, change: WhatIfChange, signal?: AbortSignal): Promise<WhatIfView>;
}

/** Options of {@link createWhatIfService}. */
export interface WhatIfServiceOptions {
  rpc: Pick<RpcService, 'request'>;
  decoding: FrameDecoding;
}

/**
 * The what-if service: always a replay in Blockglass (`runWhatIf`), on any node, so the original and the re-run are
 * made the same way and differ only by the change; frames decoded as the trace service decodes them.
 */
export function createWhatIfService(options: WhatIfServiceOptions): WhatIfService {
  return {
    async run(networkId, hash, change, signal) {
      const request: RpcRequest = (method, params, s) => options.rpc.request(networkId, method, params, { signal: s ?? signal });
      const editOf = (mined: MinedTransaction) => editFor(options.decoding, networkId, mined, change, signal);
      let runs;
      try {
        const { runWhatIf } = await import('./runWhatIf'); // the EVM loads with the first run, not with the app
        runs = await runWhatIf({ request }, hash, editOf, signal);
      } catch (error) {
        if (error instanceof BlockglassError || signal?.aborted) throw error;
        throw new BlockglassError('Blockglass could not run this transaction again.', {
          code: 'TRACE_UNAVAILABLE',
          details: `It is run here as a call on its parent block's state; that failed: ${(error as Error).message}`,
          cause: error,
        });
      }
      const codeOf = (address: string, s?: AbortSignal) => options.rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal: s });
      const outcomeOf = async (run: WhatIfRun): Promise<WhatIfOutcome> => {
        const root = await decodeFrames(options.decoding, networkId, run.frame, codeOf, signal);
        return {
          status: run.status === 1 ? 'success' : 'failed',
          gasLimit: `0x${run.gasLimit.toString(16)}`,
          gasUsed: `0x${run.gasUsed.toString(16)}`,
          ...(run.frame.error !== undefined ? { error: run.frame.error } : {}),
          output: (run.frame.output ?? '0x') as `0x${string}`,
          ...(root.revert ? { revert: root.revert } : {}),
          trace: { hash, source: 'replay', root, summary: summarizeTrace(run.frame), hardfork: runs.hardfork },
        };
      };
      const [original, rerun] = await Promise.all([outcomeOf(runs.original), outcomeOf(runs.rerun)]);
      return {
        hash,
        blockNumber: Number(runs.blockNumber),
        stateBlock: Number(runs.blockNumber - 1n),
        change,
        original,
        rerun,
        originalMatchesReceipt: runs.check.matchesReceipt,
        differences: runs.check.differences,
        hardfork: runs.hardfork,
      };
    },
  };
}

/** The change as the runner applies it; an argument is re-encoded with the transaction's decoded function. */
async function editFor(decoding: FrameDecoding, networkId: string, mined: MinedTransaction, change: WhatIfChange, signal?: AbortSignal): Promise<WhatIfEdit> {
  switch (change.kind) {
    case 'gasLimit':
      return { gas: BigInt(change.gasLimit) };
    case 'value':
      return { value: BigInt(change.value) };
    case 'sender':
      return { from: change.sender.toLowerCase() as `0x${string}` };
    case 'balance':
      return { balances: [[change.address.toLowerCase() as `0x${string}`, BigInt(change.balance)]] };
    case 'storage':
      return { storage: [[change.address.toLowerCase() as `0x${string}`, change.slot as `0x${string}`, change.value as `0x${string}`]] };
    case 'argument': {
      if (!mined.to) throw invalid('A contract creation calls no function: it has no argument to change.');
      const decoded = await decoding.decodeCallData(networkId, mined.to, mined.input, signal);
      if (decoded.status !== 'decoded') {
        throw invalid('The function this transaction calls is not known, so its arguments cannot be changed.', `${decoded.reason} Import the contract's ABI on its address page, then try again.`);
      }
      const changed = changedArgument(decoded.signature, mined.input, change.index, change.value, decoded.args.map((arg) => arg.name));
      if (!changed.ok) throw invalid(changed.message);
      return { input: changed.data };
    }
  }
}

const invalid = (shortMessage: string, details?: string) => new BlockglassError(shortMessage, { code: 'INVALID_INPUT', ...(details ? { details } : {}) });
