import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi } from 'viem';
import type { TokenTransferRow, TransfersEvent } from '../../../src-shared/api/history';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { historyTestKit } from './testing/historyTestKit';

// The sandbox's ERC-721 and ERC-1155 (seed-nfts.ts) through the address tabs, each figure read back from the chain.
const { sandbox, servicesOver, raw } = historyTestKit();
const tempDir = useTempDataDirs();
const nfts = sandbox.manifest.contracts.nfts!;
const abi = parseAbi([
  'function ownerOf(uint256 id) view returns (address)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function getApproved(uint256 id) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);
const call = async (to: string, data: `0x${string}`, block = 'latest') => raw<`0x${string}`>('eth_call', [{ to, data }, block]);

async function transfersOf(history: ReturnType<typeof servicesOver>['history'], address: string): Promise<TokenTransferRow[]> {
  const events: TransfersEvent[] = [];
  await history.transfers('local', address, (event) => events.push(event), new AbortController().signal);
  return events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
}

describe('NFTs on the sandbox', () => {
  it('lists ERC-721 and ERC-1155 transfers, single and batch, and holds what ownerOf and balanceOf say', async () => {
    expect(nfts, 'the seed made the NFTs').toBeDefined();
    const { history } = servicesOver(openStore(tempDir()));
    const [, second, third] = nfts.holders.map((holder) => holder.toLowerCase());
    const rows = await transfersOf(history, second!);
    const of = (token: string, standard: TokenTransferRow['standard']) => rows.filter((row) => row.token === token.toLowerCase() && row.standard === standard);
    // Collectible #2's minting went to the first holder; #1 moved from the first to the second, #3 was minted to it.
    expect(of(nfts.erc721, 'erc721').map((row) => `${row.direction} #${row.tokenId}`).sort()).toEqual(['in #1', 'in #3']);
    // Items: minted (#1 x100, #2 x5), ten of #1 received, and the batch out (#1 x3, #2 x1), one row per id.
    const items = of(nfts.erc1155, 'erc1155').map((row) => `${row.direction} ${row.amount} of #${row.tokenId}`).sort();
    expect(items).toEqual(['in 10 of #1', 'in 100 of #1', 'in 5 of #2', 'out 1 of #2', 'out 3 of #1'].sort());
    for (const row of rows) expect(row.timestamp).toMatch(/^0x[0-9a-f]+$/);

    const holdings = await history.holdings('local', third!);
    const collectibles = holdings.holdings.find((row) => row.token === nfts.erc721.toLowerCase())!;
    for (const id of collectibles.tokenIds) {
      const owner = await call(nfts.erc721, encodeFunctionData({ abi, functionName: 'ownerOf', args: [BigInt(id)] }), holdings.block);
      expect(`0x${owner.slice(-40)}`).toBe(third);
    }
    expect(collectibles.tokenIds.sort()).toEqual(['4', '5']);
    const items3 = holdings.holdings.find((row) => row.token === nfts.erc1155.toLowerCase())!;
    for (const id of items3.tokenIds) {
      expect(BigInt(await call(nfts.erc1155, encodeFunctionData({ abi, functionName: 'balanceOf', args: [third! as `0x${string}`, BigInt(id)] }), holdings.block))).toBeGreaterThan(0n);
    }
  });

  it("lists the first holder's NFT approvals: one collectible to a spender, an operator for all of each, as the chain says now", async () => {
    const { history } = servicesOver(openStore(tempDir()));
    const owner = nfts.holders[0]!;
    const view = await history.approvals('local', owner);
    const router = sandbox.manifest.contracts.uniswapRouter.toLowerCase();
    const token = view.rows.find((row) => row.kind === 'token' && row.token === nfts.erc721.toLowerCase())!;
    expect(token).toMatchObject({ standard: 'erc721', tokenId: '2', spender: router, active: true });
    const approved = await call(nfts.erc721, encodeFunctionData({ abi, functionName: 'getApproved', args: [2n] }), view.block);
    expect(`0x${approved.slice(-40)}`).toBe(router);
    for (const [address, standard] of [[nfts.erc721, 'erc721'], [nfts.erc1155, 'erc1155']] as const) {
      const operator = view.rows.find((row) => row.kind === 'operator' && row.token === address.toLowerCase())!;
      expect(operator).toMatchObject({ standard, spender: router, active: true });
      expect(BigInt(await call(address, encodeFunctionData({ abi, functionName: 'isApprovedForAll', args: [owner as `0x${string}`, router as `0x${string}`] }), view.block))).toBe(1n);
    }
  });
});
