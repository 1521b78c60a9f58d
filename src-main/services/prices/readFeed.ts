import { decodeFunctionResult, encodeFunctionData, hexToBigInt, numberToHex, type Address, type Hex } from 'viem';
import { aggregatorV3Abi } from './aggregatorV3Abi';

/** A JSON-RPC request to a network (the rpc service's). */
export type NetworkRequest = (networkId: string, method: string, params: unknown[], options?: { signal?: AbortSignal }) => Promise<unknown>;

/** A feed's latest round as read at one block. */
export interface FeedRound {
  decimals: number;
  description: string;
  roundId: bigint;
  answer: bigint;
  updatedAt: number;
  /** The block read at. */
  block: bigint;
}

/**
 * Reads an AggregatorV3Interface feed's `decimals`, `description` and `latestRoundData` with eth_call, all at the
 * same block (the latest when asked), so the round and the block the page names belong together.
 */
export async function readFeed(request: NetworkRequest, networkId: string, feed: Address, signal?: AbortSignal): Promise<FeedRound> {
  const block = hexToBigInt((await request(networkId, 'eth_blockNumber', [], { signal })) as Hex);
  const call = async (data: Hex) => (await request(networkId, 'eth_call', [{ to: feed, data }, numberToHex(block)], { signal })) as Hex;
  const abi = aggregatorV3Abi;
  const [decimals, description, round] = await Promise.all([
    call(encodeFunctionData({ abi, functionName: 'decimals' })).then((data) => decodeFunctionResult({ abi, functionName: 'decimals', data })),
    call(encodeFunctionData({ abi, functionName: 'description' })).then((data) => decodeFunctionResult({ abi, functionName: 'description', data })),
    call(encodeFunctionData({ abi, functionName: 'latestRoundData' })).then((data) => decodeFunctionResult({ abi, functionName: 'latestRoundData', data })),
  ]);
  const [roundId, answer, , updatedAt] = round;
  return { decimals, description, roundId, answer, updatedAt: Number(updatedAt), block };
}
