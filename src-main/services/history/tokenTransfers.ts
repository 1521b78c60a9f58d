import { decodeAbiParameters, type Hex } from 'viem';
import type { TokenTransferRow } from '../../../src-shared/api/history';
import type { RawNodeLog } from '../chains/rawNodeLog';

/** `Transfer(address,address,uint256)`: ERC-20 (amount in data) and ERC-721 (token id as the third topic). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** ERC-1155 `TransferSingle(address operator, address from, address to, uint256 id, uint256 value)`. */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
/** ERC-1155 `TransferBatch(address operator, address from, address to, uint256[] ids, uint256[] values)`. */
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

/** An address as an indexed topic: left-padded to 32 bytes. */
export const addressTopic = (address: string) => `0x${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;

/**
 * The four filters that find every token transfer of `address` (a node ORs within a topic position, not across
 * positions): `Transfer` from it, `Transfer` to it, ERC-1155 transfers from it (topic 2, after the operator), and
 * to it (topic 3).
 */
export function transferFilters(address: string): { topics: (string | string[] | null)[] }[] {
  const me = addressTopic(address);
  const erc1155 = [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC];
  return [{ topics: [TRANSFER_TOPIC, me] }, { topics: [TRANSFER_TOPIC, null, me] }, { topics: [erc1155, null, me] }, { topics: [erc1155, null, null, me] }];
}

const topicAddress = (topic: string | undefined) => (topic && /^0x[0-9a-fA-F]{64}$/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : null);
const asDecimal = (hex: string | undefined) => (hex && /^0x[0-9a-fA-F]{1,64}$/.test(hex) ? BigInt(hex).toString(10) : null);

/**
 * The transfers of `owner` in one log, decoded: one row for a `Transfer` (ERC-20 when the amount is in the data,
 * ERC-721 when the token id is the third indexed topic) or a `TransferSingle`, one per id of a `TransferBatch`.
 * A log that matches none of these shapes (another event with the same topic and other fields) gives none.
 */
export function transfersIn(log: RawNodeLog, owner: string): Omit<TokenTransferRow, 'symbol' | 'decimals'>[] {
  const me = owner.toLowerCase();
  const [topic0, ...rest] = log.topics;
  if (!log.transactionHash || !log.logIndex || !log.blockNumber) return [];
  const base = {
    transactionHash: log.transactionHash,
    logIndex: Number(BigInt(log.logIndex)),
    blockNumber: log.blockNumber,
    timestamp: typeof log.blockTimestamp === 'string' ? log.blockTimestamp : null,
    token: log.address.toLowerCase(),
  };
  const row = (from: string, to: string, standard: TokenTransferRow['standard'], amount: string, tokenId: string | null, position?: number) => ({
    ...base,
    id: `${base.transactionHash}:${base.logIndex}${position === undefined ? '' : `:${position}`}`,
    standard,
    from,
    to,
    direction: (from === me && to === me ? 'self' : to === me ? 'in' : 'out') as TokenTransferRow['direction'],
    amount,
    tokenId,
  });
  try {
    if (topic0 === TRANSFER_TOPIC) {
      const from = topicAddress(rest[0]);
      const to = topicAddress(rest[1]);
      if (!from || !to || (from !== me && to !== me)) return [];
      if (rest.length === 2) {
        const [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data as Hex);
        return [row(from, to, 'erc20', amount.toString(10), null)];
      }
      const tokenId = asDecimal(rest[2]);
      return rest.length === 3 && tokenId !== null ? [row(from, to, 'erc721', '1', tokenId)] : [];
    }
    if (topic0 === TRANSFER_SINGLE_TOPIC || topic0 === TRANSFER_BATCH_TOPIC) {
      const from = topicAddress(rest[1]);
      const to = topicAddress(rest[2]);
      if (!from || !to || rest.length !== 3 || (from !== me && to !== me)) return [];
      if (topic0 === TRANSFER_SINGLE_TOPIC) {
        const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data as Hex);
        return [row(from, to, 'erc1155', value.toString(10), id.toString(10))];
      }
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data as Hex);
      if (ids.length !== values.length) return [];
      return ids.map((id, position) => row(from, to, 'erc1155', values[position]!.toString(10), id.toString(10), position));
    }
  } catch {
    return []; // data that does not decode as the standard says: not a token transfer
  }
  return [];
}
