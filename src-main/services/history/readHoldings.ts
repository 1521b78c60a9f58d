import { decodeAbiParameters, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { HoldingRow, HoldingsView, TokenTransferRow } from '../../../src-shared/api/history';
import type { RpcService } from '../rpc/createRpcService';

const abi = parseAbi(['function balanceOf(address owner) view returns (uint256)', 'function ownerOf(uint256 id) view returns (address)', 'function balanceOf(address owner, uint256 id) view returns (uint256)']);

/**
 * What `address` holds at `block` of every token it ever received (from its transfers): an ERC-20's `balanceOf`;
 * for ERC-721, each id it received checked with `ownerOf`; for ERC-1155, `balanceOf(address, id)` of each id it
 * received. The reads leave together (the client batches them). A token whose contract does not answer is
 * listed with a balance of 0 only when its transfers say it holds none; otherwise left out.
 */
export async function readHoldings(rpc: Pick<RpcService, 'request'>, networkId: string, address: string, transfers: TokenTransferRow[], block: string, signal: AbortSignal): Promise<HoldingsView> {
  const owner = address.toLowerCase() as `0x${string}`;
  const byToken = new Map<string, TokenTransferRow[]>();
  for (const row of transfers) {
    const key = `${row.standard}:${row.token}`;
    const rows = byToken.get(key);
    if (rows) rows.push(row);
    else byToken.set(key, [row]);
  }
  const call = (to: string, data: Hex) => rpc.request<Hex>(networkId, 'eth_call', [{ to, data }, block], { signal }).catch(() => null);
  const received = (rows: TokenTransferRow[]) => rows.some((row) => row.direction !== 'out');

  const holdings = await Promise.all(
    [...byToken.values()]
      .filter(received)
      .map(async (rows): Promise<HoldingRow | null> => {
        const { token, standard, symbol, decimals } = rows[0]!;
        const base = { token, standard, symbol, decimals, transfers: rows.length };
        if (standard === 'erc20') {
          const answer = await call(token, encodeFunctionData({ abi, functionName: 'balanceOf', args: [owner] }));
          const balance = uint(answer);
          return balance === null ? null : { ...base, balance: balance.toString(10), tokenIds: [] };
        }
        const ids = [...new Set(rows.filter((row) => row.direction !== 'out' && row.tokenId !== null).map((row) => row.tokenId!))];
        if (standard === 'erc721') {
          const owners = await Promise.all(ids.map((id) => call(token, encodeFunctionData({ abi, functionName: 'ownerOf', args: [BigInt(id)] }))));
          const owned = ids.filter((_, i) => addressOf(owners[i] ?? null) === owner);
          return { ...base, balance: String(owned.length), tokenIds: owned };
        }
        const balances = await Promise.all(ids.map((id) => call(token, encodeFunctionData({ abi, functionName: 'balanceOf', args: [owner, BigInt(id)] }))));
        const held = ids.filter((_, i) => (uint(balances[i] ?? null) ?? 0n) > 0n);
        const total = balances.reduce((sum, answer) => sum + (uint(answer) ?? 0n), 0n);
        return { ...base, balance: total.toString(10), tokenIds: held };
      }),
  );
  // Held tokens first, largest balance first within a standard; then those it no longer holds.
  const kept = holdings.filter((row): row is HoldingRow => row !== null);
  kept.sort((a, b) => Number(b.balance !== '0') - Number(a.balance !== '0') || a.standard.localeCompare(b.standard) || (a.symbol ?? a.token).localeCompare(b.symbol ?? b.token));
  return { block, holdings: kept };
}

function uint(answer: Hex | null): bigint | null {
  if (!answer || answer.length !== 66) return null;
  try {
    return decodeAbiParameters([{ type: 'uint256' }], answer)[0];
  } catch {
    return null;
  }
}

function addressOf(answer: Hex | null): string | null {
  if (!answer || answer.length !== 66) return null;
  return `0x${answer.slice(26)}`.toLowerCase();
}
