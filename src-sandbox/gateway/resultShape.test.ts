import { describe, expect, it } from 'vitest';
import { shapedReply, shapedTail } from './replyBytes';
import { mayNeedShape, resultShapeFor, shapeBlock, shapeLog, shapeReceipt, shapeTransaction } from './resultShape';

const log = { address: '0x01', topics: [], data: '0x', blockNumber: '0x2', blockTimestamp: '0x67748581', transactionHash: '0xaa', logIndex: '0x0', removed: false };
const receipt = {
  type: '0x2',
  status: '0x1',
  logs: [log],
  blockNumber: '0x2',
  gasUsed: '0x5208',
  effectiveGasPrice: '0x1',
  blobGasPrice: '0x1',
  from: '0x02',
  to: '0x03',
  contractAddress: null,
  blockTimestamp: 1735689601,
};
const blobTx = { type: '0x3', hash: '0xbb', blobVersionedHashes: ['0x01'], blobs: ['0x00'], commitments: ['0xc0'], proofs: ['0xc0'], v: '0x1' };

describe('shapeReceipt', () => {
  it("drops Anvil's decimal blockTimestamp and a non-blob transaction's blobGasPrice, keeping order and logs", () => {
    const { blockTimestamp: _t, blobGasPrice: _b, ...rest } = receipt;
    const shaped = shapeReceipt(receipt);
    expect(shaped).toEqual(rest);
    expect(Object.keys(shaped as object)).toEqual(Object.keys(rest));
    expect(receipt.blockTimestamp).toBe(1735689601); // the input is left alone
  });

  it('keeps the blob members of a blob transaction', () => {
    const blob = { ...receipt, type: '0x3', blobGasUsed: '0x20000' };
    expect(shapeReceipt(blob)).toMatchObject({ blobGasUsed: '0x20000', blobGasPrice: '0x1' });
    expect(shapeReceipt(blob)).not.toHaveProperty('blockTimestamp');
  });

  it('turns a log blockTimestamp sent as a number into a quantity (Log wants a uint)', () => {
    expect(shapeLog({ ...log, blockTimestamp: 255 })).toEqual({ ...log, blockTimestamp: '0xff' });
    expect(shapeLog({ ...log, blockTimestamp: -1 })).not.toHaveProperty('blockTimestamp');
    expect(shapeLog(log)).toBe(log);
  });

  it('passes null and non-objects through', () => {
    expect(shapeReceipt(null)).toBeNull();
    expect(resultShapeFor('eth_getBlockReceipts')!.shape(null)).toBeNull();
  });
});

describe('shapeTransaction and shapeBlock', () => {
  it('drop a blob sidecar and leave other transactions as they are', () => {
    expect(shapeTransaction(blobTx)).toEqual({ type: '0x3', hash: '0xbb', blobVersionedHashes: ['0x01'], v: '0x1' });
    const plain = { type: '0x2', hash: '0xcc' };
    expect(shapeTransaction(plain)).toBe(plain);
  });

  it('reach the full transactions of a block, and leave hash lists alone', () => {
    expect(shapeBlock({ number: '0x1', transactions: [blobTx, '0xdd'] })).toEqual({ number: '0x1', transactions: [shapeTransaction(blobTx), '0xdd'] });
    expect(shapeBlock(null)).toBeNull();
  });
});

describe('resultShapeFor', () => {
  it.each([
    ['eth_getTransactionReceipt', true],
    ['eth_sendRawTransactionSync', true],
    ['eth_getBlockReceipts', true],
    ['eth_getTransactionByHash', true],
    ['eth_getTransactionByBlockHashAndIndex', true],
    ['eth_getTransactionByBlockNumberAndIndex', true],
    ['eth_getBlockByNumber', true],
    ['eth_getBlockByHash', true],
    ['eth_getLogs', false],
    ['eth_blockNumber', false],
  ])('%s is shaped: %s', (method, shaped) => {
    expect(resultShapeFor(method) !== undefined).toBe(shaped);
  });

  it('only parses bytes that name a member it rewrites', () => {
    const block = resultShapeFor('eth_getBlockByNumber')!;
    expect(mayNeedShape(block, Buffer.from(JSON.stringify({ transactions: [{ type: '0x2' }] })))).toBe(false);
    expect(mayNeedShape(block, Buffer.from(JSON.stringify({ transactions: [blobTx] })))).toBe(true);
    // Inside a string the quotes are escaped, so a marker there does not count.
    expect(mayNeedShape(block, Buffer.from(JSON.stringify({ extraData: '"blobs":' })))).toBe(false);
  });
});

describe('shapedReply and shapedTail', () => {
  const shape = resultShapeFor('eth_getTransactionReceipt')!;

  it('rewrite a success reply under the client id and return others untouched', () => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'x', result: receipt }));
    expect(JSON.parse(shapedReply('x', body, shape).toString())).toEqual({ jsonrpc: '2.0', id: 'x', result: shapeReceipt(receipt) });
    const error = Buffer.from('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"no \\"blockTimestamp\\":"}}');
    expect(shapedReply(1, error, shape)).toBe(error);
    const nullResult = Buffer.from('{"jsonrpc":"2.0","id":1,"result":null}');
    expect(shapedReply(1, nullResult, shape)).toBe(nullResult);
  });

  it('rewrite a result tail', () => {
    const tail = Buffer.from(`"result":${JSON.stringify({ transactions: [blobTx] })}}`);
    expect(JSON.parse(`{${shapedTail(tail, resultShapeFor('eth_getBlockByHash')!).toString()}`)).toEqual({ result: { transactions: [shapeTransaction(blobTx)] } });
  });
});
