import fc from 'fast-check';
import { RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { BlockglassError } from '../../errors/blockglassError';
import { nodeError } from '../nodeError';
import { revertPayload } from './revertPayload';

type Answer = { code: number; message: string; data?: unknown };

/** Revert bytes: a selector and words, or any short run of bytes, in either case of hex digit. */
const bytes = fc.uint8Array({ minLength: 1, maxLength: 200, size: 'large' }).map((array) => `0x${Buffer.from(array).toString('hex')}`);
const anyCase = (hex: string) => fc.boolean().map((upper) => (upper ? `0x${hex.slice(2).toUpperCase()}` : hex));

/** Every shape of NODE-DIALECTS.md, each with the code and words its node uses. */
const SHAPES: Record<string, (hex: string) => Answer> = {
  'hex at data (geth, Anvil, the service)': (hex) => ({ code: 3, message: 'execution reverted', data: hex }),
  'data.data (Hardhat)': (hex) => ({ code: -32603, message: "Error: VM Exception while processing transaction: reverted with reason string 'x'", data: { message: '…', data: hex } }),
  'hex at data (Ganache 7)': (hex) => ({ code: -32000, message: 'VM Exception while processing transaction: revert', data: hex }),
  'data.originalError.data (a gateway)': (hex) => ({ code: -32603, message: 'execution reverted', data: { originalError: { data: hex, message: 'execution reverted' } } }),
  'data.result (old Ganache)': (hex) => ({ code: -32000, message: 'VM Exception while processing transaction: revert', data: { result: hex } }),
  'data.return under a transaction hash (old Ganache)': (hex) => ({ code: -32000, message: 'VM Exception while processing transaction: revert', data: { [`0x${'12'.repeat(32)}`]: { error: 'revert', return: hex }, name: 'RuntimeError' } }),
  'a hex after a word (Nethermind)': (hex) => ({ code: -32015, message: 'VM execution error.', data: `Reverted ${hex}` }),
  "Hardhat's (return data: 0x…) in the message": (hex) => ({ code: -32603, message: `Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: ${hex})` }),
};
const shape = fc.constantFrom(...Object.keys(SHAPES));
const MESSAGE_ONLY = "Hardhat's (return data: 0x…) in the message";

/** As the rpc layer throws it: viem's error for the answer, mapped and redacted, as a BlockglassError. */
const thrownFor = (answer: Answer) =>
  nodeError(new RpcRequestError({ body: { method: 'eth_call' }, error: answer, url: 'http://127.0.0.1:8545' }), { secrets: [], method: 'eth_call' });

/** Ways the error reaches the code that reads it: as the rpc layer throws it, raw, or wrapped in causes. */
const WRAPPINGS: Record<string, (answer: Answer) => unknown> = {
  'the rpc layer': thrownFor,
  'the raw JSON-RPC error': (answer) => answer,
  'under two causes': (answer) => new BlockglassError('Reading the transaction failed.', { cause: new Error('call failed', { cause: answer }) }),
};
const wrapping = fc.constantFrom(...Object.keys(WRAPPINGS));

/** Text that says nothing of a revert (nor holds a hex the message reader would take). */
const plainText = fc.string({ maxLength: 80 }).filter((text) => !/revert|VM Exception|VM execution error|return data/i.test(text));

describe('revertPayload, properties', () => {
  it('finds the revert bytes in every shape, however the error is wrapped', () => {
    fc.assert(
      fc.property(bytes.chain(anyCase), shape, wrapping, (hex, name, wrap) => {
        // The rpc layer cuts the node's message to a snippet: bytes only in the message do not all reach it (below).
        fc.pre(!(wrap === 'the rpc layer' && name === MESSAGE_ONLY));
        expect(revertPayload(WRAPPINGS[wrap]!(SHAPES[name]!(hex)))).toEqual({ reverted: true, data: hex.toLowerCase() });
      }),
    );
  });

  it('takes bytes from a message cut short by the rpc layer only when whole: else it reverted without data, never cut bytes', () => {
    fc.assert(
      fc.property(bytes, (hex) => {
        const found = revertPayload(thrownFor(SHAPES[MESSAGE_ONLY]!(hex)));
        expect([{ reverted: true, data: hex }, { reverted: true, data: null }]).toContainEqual(found);
      }),
    );
  });

  it('says "reverted without data" for every shape whose bytes are empty', () => {
    fc.assert(
      fc.property(shape, wrapping, (name, wrap) => {
        expect(revertPayload(WRAPPINGS[wrap]!(SHAPES[name]!('0x')))).toEqual({ reverted: true, data: null });
      }),
    );
  });

  it('finds no revert in a node error with neither a revert code, nor the words, nor bytes', () => {
    const code = fc.integer({ min: -33000, max: 1000 }).filter((value) => value !== 3 && value !== -32015);
    const data = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant('0x'), plainText.filter((text) => !/0x/i.test(text)), fc.record({ from: fc.constant('0xa'), to: fc.constant('0xb') }));
    fc.assert(
      fc.property(code, plainText, data, wrapping, (value, message, extra, wrap) => {
        const answer = { code: value, message: message || 'error', ...(extra !== undefined ? { data: extra } : {}) };
        expect(revertPayload(WRAPPINGS[wrap]!(answer))).toEqual({ reverted: false });
      }),
    );
  });

  it('never throws, and answers one of its three shapes, for anything at all', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true, maxDepth: 4 }), (value) => {
        const found = revertPayload(value);
        expect(found.reverted === false || found.data === null || /^0x(?:[0-9a-f]{2})+$/.test(found.data)).toBe(true);
      }),
    );
  });

  it('a payload it finds is always whole bytes from the error itself', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 3 }), fc.string(), (data, message) => {
        const found = revertPayload({ code: 3, message, data });
        if (found.reverted && found.data !== null) expect(JSON.stringify([data, message]).toLowerCase()).toContain(found.data.slice(2));
      }),
    );
  });
});
