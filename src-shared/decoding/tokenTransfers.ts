import type { Decoding } from './types';

/** A token movement read from one decoded log. */
export interface TransferFact {
  standard: 'ERC-20' | 'ERC-721' | 'ERC-1155';
  token: string;
  from: string;
  to: string;
  amount: string | null;
  tokenId: string | null;
  logIndex: number;
}

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The token transfers among a transaction's logs: ERC-20 `Transfer` (two indexed topics), ERC-721 `Transfer`
 * (three), ERC-1155 `TransferSingle`, and WETH-style `Deposit` / `Withdrawal` as mints and burns of the
 * wrapped token. Reads decoded logs by signature and argument position, so names from any source work.
 */
export function tokenTransfers(logs: readonly { address: string; logIndex: number; decoded: Decoding }[]): TransferFact[] {
  const facts: TransferFact[] = [];
  for (const { address, logIndex, decoded } of logs) {
    if (decoded.status !== 'decoded') continue;
    const values = decoded.args.map((arg) => arg.value);
    const str = (index: number) => (typeof values[index] === 'string' ? (values[index] as string) : '');
    switch (decoded.signature) {
      case 'Transfer(address,address,uint256)': {
        const nft = decoded.args[2]?.indexed === true;
        facts.push({ standard: nft ? 'ERC-721' : 'ERC-20', token: address, from: str(0), to: str(1), amount: nft ? null : str(2), tokenId: nft ? str(2) : null, logIndex });
        break;
      }
      case 'TransferSingle(address,address,address,uint256,uint256)':
        facts.push({ standard: 'ERC-1155', token: address, from: str(1), to: str(2), amount: str(4), tokenId: str(3), logIndex });
        break;
      case 'Deposit(address,uint256)':
        facts.push({ standard: 'ERC-20', token: address, from: ZERO, to: str(0), amount: str(1), tokenId: null, logIndex });
        break;
      case 'Withdrawal(address,uint256)':
        facts.push({ standard: 'ERC-20', token: address, from: str(0), to: ZERO, amount: str(1), tokenId: null, logIndex });
        break;
    }
  }
  return facts;
}
