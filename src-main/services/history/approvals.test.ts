import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawNodeLog } from '../chains/rawNodeLog';
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, approvalFilter, approvalIn, latestApprovals } from './approvals';
import { addressTopic } from './tokenTransfers';

const OWNER = '0x1111111111111111111111111111111111111111';
const SPENDER = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const TOKEN = '0x4444444444444444444444444444444444444444';
const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;

let nextIndex = 0;
function log(topics: string[], data: string, block = 1, extra: Partial<RawNodeLog> = {}): RawNodeLog {
  const index = nextIndex++;
  return { address: TOKEN, topics, data, blockNumber: `0x${block.toString(16)}`, blockHash: word(BigInt(block)), transactionHash: word(BigInt(1000 + index)), transactionIndex: '0x0', logIndex: `0x${index.toString(16)}`, ...extra };
}
const erc20 = (spender: string, amount: bigint, block = 1) => log([APPROVAL_TOPIC, addressTopic(OWNER), addressTopic(spender)], word(amount), block);
const erc721 = (approved: string, id: bigint, block = 1) => log([APPROVAL_TOPIC, addressTopic(OWNER), addressTopic(approved), word(id)], '0x', block);
const forAll = (operator: string, approved: boolean, block = 1) => log([APPROVAL_FOR_ALL_TOPIC, addressTopic(OWNER), addressTopic(operator)], word(approved ? 1n : 0n), block);

describe('approvals in logs', () => {
  it('asks for both events in one filter, the owner as the first indexed topic', () => {
    expect(approvalFilter(OWNER.toUpperCase().replace('0X', '0x'))).toEqual({ topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], `0x${'0'.repeat(24)}${OWNER.slice(2)}`] });
  });

  it('tells an ERC-20 allowance from one ERC-721 token by the topics count, and reads an operator grant', () => {
    expect(approvalIn(erc20(SPENDER, 5n), OWNER)).toMatchObject({ kind: 'allowance', id: `${TOKEN}:${SPENDER}`, spender: SPENDER, granted: 5n, tokenId: null });
    expect(approvalIn(erc721(SPENDER, 7n), OWNER)).toMatchObject({ kind: 'token', id: `${TOKEN}:#7`, spender: SPENDER, tokenId: 7n, approved: true });
    expect(approvalIn(forAll(OTHER, true), OWNER)).toMatchObject({ kind: 'operator', spender: OTHER, approved: true });
    expect(approvalIn(forAll(OTHER, false), OWNER)).toMatchObject({ kind: 'operator', approved: false });
  });

  it('takes no log in another shape, of another owner, or removed', () => {
    expect(approvalIn(log([APPROVAL_TOPIC, addressTopic(OWNER), addressTopic(SPENDER)], '0x'), OWNER)).toBeNull();
    expect(approvalIn(log([APPROVAL_TOPIC, addressTopic(OWNER), addressTopic(SPENDER), word(1n)], word(1n)), OWNER)).toBeNull();
    expect(approvalIn(log([APPROVAL_FOR_ALL_TOPIC, addressTopic(OWNER), addressTopic(SPENDER)], word(2n)), OWNER)).toBeNull();
    expect(approvalIn(erc20(SPENDER, 1n), OTHER)).toBeNull();
    expect(approvalIn({ ...erc20(SPENDER, 1n), removed: true }, OWNER)).toBeNull();
    expect(approvalIn(log([APPROVAL_TOPIC, addressTopic(OWNER), `0xff${'0'.repeat(22)}${SPENDER.slice(2)}`], word(1n)), OWNER)).toBeNull();
  });

  it('keeps the latest approval of each pair, by block then log index, whatever order the logs come in', () => {
    const older = erc20(SPENDER, 10n, 3);
    const newer = erc20(SPENDER, 0n, 3);
    const other = erc20(OTHER, 2n ** 256n - 1n, 2);
    const cleared = [erc721(SPENDER, 9n, 1), erc721('0x0000000000000000000000000000000000000000', 9n, 2)];
    const operator = [forAll(OTHER, true, 1), forAll(OTHER, false, 4)];
    const latest = latestApprovals([newer, other, older, ...cleared.reverse(), ...operator], OWNER);
    expect(latest.map((approval) => [approval.id, approval.granted ?? approval.approved])).toEqual([
      [`${TOKEN}:${SPENDER}`, 0n],
      [`${TOKEN}:${OTHER}`, 2n ** 256n - 1n],
      [`${TOKEN}:${OTHER}:operator`, false],
    ]);
  });

  it('never throws on any log, and finds an approval only where the owner is the first indexed topic', () => {
    const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((array) => `0x${Buffer.from(array).toString('hex')}`);
    const topic = fc.oneof(hex(32), fc.constant(APPROVAL_TOPIC), fc.constant(APPROVAL_FOR_ALL_TOPIC), fc.constant(addressTopic(OWNER)), fc.string());
    const anyLog = fc.record({
      topics: fc.array(topic, { maxLength: 5 }),
      data: fc.oneof(fc.constant('0x'), hex(32), hex(64), fc.string()),
      block: fc.nat(1_000),
    });
    fc.assert(
      fc.property(fc.array(anyLog, { maxLength: 20 }), (logs) => {
        const raw = logs.map((entry) => log(entry.topics, entry.data, entry.block));
        const latest = latestApprovals(raw, OWNER);
        for (const approval of latest) expect(raw.some((entry) => entry.topics[1] === addressTopic(OWNER) && entry.transactionHash === approval.transactionHash)).toBe(true);
        expect(new Set(latest.map((approval) => approval.id)).size).toBe(latest.length);
      }),
    );
  });
});
