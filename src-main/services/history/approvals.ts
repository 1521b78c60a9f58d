import type { RawNodeLog } from '../chains/rawNodeLog';
import { addressTopic } from './tokenTransfers';

/** `Approval(address indexed owner, address indexed spender, uint256)`: ERC-20 (amount in data) and ERC-721 (token id as the third topic). */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
/** `ApprovalForAll(address indexed owner, address indexed operator, bool)`: ERC-721 and ERC-1155 operators. */
export const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';

/** An allowance this large or larger is "unlimited": max uint256 and what spending from it leaves stay above it. */
export const UNLIMITED_FROM = 2n ** 255n;

/**
 * The one filter that finds every approval `owner` granted: both events keep the owner as their first indexed
 * topic, and a node ORs within a topic position, so one `eth_getLogs` (per piece) answers for both.
 */
export function approvalFilter(owner: string): { topics: (string | string[])[] } {
  return { topics: [[APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], addressTopic(owner)] };
}

/** The latest approval log of one (token, spender) pair, or of one ERC-721 token id, decoded. */
export interface LatestApproval {
  id: string;
  kind: 'allowance' | 'token' | 'operator';
  token: string;
  spender: string;
  tokenId: bigint | null;
  /** The amount an ERC-20 `Approval` set; whether an `ApprovalForAll` approved. */
  granted: bigint | null;
  approved: boolean | null;
  blockNumber: bigint;
  transactionHash: string;
  logIndex: number;
  blockTimestamp: string | null;
}

const WORD = /^0x[0-9a-fA-F]{64}$/;
const topicAddress = (topic: string | undefined) => (topic && WORD.test(topic) && /^0x0{24}/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : null);

/**
 * One log as an approval by `owner`, or null for a log that is not one: an ERC-20 `Approval` has three topics and a
 * 32-byte amount, an ERC-721 `Approval` four (the token id indexed) and no data, an `ApprovalForAll` three and a
 * 32-byte bool. A log in another shape under the same topic (another event of that name), a removed log, or one
 * whose owner is not `owner`, is none.
 */
export function approvalIn(log: RawNodeLog, owner: string): LatestApproval | null {
  const me = owner.toLowerCase();
  const [topic0, ownerTopic, spenderTopic, idTopic] = log.topics;
  if (log.removed || !log.transactionHash || !log.logIndex || !log.blockNumber) return null;
  if (topicAddress(ownerTopic) !== me) return null;
  const spender = topicAddress(spenderTopic);
  if (!spender) return null;
  const token = log.address.toLowerCase();
  const data = (log.data ?? '0x').toLowerCase();
  const base = { token, spender, blockNumber: BigInt(log.blockNumber), transactionHash: log.transactionHash, logIndex: Number(BigInt(log.logIndex)), blockTimestamp: log.blockTimestamp ?? null };
  if (topic0 === APPROVAL_TOPIC && log.topics.length === 3 && WORD.test(data)) {
    return { ...base, id: `${token}:${spender}`, kind: 'allowance', tokenId: null, granted: BigInt(data), approved: null };
  }
  if (topic0 === APPROVAL_TOPIC && log.topics.length === 4 && WORD.test(idTopic ?? '') && data === '0x') {
    const tokenId = BigInt(idTopic!);
    return { ...base, id: `${token}:#${tokenId.toString(10)}`, kind: 'token', tokenId, granted: null, approved: spender !== ZERO };
  }
  if (topic0 === APPROVAL_FOR_ALL_TOPIC && log.topics.length === 3 && WORD.test(data) && BigInt(data) <= 1n) {
    return { ...base, id: `${token}:${spender}:operator`, kind: 'operator', tokenId: null, granted: null, approved: data.endsWith('1') };
  }
  return null;
}

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The latest approval of each pair among `logs` (in any order): a later `Approval` of the same spender replaces
 * the allowance, a later approval of the same ERC-721 token id replaces its approved address (the zero address
 * clears it), a later `ApprovalForAll` of the same operator replaces the grant. Pairs whose latest says nothing is
 * granted (an ERC-721 token cleared) are left out; an allowance set to 0 is kept (its allowance now says 0).
 */
export function latestApprovals(logs: readonly RawNodeLog[], owner: string): LatestApproval[] {
  const latest = new Map<string, LatestApproval>();
  for (const log of logs) {
    const approval = approvalIn(log, owner);
    if (!approval) continue;
    const seen = latest.get(approval.id);
    if (!seen || seen.blockNumber < approval.blockNumber || (seen.blockNumber === approval.blockNumber && seen.logIndex < approval.logIndex)) latest.set(approval.id, approval);
  }
  return [...latest.values()].filter((approval) => approval.kind !== 'token' || approval.approved);
}
