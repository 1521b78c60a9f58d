import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeErrorResult, encodeEventTopics, encodeFunctionData, parseAbi, parseAbiItem, type AbiEvent, type AbiFunction } from 'viem';
import { parseSignature, selectorOf, type AbiError, type Candidate } from './candidates';
import { decodeCall } from './decodeCall';
import { decodeLog } from './decodeLog';
import { decodeRevert } from './decodeRevert';

const fromDb = (text: string): Candidate<AbiFunction> => ({ item: parseSignature('function', text)!, source: 'signatures' });
const eventFromDb = (text: string): Candidate<AbiEvent> => ({ item: parseSignature('event', text)!, source: 'signatures', indexedUnknown: true });
const erc20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'event Transfer(address indexed from, address indexed to, uint256 value)']);
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('decodeCall', () => {
  const transfer = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 1000n] });

  it('decodes with a signature from the database, arguments named by position', () => {
    expect(decodeCall(transfer, [fromDb('transfer(address,uint256)')])).toEqual({
      status: 'decoded',
      selector: '0xa9059cbb',
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      args: [
        { name: 'arg0', type: 'address', value: BOB },
        { name: 'arg1', type: 'uint256', value: '1000' },
      ],
      source: 'signatures',
      alternatives: [],
    });
  });

  it('prefers the more trusted source for the same signature, keeping its names', () => {
    const result = decodeCall(transfer, [fromDb('transfer(address,uint256)'), { item: erc20[0], source: 'imported' }]);
    expect(result).toMatchObject({ status: 'decoded', source: 'imported', args: [{ name: 'to' }, { name: 'amount' }], alternatives: [] });
  });

  it('lists every signature sharing a selector, the one that decodes cleanly first', () => {
    // A known collision: both hash to 0x42966c68.
    const burn = fromDb('burn(uint256)');
    const collate = fromDb('collate_propagate_storage(bytes16)');
    expect(selectorOf(burn.item)).toBe(selectorOf(collate.item));
    const data = encodeFunctionData({ abi: [burn.item], functionName: 'burn', args: [1000n] });
    const result = decodeCall(data, [collate, burn]);
    expect(result).toMatchObject({ status: 'decoded', signature: 'burn(uint256)' });
    expect(result.alternatives).toEqual([{ signature: 'collate_propagate_storage(bytes16)', source: 'signatures', decodes: true }]);
  });

  it('shows raw, with the reason, what it cannot decode', () => {
    expect(decodeCall('0x', [])).toMatchObject({ status: 'raw', reason: 'No input: a plain transfer of value.' });
    expect(decodeCall('0xa9059c', [])).toMatchObject({ status: 'raw', reason: 'The input is 3 bytes, shorter than a 4-byte selector.' });
    expect(decodeCall('0x12345678', [])).toMatchObject({ status: 'raw', selector: '0x12345678', reason: 'No known function has the selector 0x12345678.' });
    expect(decodeCall('hello', [])).toMatchObject({ status: 'raw', reason: 'The input is not hex bytes.' });
    expect(decodeCall(transfer.slice(0, 40), [fromDb('transfer(address,uint256)')])).toEqual({
      status: 'raw',
      selector: '0xa9059cbb',
      reason: 'The input does not decode as transfer(address,uint256).',
      alternatives: [{ signature: 'transfer(address,uint256)', source: 'signatures', decodes: false }],
    });
  });

  it('decodes tuples and arrays to JSON-safe values', () => {
    const item = parseAbiItem('function swap((address token, uint256 amount)[] legs, bytes data)') as AbiFunction;
    const data = encodeFunctionData({ abi: [item], functionName: 'swap', args: [[{ token: ALICE, amount: 5n }], '0xbeef'] });
    expect(decodeCall(data, [{ item, source: 'metadata' }])).toMatchObject({
      status: 'decoded',
      signature: 'swap((address,uint256)[],bytes)',
      args: [
        { name: 'legs', type: '(address,uint256)[]', value: [{ token: ALICE, amount: '5' }] },
        { name: 'data', type: 'bytes', value: '0xbeef' },
      ],
    });
  });

  it('never throws, whatever the input (property)', () => {
    const candidates = [fromDb('transfer(address,uint256)'), fromDb('burn(uint256)'), fromDb('multicall(bytes[])')];
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 200 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`), fc.uint8Array({ maxLength: 200 }).map((bytes) => `0xa9059cbb${Buffer.from(bytes).toString('hex')}`)), (data) => {
        const result = decodeCall(data, candidates);
        expect(['decoded', 'raw']).toContain(result.status);
        if (result.status === 'raw') expect(result.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('decodeLog', () => {
  const topics = <string[]>encodeEventTopics({ abi: erc20, eventName: 'Transfer', args: { from: ALICE, to: BOB } });
  const data = encodeAbiParameters([{ type: 'uint256' }], [42n]);

  it('decodes an ERC-20 Transfer from a bare signature, placing the indexed arguments by the topic count', () => {
    expect(decodeLog({ topics, data }, [eventFromDb('Transfer(address,address,uint256)')])).toMatchObject({
      status: 'decoded',
      name: 'Transfer',
      source: 'signatures',
      args: [
        { name: 'arg0', type: 'address', value: ALICE, indexed: true },
        { name: 'arg1', type: 'address', value: BOB, indexed: true },
        { name: 'arg2', type: 'uint256', value: '42', indexed: false },
      ],
    });
  });

  it('decodes an ERC-721 Transfer (three indexed topics) with the same signature', () => {
    const nft = [...topics, encodeAbiParameters([{ type: 'uint256' }], [7n])];
    expect(decodeLog({ topics: nft, data: '0x' }, [eventFromDb('Transfer(address,address,uint256)')])).toMatchObject({
      status: 'decoded',
      args: [{ value: ALICE }, { value: BOB }, { value: '7', indexed: true }],
    });
  });

  it('uses the ABI names when the ABI is known', () => {
    expect(decodeLog({ topics, data }, [{ item: erc20[1], source: 'imported' }])).toMatchObject({ status: 'decoded', args: [{ name: 'from' }, { name: 'to' }, { name: 'value', value: '42' }] });
  });

  it('shows raw, with the reason, what it cannot decode', () => {
    expect(decodeLog({ topics: [], data: '0x' }, [])).toMatchObject({ status: 'raw', reason: 'The log has no topics: an anonymous event, which only its ABI can decode.' });
    expect(decodeLog({ topics, data }, [])).toMatchObject({ status: 'raw', reason: `No known event has the topic ${topics[0]!.slice(0, 10)}…${topics[0]!.slice(-6)}.` });
    expect(decodeLog({ topics, data: '0x01' }, [eventFromDb('Transfer(address,address,uint256)')])).toMatchObject({ status: 'raw', reason: 'The log does not decode as Transfer(address,address,uint256).' });
    expect(decodeLog({ topics: ['0x12'], data: '0x' }, [])).toMatchObject({ status: 'raw', reason: 'The log is not hex topics and data.' });
  });
});

describe('decodeRevert', () => {
  const custom = parseAbiItem('error InsufficientBalance(uint256 available, uint256 required)') as AbiError;

  it('reads Error(string) and Panic(uint256) always, with the panic in words', () => {
    const reason = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['Reverter: amount is zero'] });
    expect(decodeRevert(reason)).toMatchObject({ status: 'decoded', source: 'builtin', name: 'Error', message: 'Reverter: amount is zero' });
    const panic = encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x11n] });
    expect(decodeRevert(panic)).toMatchObject({ status: 'decoded', name: 'Panic', message: 'Panic 0x11: arithmetic overflow or underflow' });
    const odd = encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x99n] });
    expect(decodeRevert(odd).message).toBe('Panic 0x99: panic code 0x99, which the Solidity compiler does not use');
  });

  it('reads a custom error from a candidate, names and values in the message', () => {
    const data = encodeErrorResult({ abi: [custom], errorName: 'InsufficientBalance', args: [0n, 1000n] });
    expect(decodeRevert(data, [{ item: custom, source: 'metadata' }])).toMatchObject({ status: 'decoded', source: 'metadata', message: 'InsufficientBalance(available: 0, required: 1000)' });
    expect(decodeRevert(data)).toMatchObject({ status: 'raw', message: 'Reverted with the custom error 0xcf479181, which no known ABI or signature names.' });
  });

  it('says what an empty or short revert means', () => {
    expect(decodeRevert('0x').message).toMatch(/^Reverted without a reason/);
    expect(decodeRevert('0x0102').message).toBe('Reverted with 2 bytes of data, too short for an error selector.');
  });
});
