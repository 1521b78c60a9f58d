import { encodeFunctionData, type Address, type Hex, type HDAccount } from 'viem';
import { collectiblesAbi, itemsAbi } from './abis';
import { compileSandboxContracts } from './contracts';
import type { SeedDriver } from './seed-driver';

/** What the NFT seed made (listed in the manifest as `contracts.nfts` and `transactions.nfts`). */
export interface SeededNfts {
  /** SandboxCollectibles: an ERC-721 (OpenZeppelin's), name "Sandbox Collectibles", symbol "SBC". */
  erc721: Address;
  /** SandboxItems: an ERC-1155 (OpenZeppelin's). */
  erc1155: Address;
  /** The transactions of each kind, for tests and journeys to read back from the chain. */
  transactions: {
    /** Collectible #1 moved from the first holder to the second. */
    erc721Transfer: Hex;
    /** The first holder approved a spender for collectible #2 (`approve`). */
    erc721Approve: Hex;
    /** The first holder approved an operator for all its collectibles (`setApprovalForAll`). */
    erc721ApproveForAll: Hex;
    /** Ten of item #1 moved from the first holder to the second (`TransferSingle`). */
    erc1155Transfer: Hex;
    /** Items #1 and #2 moved in one call (`TransferBatch`). */
    erc1155BatchTransfer: Hex;
    /** The first holder approved an operator for all its items. */
    erc1155ApproveForAll: Hex;
  };
}

/**
 * An ERC-721 and an ERC-1155, in four blocks: both deployed; collectibles #1-#5 minted to three holders and items
 * #1 (100 each) and #2 (5 each) minted to two in one batch each; then moved between the holders (a single and a batch
 * transfer of items) and approvals granted (one collectible to a spender, an operator for all of each).
 */
export async function seedNfts(driver: SeedDriver, deployer: HDAccount, holders: readonly HDAccount[], spender: Address): Promise<SeededNfts> {
  const own = compileSandboxContracts();
  const [first, second, third] = [holders[0]!, holders[1]!, holders[2]!];
  const erc721 = await driver.deploy(deployer, own.SandboxCollectibles, [], 2_000_000n, 'deploy SandboxCollectibles');
  const erc1155 = await driver.deploy(deployer, own.SandboxItems, [], 2_500_000n, 'deploy SandboxItems');
  await driver.mine();

  const on721 = (from: HDAccount, data: Hex, label: string) => driver.send(from, { to: erc721.address, data, gas: 150_000n }, label);
  const on1155 = (from: HDAccount, data: Hex, label: string) => driver.send(from, { to: erc1155.address, data, gas: 200_000n }, label);
  const owners = [first, first, second, third, third];
  for (const [i, owner] of owners.entries()) {
    await on721(deployer, encodeFunctionData({ abi: collectiblesAbi, functionName: 'mint', args: [owner.address, BigInt(i + 1)] }), `mint collectible #${i + 1}`);
  }
  for (const holder of [first, second]) {
    await on1155(deployer, encodeFunctionData({ abi: itemsAbi, functionName: 'mintBatch', args: [holder.address, [1n, 2n], [100n, 5n]] }), 'mint items #1 and #2');
  }
  await driver.mine();

  const erc721Transfer = await on721(first, encodeFunctionData({ abi: collectiblesAbi, functionName: 'transferFrom', args: [first.address, second.address, 1n] }), 'move collectible #1');
  const erc1155Transfer = await on1155(first, encodeFunctionData({ abi: itemsAbi, functionName: 'safeTransferFrom', args: [first.address, second.address, 1n, 10n, '0x'] }), 'move ten of item #1');
  const erc1155BatchTransfer = await on1155(second, encodeFunctionData({ abi: itemsAbi, functionName: 'safeBatchTransferFrom', args: [second.address, third.address, [1n, 2n], [3n, 1n], '0x'] }), 'move items #1 and #2');
  await driver.mine();

  const erc721Approve = await on721(first, encodeFunctionData({ abi: collectiblesAbi, functionName: 'approve', args: [spender, 2n] }), 'approve a spender for collectible #2');
  const erc721ApproveForAll = await on721(first, encodeFunctionData({ abi: collectiblesAbi, functionName: 'setApprovalForAll', args: [spender, true] }), 'approve an operator for all collectibles');
  const erc1155ApproveForAll = await on1155(first, encodeFunctionData({ abi: itemsAbi, functionName: 'setApprovalForAll', args: [spender, true] }), 'approve an operator for all items');
  await driver.mine();

  // What the chain holds now, checked: a seed that went wrong would make the manifest lie.
  const ownerOf = (id: bigint) => driver.client.readContract({ address: erc721.address, abi: collectiblesAbi, functionName: 'ownerOf', args: [id] });
  if ((await ownerOf(1n)) !== second.address) throw new Error('seed: collectible #1 did not move to the second holder');
  const items = (holder: Address, id: bigint) => driver.client.readContract({ address: erc1155.address, abi: itemsAbi, functionName: 'balanceOf', args: [holder, id] });
  const held = [await items(first.address, 1n), await items(second.address, 1n), await items(third.address, 1n), await items(third.address, 2n)];
  if (held.join() !== [90n, 107n, 3n, 1n].join()) throw new Error(`seed: items held are ${held.join(', ')}, expected 90, 107, 3, 1`);
  return {
    erc721: erc721.address,
    erc1155: erc1155.address,
    transactions: { erc721Transfer, erc721Approve, erc721ApproveForAll, erc1155Transfer, erc1155BatchTransfer, erc1155ApproveForAll },
  };
}
