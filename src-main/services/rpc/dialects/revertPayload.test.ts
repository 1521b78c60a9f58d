import { RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { BlockglassError } from '../../errors/blockglassError';
import { nodeError } from '../nodeError';
import { revertPayload } from './revertPayload';

// Revert bytes as the nodes return them: Error("Reverter: amount is zero"), InsufficientBalance(101, 100), Panic(0x11).
const REASON = '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001852657665727465723a20616d6f756e74206973207a65726f0000000000000000';
const CUSTOM = '0xcf47918100000000000000000000000000000000000000000000000000000000000000650000000000000000000000000000000000000000000000000000000000000064';
const PANIC = '0x4e487b710000000000000000000000000000000000000000000000000000000000000011';
const hardhatSays = `Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: ${CUSTOM})`;

/** A node's JSON-RPC error as the rpc layer throws it: viem's error, mapped and redacted, made a BlockglassError. */
const thrownFor = (error: { code: number; message: string; data?: unknown }) =>
  nodeError(new RpcRequestError({ body: { method: 'eth_call' }, error, url: 'http://127.0.0.1:8545' }), { secrets: [], method: 'eth_call' });

describe('revertPayload: each node\'s answer, as the rpc layer throws it', () => {
  it.each([
    ['geth, Anvil, Reth, Erigon and the service (code 3, a hex at data)', { code: 3, message: 'execution reverted: Reverter: amount is zero', data: REASON }, REASON],
    // Answers copied from Hardhat 2.29.1 (EDR) and Ganache 7.9.2, eth_call at the failed transactions' parent blocks.
    ['Hardhat, a custom error (data.data, and the message says return data)', { code: -32603, message: hardhatSays, data: { message: hardhatSays, data: CUSTOM } }, CUSTOM],
    ['Hardhat, a reason string', { code: -32603, message: "Error: VM Exception while processing transaction: reverted with reason string 'Reverter: amount is zero'", data: { message: 'Error: VM Exception while processing transaction: reverted with reason string \'Reverter: amount is zero\'', data: REASON } }, REASON],
    ['Hardhat, a panic', { code: -32603, message: 'Error: VM Exception while processing transaction: reverted with panic code 0x11 (Arithmetic operation overflowed outside of an unchecked block)', data: { message: 'Error: VM Exception while processing transaction: reverted with panic code 0x11', data: PANIC } }, PANIC],
    ['Ganache 7, a custom error (a hex at data, the message says only revert)', { code: -32000, message: 'VM Exception while processing transaction: revert', data: CUSTOM }, CUSTOM],
    ['Ganache 7, a reason string', { code: -32000, message: 'VM Exception while processing transaction: revert Reverter: amount is zero', data: REASON }, REASON],
    ['old Ganache (data.result)', { code: -32000, message: 'VM Exception while processing transaction: revert', data: { result: PANIC } }, PANIC],
    ['old Ganache (data.return, keyed by the transaction hash)', { code: -32000, message: 'VM Exception while processing transaction: revert Reverter: amount is zero', data: { [`0x${'ab'.repeat(32)}`]: { error: 'revert', program_counter: 130, return: REASON, reason: 'Reverter: amount is zero' }, stack: 'RuntimeError: VM Exception…', name: 'RuntimeError' } }, REASON],
    ['Nethermind (a hex after a word)', { code: -32015, message: 'VM execution error.', data: `Reverted ${CUSTOM}` }, CUSTOM],
    ['a gateway (data.originalError.data)', { code: -32603, message: 'execution reverted', data: { originalError: { code: 3, message: 'execution reverted', data: PANIC } } }, PANIC],
    ['a wallet (data.data, no words)', { code: -32000, message: 'Internal JSON-RPC error.', data: { code: 3, data: REASON } }, REASON],
  ])('%s', (_, answer, bytes) => {
    expect(revertPayload(thrownFor(answer))).toEqual({ reverted: true, data: bytes });
  });

  it.each([
    ['Hardhat without a reason string (data.data is 0x)', { code: -32603, message: 'Error: Transaction reverted without a reason string', data: { message: 'Error: Transaction reverted without a reason string', data: '0x' } }],
    ['Ganache out of gas', { code: -32000, message: 'VM Exception while processing transaction: out of gas', data: '0x' }],
    ['geth, a bare revert()', { code: 3, message: 'execution reverted' }],
    ['Nethermind, nothing after the word', { code: -32015, message: 'VM execution error.', data: 'Reverted 0x' }],
    ['Hardhat, a call to a non-contract', { code: -32603, message: 'Error: Transaction reverted: function call to a non-contract account', data: { message: '…', data: null } }],
  ])('%s: reverted without data', (_, answer) => {
    expect(revertPayload(thrownFor(answer))).toEqual({ reverted: true, data: null });
  });

  it.each([
    ["Hardhat's intrinsic gas refusal", { code: -32000, message: 'Transaction requires at least 21204 gas but got 21000', data: { message: 'Transaction requires at least 21204 gas but got 21000', data: null } }],
    ["geth's gas allowance", { code: -32000, message: 'gas required exceeds allowance (21000)' }],
    ['a method the node lacks', { code: -32601, message: 'the method eth_foo does not exist/is not available' }],
    ['the service\'s log limit, with a range in its data', { code: -32005, message: 'query returned more than 10000 results. Try with this block range [0xA, 0xB].', data: { from: '0xa', to: '0xb', limit: 10000 } }],
    ['a node error whose data is an empty hex and no word of a revert', { code: -32000, message: 'insufficient funds for gas * price + value', data: '0x' }],
  ])('%s: not a revert', (_, answer) => {
    expect(revertPayload(thrownFor(answer))).toEqual({ reverted: false });
  });
});

describe('revertPayload: errors that are not a node\'s answer', () => {
  it('reads Hardhat\'s return data from the message when the data is gone, only when the hex is whole', () => {
    expect(revertPayload(new Error(hardhatSays))).toEqual({ reverted: true, data: CUSTOM });
    // Cut as a snippet cuts it: the hex is not whole, so it is not taken; the words still say it reverted.
    expect(revertPayload(new Error(`${hardhatSays.slice(0, 140)}…`))).toEqual({ reverted: true, data: null });
  });

  it('walks the cause chain to the node\'s error', () => {
    const inner = { code: -32603, message: 'Internal error', data: { message: hardhatSays, data: CUSTOM } };
    const outer = new BlockglassError('The transaction could not be read.', { cause: new Error('wrapped', { cause: inner }) });
    expect(revertPayload(outer)).toEqual({ reverted: true, data: CUSTOM });
  });

  it('lowercases the bytes', () => {
    expect(revertPayload({ code: 3, message: 'execution reverted', data: PANIC.toUpperCase().replace('0X', '0x') })).toEqual({ reverted: true, data: PANIC });
  });

  it('says nothing of a revert for a failure without an answer: refused, timed out, cancelled', () => {
    expect(revertPayload(new BlockglassError('Nothing answers at 127.0.0.1:8545 (connection refused).', { code: 'ECONNREFUSED' }))).toEqual({ reverted: false });
    expect(revertPayload(new BlockglassError('The request was cancelled.', { code: 'ABORTED' }))).toEqual({ reverted: false });
    expect(revertPayload(undefined)).toEqual({ reverted: false });
    expect(revertPayload('0x1234')).toEqual({ reverted: false });
  });

  it('ends on cycles in the causes and in the data', () => {
    const data: Record<string, unknown> = { message: 'nothing' };
    data.self = data;
    const error: Record<string, unknown> = { code: -32000, message: 'VM Exception while processing transaction: revert', data };
    error.cause = error;
    expect(revertPayload(error)).toEqual({ reverted: true, data: null });
  });

  it('never throws on an object that throws when read', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('no'); }, ownKeys: () => { throw new Error('no'); } });
    expect(revertPayload(hostile)).toEqual({ reverted: false });
    expect(revertPayload({ code: 3, message: 'execution reverted', data: hostile })).toEqual({ reverted: true, data: null });
  });
});
