import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { expectSchema } from '../testing/executionApisSchemas';
import { eventually, startTestGateway, TestChain, type TestGateway } from './testing/testSupport';
import { signTestTransaction, testAccount, type TxKind } from './testing/testTransactions';

// Receipts, transactions and blocks of every transaction type, sent through the gateway with
// eth_sendRawTransaction and read back through it, against the execution-apis schemas; and what
// the gateway changed compared with Anvil's own answers (only the members the spec lacks).

const KINDS: TxKind[] = ['legacy', 'eip2930', 'eip1559', 'eip4844', 'eip7702'];
const TYPES: Record<TxKind, Hex> = { legacy: '0x0', eip2930: '0x1', eip1559: '0x2', eip4844: '0x3', eip7702: '0x4' };

let chain: TestChain;
let gw: TestGateway;
const hashes = new Map<TxKind, Hex>();

type Log = Record<string, unknown> & { blockTimestamp?: unknown };
type Receipt = Record<string, unknown> & { blockNumber: Hex; blockHash: Hex; transactionIndex: Hex; type: Hex; logs: Log[] };
type Block = Record<string, unknown> & { timestamp: Hex; transactions: Record<string, unknown>[] };


async function viaGateway<T>(method: string, params: unknown[]): Promise<T> {
  const answer = await gw.call(method, params);
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

beforeAll(async () => {
  // Accounts 10 and up are used only here.
  chain = await TestChain.start(['--accounts', '20']);
  gw = await startTestGateway(chain);
  for (const [i, kind] of KINDS.entries()) {
    const raw = await signTestTransaction(chain, testAccount(10 + i), kind);
    const hash = await viaGateway<Hex>('eth_sendRawTransaction', [raw]);
    hashes.set(kind, hash);
  }
  for (const hash of hashes.values()) {
    await eventually(async () => (await chain.rpc('eth_getTransactionReceipt', [hash])) !== null, 20_000);
  }
}, 30_000);

afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

describe.each(KINDS)('a type %s transaction', (kind) => {
  const hash = () => hashes.get(kind)!;

  it('has a receipt valid as ReceiptInfo, with logs valid as Log, and otherwise as Anvil sent it', async () => {
    const receipt = await viaGateway<Receipt>('eth_getTransactionReceipt', [hash()]);
    expectSchema('ReceiptInfo', receipt);
    expect(receipt.type).toBe(TYPES[kind]);
    expect(receipt).not.toHaveProperty('blockTimestamp');
    expect('blobGasPrice' in receipt).toBe(kind === 'eip4844');
    const direct = (await chain.rpc('eth_getTransactionReceipt', [hash()])) as Receipt;
    expect(typeof direct.blockTimestamp).toBe('number'); // what the gateway takes out (Anvil 1.7)
    const { blockTimestamp: _t, ...kept } = direct;
    if (kind !== 'eip4844') delete kept.blobGasPrice;
    expect(receipt).toEqual(kept);

    if (kind !== 'eip4844') expect(receipt.logs.length).toBeGreaterThan(0);
    const block = (await chain.rpc('eth_getBlockByHash', [receipt.blockHash, false])) as Block;
    for (const log of receipt.logs) {
      expectSchema('Log', log);
      // Logs keep blockTimestamp: a quantity, as newer geth sends it and the Log schema allows.
      expect(log.blockTimestamp).toBe(block.timestamp);
    }
  });

  it('is the same receipt in eth_getBlockReceipts, all of them valid', async () => {
    const receipt = await viaGateway<Receipt>('eth_getTransactionReceipt', [hash()]);
    const receipts = await viaGateway<Receipt[]>('eth_getBlockReceipts', [receipt.blockNumber]);
    for (const each of receipts) expectSchema('ReceiptInfo', each);
    expect(receipts[Number(receipt.transactionIndex)]).toEqual(receipt);
  });

  it('is a valid TransactionInfo, without a blob sidecar, from every method that returns it', async () => {
    const receipt = await viaGateway<Receipt>('eth_getTransactionReceipt', [hash()]);
    const tx = await viaGateway<Record<string, unknown>>('eth_getTransactionByHash', [hash()]);
    expectSchema('TransactionInfo', tx);
    expect(tx.type).toBe(TYPES[kind]);
    for (const member of ['blobs', 'commitments', 'proofs']) expect(tx).not.toHaveProperty(member);
    if (kind === 'eip4844') expect(tx.blobVersionedHashes).toHaveLength(1);

    const index = receipt.transactionIndex;
    expect(await viaGateway('eth_getTransactionByBlockNumberAndIndex', [receipt.blockNumber, index])).toEqual(tx);
    expect(await viaGateway('eth_getTransactionByBlockHashAndIndex', [receipt.blockHash, index])).toEqual(tx);
    for (const block of [
      await viaGateway<Block>('eth_getBlockByNumber', [receipt.blockNumber, true]),
      await viaGateway<Block>('eth_getBlockByHash', [receipt.blockHash, true]),
    ]) {
      expectSchema('Block', block);
      expect(block.transactions[Number(index)]).toEqual(tx);
    }
  });
});

it('answers a head block holding a blob transaction (from the cache) without the sidecar', async () => {
  const hash = await viaGateway<Hex>('eth_sendRawTransaction', [await signTestTransaction(chain, testAccount(16), 'eip4844')]);
  let receipt: Receipt | null = null;
  while (receipt === null) receipt = await viaGateway<Receipt | null>('eth_getTransactionReceipt', [hash]);
  await eventually(async () => (await viaGateway<Hex>('eth_blockNumber', [])) === receipt.blockNumber);
  const head = await viaGateway<Block>('eth_getBlockByNumber', ['latest', true]);
  expectSchema('Block', head);
  expect(JSON.stringify(head)).not.toContain('"blobs"');
  expect(head).toEqual(await viaGateway('eth_getBlockByHash', [receipt.blockHash, true]));
});
