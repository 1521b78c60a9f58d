import { describe, expect, inject, it } from 'vitest';
import { decodeErrorResult, encodeAbiParameters, keccak256, toHex, type Hex } from 'viem';
import { expectSchema } from './testing/executionApisSchemas';
import { rpcResult } from './testing/rawRpc';
import { rawJsonRpc } from '../test-support/rawJsonRpc';

// Every method of the interface spec's table, through the sandbox's gateway, against the seeded
// chain; every result shape validated against the Ethereum execution-apis JSON Schemas.

const sandbox = inject('sandbox');
const url = sandbox.info.rpcUrl;
const manifest = sandbox.manifest;


type Block = { number: Hex; hash: Hex; transactions: (Hex | { hash: Hex })[]; uncles: Hex[]; gasLimit: Hex };
type Tx = { hash: Hex; type: Hex; blockHash: Hex; blockNumber: Hex; transactionIndex: Hex; to: Hex | null };
type Receipt = { status: Hex; contractAddress: Hex | null; logs: unknown[]; type: Hex };

describe('eth_getBlockByNumber', () => {
  it.each(['latest', 'earliest', 'safe', 'finalized', '0x1'])('returns a valid block for %s, with hashes only', async (tag) => {
    const block = await rpcResult<Block>(url, 'eth_getBlockByNumber', [tag, false]);
    expectSchema('Block', block);
    for (const tx of block.transactions) expect(tx).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('returns the big block with every transaction object', async () => {
    const block = await rpcResult<Block>(url, 'eth_getBlockByNumber', [toHex(manifest.bigBlock.number), true]);
    expectSchema('Block', block);
    expect(block.transactions.length).toBe(manifest.bigBlock.transactionCount);
    expect(block.transactions.length).toBeGreaterThanOrEqual(500);
    for (const tx of block.transactions.slice(0, 50)) expectSchema('TransactionInfo', tx);
  });

  it('returns null for a block beyond the head', async () => {
    const { body } = await rawJsonRpc(url, 'eth_getBlockByNumber', ['0xffffffff', false]);
    expect(body).toEqual({ jsonrpc: '2.0', id: 1, result: null });
  });
});

describe('eth_getTransactionByHash and eth_getTransactionReceipt', () => {
  const kinds = Object.entries(manifest.transactions).filter((entry): entry is [string, Hex] => typeof entry[1] === 'string');

  it.each(kinds)('%s: transaction and receipt are valid and agree', async (_kind, hash) => {
    const tx = await rpcResult<Tx>(url, 'eth_getTransactionByHash', [hash]);
    expectSchema('TransactionInfo', tx);
    expect(tx.hash).toBe(hash);
    const receipt = await rpcResult<Receipt>(url, 'eth_getTransactionReceipt', [hash]);
    expectSchema('ReceiptInfo', receipt);
    expect(receipt.type).toBe(tx.type);
  });

  it('covers the transaction types 0, 1, 2 and 4', async () => {
    const types = await Promise.all(
      [manifest.transactions.legacy, manifest.transactions.accessList, manifest.transactions.eip1559, manifest.transactions.eip7702].map(
        async (hash) => (await rpcResult<Tx>(url, 'eth_getTransactionByHash', [hash])).type,
      ),
    );
    expect(types).toEqual(['0x0', '0x1', '0x2', '0x4']);
  });

  it('reports the failed transaction with status 0 and the creation with its contract address', async () => {
    const failed = await rpcResult<Receipt>(url, 'eth_getTransactionReceipt', [manifest.transactions.failed]);
    expect(failed.status).toBe('0x0');
    const creation = await rpcResult<Receipt>(url, 'eth_getTransactionReceipt', [manifest.transactions.contractCreation]);
    expect(creation.status).toBe('0x1');
    expect(creation.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('returns null for an unknown hash', async () => {
    const unknown = keccak256(toHex('no such transaction'));
    expect((await rawJsonRpc(url, 'eth_getTransactionByHash', [unknown])).body.result).toBeNull();
    expect((await rawJsonRpc(url, 'eth_getTransactionReceipt', [unknown])).body.result).toBeNull();
  });
});

describe('eth_getTransactionByBlockHashAndIndex', () => {
  it('finds the first and last transaction of the big block, equal to the lookup by hash', async () => {
    const block = await rpcResult<Block>(url, 'eth_getBlockByNumber', [toHex(manifest.bigBlock.number), false]);
    const last = block.transactions.length - 1;
    for (const index of [0, last]) {
      const tx = await rpcResult<Tx>(url, 'eth_getTransactionByBlockHashAndIndex', [block.hash, toHex(index)]);
      expectSchema('TransactionInfo', tx);
      expect(tx.hash).toBe(block.transactions[index]);
      expect(tx.transactionIndex).toBe(toHex(index));
      expect(tx).toEqual(await rpcResult<Tx>(url, 'eth_getTransactionByHash', [tx.hash]));
    }
  });

  it('returns null past the last index', async () => {
    const block = await rpcResult<Block>(url, 'eth_getBlockByNumber', [toHex(manifest.bigBlock.number), false]);
    const answer = await rawJsonRpc(url, 'eth_getTransactionByBlockHashAndIndex', [block.hash, toHex(block.transactions.length)]);
    expect(answer.body.result).toBeNull();
  });
});

describe('eth_getUncleByBlockHashAndIndex', () => {
  it('returns null: a post-merge chain has no uncles, and every block says so', async () => {
    const block = await rpcResult<Block>(url, 'eth_getBlockByNumber', ['latest', false]);
    expect(block.uncles).toEqual([]);
    const answer = await rawJsonRpc(url, 'eth_getUncleByBlockHashAndIndex', [block.hash, '0x0']);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toBeNull();
  });
});

describe('eth_getLogs', () => {
  it('returns valid logs for one storm block by blockHash, all from the storm contract', async () => {
    const block = await rpcResult<Block>(url, 'eth_getBlockByNumber', [toHex(manifest.logStorm.denseFromBlock), false]);
    const logs = await rpcResult<{ address: Hex; blockHash: Hex }[]>(url, 'eth_getLogs', [{ blockHash: block.hash, address: manifest.contracts.logStorm }]);
    expect(logs.length).toBeGreaterThan(0);
    expectSchema('Log', logs[0]);
    for (const log of logs) {
      expect(log.address.toLowerCase()).toBe(manifest.contracts.logStorm.toLowerCase());
      expect(log.blockHash).toBe(block.hash);
    }
  });

  it('filters by token address and Transfer topic over the seeded history', async () => {
    const token = manifest.contracts.tokens[0]!.address;
    const transferTopic = keccak256(toHex('Transfer(address,address,uint256)'));
    const logs = await rpcResult<{ topics: Hex[] }[]>(url, 'eth_getLogs', [
      { fromBlock: '0x0', toBlock: toHex(manifest.seededToBlock), address: token, topics: [transferTopic] },
    ]);
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log.topics[0]).toBe(transferTopic);
  });

  it('returns an empty array when nothing matches', async () => {
    const logs = await rpcResult<unknown[]>(url, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x2', address: '0x000000000000000000000000000000000000dead' }]);
    expect(logs).toEqual([]);
  });
});

describe('eth_getStorageAt', () => {
  it('reads each plain variable at its declaration slot', async () => {
    for (const variable of manifest.storage.plain) {
      const value = await rpcResult<Hex>(url, 'eth_getStorageAt', [manifest.contracts.storageShowcase, toHex(variable.slot), 'latest']);
      expectSchema('bytes', value);
      expect(BigInt(value), variable.name).toBe(BigInt(variable.value));
    }
  });

  it('reads a mapping element at keccak256(pad(key) ++ pad(slot)), as the spec computes it', async () => {
    const { key, slot, value } = manifest.storage.mapping;
    const position = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, BigInt(slot)]));
    const stored = await rpcResult<Hex>(url, 'eth_getStorageAt', [manifest.contracts.storageShowcase, position, 'latest']);
    expect(BigInt(stored)).toBe(BigInt(value));
    expect(BigInt(stored)).not.toBe(0n);
  });
});

describe('eth_call', () => {
  const from = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  it('returns the encoded result of a view function', async () => {
    const token = manifest.contracts.tokens[0]!;
    const data = '0x313ce567'; // decimals()
    const result = await rpcResult<Hex>(url, 'eth_call', [{ from, to: token.address, data }, 'latest']);
    expectSchema('bytes', result);
    expect(Number(BigInt(result))).toBe(token.decimals);
  });

  it('answers a reason-string revert with code 3, the decoded reason and the raw payload', async () => {
    const { data, reason } = manifest.reverts.reasonString;
    const { body } = await rawJsonRpc(url, 'eth_call', [{ from, to: manifest.contracts.reverter, data }, 'latest']);
    expect(body.error?.code).toBe(3);
    expect(body.error?.message).toBe(`execution reverted: ${reason}`);
    const decoded = decodeErrorResult({ data: body.error?.data as Hex, abi: [] });
    expect(decoded.errorName).toBe('Error');
    expect(decoded.args).toEqual([reason]);
  });

  it('answers a custom-error revert with code 3, "execution reverted" and the custom error payload', async () => {
    const { data, signature } = manifest.reverts.customError;
    const { body } = await rawJsonRpc(url, 'eth_call', [{ from, to: manifest.contracts.reverter, data }, 'latest']);
    expect(body.error?.code).toBe(3);
    expect(body.error?.message).toBe('execution reverted');
    expect((body.error?.data as Hex).slice(0, 10)).toBe(keccak256(toHex(signature)).slice(0, 10));
  });

  it.each([
    ['panicOverflow', 0x11],
    ['panicDivisionByZero', 0x12],
  ] as const)('answers a %s panic with code 3 and the Panic(uint256) payload', async (kind, code) => {
    const { data } = manifest.reverts[kind];
    const { body } = await rawJsonRpc(url, 'eth_call', [{ from, to: manifest.contracts.reverter, data }, 'latest']);
    expect(body.error?.code).toBe(3);
    expect(body.error?.message).toBe('execution reverted');
    const decoded = decodeErrorResult({ data: body.error?.data as Hex, abi: [] });
    expect(decoded.errorName).toBe('Panic');
    expect(decoded.args).toEqual([BigInt(code)]);
  });
});
