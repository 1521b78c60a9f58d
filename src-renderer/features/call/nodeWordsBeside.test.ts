import { describe, expect, it } from 'vitest';
import type { RevertDecoding } from '../../../src-shared/decoding/decodeRevert';
import { nodeWordsBeside } from './nodeWordsBeside';

const decoded = (name: string, message: string): RevertDecoding => ({ status: 'decoded', selector: '0x00000000', name, signature: `${name}()`, args: [], source: 'builtin', alternatives: [], message });
const CUSTOM = decoded('InsufficientBalance', 'InsufficientBalance(requested: 1000, available: 100)');
const REASON = decoded('Error', 'Reverter: amount is zero');
const PANIC = decoded('Panic', 'Panic 0x11: arithmetic overflow or underflow');

describe('nodeWordsBeside', () => {
  it.each([
    ["Hardhat's words for a custom error it cannot read", 'Error: Transaction reverted without a reason string', CUSTOM, undefined],
    ["Hardhat's unrecognized custom error", 'Error: VM Exception while processing transaction: reverted with an unrecognized custom error (return data: 0xcf47…)', CUSTOM, undefined],
    ["Anvil's custom error by selector", 'execution reverted: custom error 0xcf479181: 00000000…', CUSTOM, undefined],
    ["Ganache's bare revert", 'VM Exception while processing transaction: revert', CUSTOM, undefined],
    ['words that name the same error', "reverted with custom error 'InsufficientBalance(1000, 100)'", CUSTOM, "reverted with custom error 'InsufficientBalance(1000, 100)'"],
    ['the same reason string', 'execution reverted: Reverter: amount is zero', REASON, 'execution reverted: Reverter: amount is zero'],
    ["Hardhat's panic, in its words", 'reverted with panic code 0x11 (Arithmetic operation overflowed outside of an unchecked block)', PANIC, 'reverted with panic code 0x11 (Arithmetic operation overflowed outside of an unchecked block)'],
    ['anything, beside a revert that was not decoded', 'Error: Transaction reverted without a reason string', { status: 'raw', reason: 'r', alternatives: [], message: 'r' } satisfies RevertDecoding, 'Error: Transaction reverted without a reason string'],
    ['anything, beside an error that is no revert', 'invalid argument 0: hex string has odd length', null, 'invalid argument 0: hex string has odd length'],
    ['nothing when the node said nothing', undefined, CUSTOM, undefined],
  ])('%s', (_, said, revert, expected) => {
    expect(nodeWordsBeside(said, revert)).toBe(expected);
  });
});
