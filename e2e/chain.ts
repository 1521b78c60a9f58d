import fs from 'node:fs';
import path from 'node:path';
import { decodeErrorResult, parseAbi, type Hex } from 'viem';
import { nodeClient, revertDataOf } from '../test-support/nodeClient';
import { e2eSandbox, e2eSandboxDir } from './sandbox';

/** The seeded chain's manifest (contracts, fixture transactions, the big block), as the e2e sandbox seeded it. */
export function seededManifest() {
  return JSON.parse(fs.readFileSync(path.join(e2eSandboxDir(), 'chain', 'manifest.json'), 'utf8')) as {
    seededToBlock: number;
    contracts: { storageShowcase: string; reverter: string; logStorm: string; tokens: { symbol: string; address: string; decimals: number }[] };
    logStorm: { fromBlock: number; toBlock: number; totalLogs: number; denseFromBlock: number; denseToBlock: number; denseLogs: number };
    transactions: Record<'erc20Transfer' | 'failed' | 'swap' | 'contractCreation' | 'eip1559', string>;
    bigBlock: { number: number; transactionCount: number };
    storage: { mapping: { slot: number; key: string; value: string } };
    accounts: { deployer: { address: string }; traders: { address: string }[] };
    reverts: Record<'reasonString' | 'customError' | 'panicOverflow' | 'panicDivisionByZero', { data: `0x${string}` }>;
  };
}

/**
 * Reads the chain at check time, straight from the e2e sandbox over JSON-RPC (not through the app). Every
 * app in a journey restores a copy of the same seeded chain, so its seeded blocks are the same.
 */
export async function readChain<T>(method: string, params: unknown[]): Promise<T> {
  return (await nodeClient(e2eSandbox().rpcUrl).request({ method, params })) as T;
}

/** The revert data the e2e sandbox answers for `eth_call` of `call` at `block` (straight from it, not through the app). */
export function revertDataFromChain(call: Record<string, unknown>, block = 'latest'): Promise<Hex> {
  return revertDataOf(e2eSandbox().rpcUrl, call, block);
}

/** The revert reason the chain gives now for a failed transaction, replayed at its parent block. */
export async function revertReasonFromChain(hash: string): Promise<string> {
  const tx = await readChain<{ from: string; to: string; input: string; value: string; gas: string; blockNumber: string }>('eth_getTransactionByHash', [hash]);
  const data = await revertDataFromChain({ from: tx.from, to: tx.to, data: tx.input, value: tx.value, gas: tx.gas }, `0x${(BigInt(tx.blockNumber) - 1n).toString(16)}`);
  const { args } = decodeErrorResult({ abi: parseAbi(['error Error(string)']), data });
  return args[0];
}

/** The path and token of an app URL: `/explorer/tx/0x…#token=…`. */
export function appPath(appUrl: string, route: string): string {
  const url = new URL(appUrl);
  return `${url.origin}${route}${url.hash}`;
}

/** How many logs match a filter over [from, to], counted block by block through the e2e sandbox (each block is under the limit). */
export async function countLogs(filter: Record<string, unknown>, from: number, to: number): Promise<number> {
  let total = 0;
  for (let block = from; block <= to; block++) {
    const hex = `0x${block.toString(16)}`;
    total += (await readChain<unknown[]>('eth_getLogs', [{ ...filter, fromBlock: hex, toBlock: hex }])).length;
  }
  return total;
}
