/** A log as a receipt holds it (what token changes read). */
export interface ReceiptLog {
  address: string;
  topics: readonly string[];
  data: string;
}

/** `Transfer(address,address,uint256)`. */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** WETH9's `Deposit(address,uint256)` and `Withdrawal(address,uint256)`: it mints and burns without a Transfer. */
const DEPOSIT = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
const WITHDRAWAL = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';

/** A holder's net change of one token. */
export interface TokenChange {
  token: `0x${string}`;
  holder: `0x${string}`;
  /** Net, in the token's smallest unit. */
  change: bigint;
}

/**
 * The net balance change of each holder of each token, from a transaction's ERC-20 `Transfer` logs (two indexed
 * addresses, the amount in the data; ERC-721's, whose third topic is the token id, are not amounts and are left
 * out) and WETH9's `Deposit` and `Withdrawal` (which wrap and unwrap ETH without one). A mint comes from, and a
 * burn goes to, the zero address, which is not a holder. Holders whose transfers
 * cancel out are left out. In token order, then holder order. Pure.
 */
export function tokenChangesOf(logs: readonly ReceiptLog[]): TokenChange[] {
  const changes = new Map<string, bigint>();
  const add = (token: string, holder: string, amount: bigint) => {
    if (/^0x0{40}$/.test(holder)) return;
    const key = `${token}|${holder}`;
    changes.set(key, (changes.get(key) ?? 0n) + amount);
  };
  for (const log of logs) {
    const wraps = log.topics[0]?.toLowerCase() === DEPOSIT ? 1n : log.topics[0]?.toLowerCase() === WITHDRAWAL ? -1n : 0n;
    if (wraps !== 0n && log.topics.length === 2 && /^0x[0-9a-fA-F]{64}$/.test(log.data)) {
      add(log.address.toLowerCase(), `0x${log.topics[1]!.slice(26).toLowerCase()}`, wraps * BigInt(log.data));
      continue;
    }
    if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER || !/^0x[0-9a-fA-F]{64}$/.test(log.data)) continue;
    const token = log.address.toLowerCase();
    const amount = BigInt(log.data);
    add(token, `0x${log.topics[1]!.slice(26).toLowerCase()}`, -amount);
    add(token, `0x${log.topics[2]!.slice(26).toLowerCase()}`, amount);
  }
  return [...changes]
    .filter(([, change]) => change !== 0n)
    .map(([key, change]) => {
      const [token, holder] = key.split('|') as [`0x${string}`, `0x${string}`];
      return { token, holder, change };
    })
    .sort((a, b) => (a.token === b.token ? a.holder.localeCompare(b.holder) : a.token.localeCompare(b.token)));
}
