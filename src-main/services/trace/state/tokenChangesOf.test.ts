import { describe, expect, it } from 'vitest';
import { tokenChangesOf } from './tokenChangesOf';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;
const amount = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const T1 = '0x1000000000000000000000000000000000000001';
const T2 = '0x2000000000000000000000000000000000000002';
const ALICE = '0xa11ce00000000000000000000000000000000000';
const BOB = '0xb0b0000000000000000000000000000000000000';
const ZERO = `0x${'0'.repeat(40)}`;

describe('tokenChangesOf', () => {
  it('nets each holder’s change per token, ordered by token then holder, holders who net zero left out', () => {
    const changes = tokenChangesOf([
      { address: T2, topics: [TRANSFER, topic(ALICE), topic(BOB)], data: amount(5n) },
      { address: T1, topics: [TRANSFER, topic(ALICE), topic(BOB)], data: amount(10n) },
      { address: T1, topics: [TRANSFER, topic(BOB), topic(ALICE)], data: amount(4n) },
      { address: T2, topics: [TRANSFER, topic(BOB), topic(ALICE)], data: amount(5n) },
    ]);
    expect(changes).toEqual([
      { token: T1, holder: ALICE, change: -6n },
      { token: T1, holder: BOB, change: 6n },
    ]);
  });

  it('counts WETH9’s Deposit as a mint to, and its Withdrawal as a burn from, the account that wrapped or unwrapped', () => {
    const DEPOSIT = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
    const WITHDRAWAL = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
    const changes = tokenChangesOf([
      { address: T1, topics: [DEPOSIT, topic(ALICE)], data: amount(9n) },
      { address: T1, topics: [TRANSFER, topic(ALICE), topic(BOB)], data: amount(9n) },
      { address: T1, topics: [WITHDRAWAL, topic(BOB)], data: amount(4n) },
    ]);
    expect(changes).toEqual([{ token: T1, holder: BOB, change: 5n }]);
  });

  it('counts a mint and a burn for the holder only (the zero address is no holder), and skips ERC-721 and other events', () => {
    const changes = tokenChangesOf([
      { address: T1, topics: [TRANSFER, topic(ZERO), topic(ALICE)], data: amount(7n) },
      { address: T1, topics: [TRANSFER, topic(BOB), topic(ZERO)], data: amount(2n) },
      { address: T2, topics: [TRANSFER, topic(ALICE), topic(BOB), amount(1n)], data: '0x' },
      { address: T2, topics: [`0x${'ab'.repeat(32)}`, topic(ALICE), topic(BOB)], data: amount(1n) },
    ]);
    expect(changes).toEqual([
      { token: T1, holder: ALICE, change: 7n },
      { token: T1, holder: BOB, change: -2n },
    ]);
  });
});
