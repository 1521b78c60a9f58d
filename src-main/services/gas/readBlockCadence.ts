import { blockCadence, CADENCE_BLOCKS, type BlockCadence, type CadenceBlock } from '../../../src-shared/gas/blockCadence';
import type { FeeHistoryRpc } from '../../../src-shared/gas/feeHistoryWindow';

/** Blocks read to tell a network's cadence: twice the fewest that tell one, so one odd block does not decide. */
const WINDOW = CADENCE_BLOCKS * 2;

/** Reads a network's block cadence for its local gas estimate; see {@link createCadenceReader}. */
export interface CadenceReader {
  /** The cadence of the blocks up to `head`. */
  read(head: number): Promise<BlockCadence>;
}

/**
 * A cadence reader over one network's JSON-RPC. It asks the node once whether it automines (`anvil_getAutomine`,
 * then `hardhat_getAutomine`; a node with neither, such as Ganache, is judged by its blocks alone), and keeps the
 * headers it read, so a poll reads only the blocks new since the last one.
 */
export function createCadenceReader(rpc: FeeHistoryRpc): CadenceReader {
  let automine: Promise<boolean | undefined> | undefined;
  const headers = new Map<number, CadenceBlock>();

  const askAutomine = async (): Promise<boolean | undefined> => {
    for (const method of ['anvil_getAutomine', 'hardhat_getAutomine']) {
      try {
        const answer = await rpc.call<unknown>(method, []);
        if (typeof answer === 'boolean') return answer;
      } catch {
        // Not this node's method: try the next, and judge by the blocks if none answers.
      }
    }
    return undefined;
  };

  return {
    async read(head) {
      automine ??= askAutomine();
      const from = Math.max(1, head - WINDOW + 1); // the genesis block's time is whatever its config says
      const wanted = Array.from({ length: head - from + 1 }, (_, at) => from + at);
      const missing = wanted.filter((number) => !headers.has(number));
      if (missing.length > 0) {
        const read = await rpc.batch<{ timestamp: string; transactions: unknown[] } | null>(
          missing.map((number) => ({ method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, false] })),
        );
        read.forEach((block, at) => {
          if (block) headers.set(missing[at]!, { timestamp: Number(BigInt(block.timestamp)), transactionCount: block.transactions.length });
        });
      }
      for (const number of headers.keys()) if (number < from || number > head) headers.delete(number);
      const blocks = wanted.flatMap((number) => headers.get(number) ?? []);
      return blockCadence(blocks, await automine);
    },
  };
}
