import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readMetadataPointer } from '../../../../src-shared/decoding/solidityMetadata';
import { compileStorageLayout, NoStorageLayoutError } from './compileStorageLayout';

// A small contract compiled here the way a deployer would, so its metadata and the CID its code names are real.
const SOURCE = 'pragma solidity ^0.8.0; contract Vault { uint128 a; uint128 b; mapping(address => uint256) public owed; }';
const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string; version(): string };
const output = JSON.parse(
  solc.compile(
    JSON.stringify({
      language: 'Solidity',
      sources: { 'Vault.sol': { content: SOURCE } },
      settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['metadata', 'evm.deployedBytecode.object'] } } },
    }),
  ),
) as { contracts: { 'Vault.sol': { Vault: { metadata: string; evm: { deployedBytecode: { object: string } } } } } };
const { metadata: text, evm } = output.contracts['Vault.sol'].Vault;
const cid = readMetadataPointer(`0x${evm.deployedBytecode.object}`)!.ipfs!;
const vault = { cid, text, sources: [{ path: 'Vault.sol', content: SOURCE }] };

describe('compileStorageLayout', () => {
  it('recompiles the sources with the metadata’s settings and gives the layout of the code that names that metadata', async () => {
    const layout = await compileStorageLayout(vault);
    expect(layout.storage.map(({ label, slot, offset }) => ({ label, slot, offset }))).toEqual([
      { label: 'a', slot: '0', offset: 0 },
      { label: 'b', slot: '0', offset: 16 },
      { label: 'owed', slot: '1', offset: 0 },
    ]);
  });

  it.each([
    ['a source the content store lacks', { ...vault, sources: [{ path: 'Vault.sol', content: null }] }, 'the content store does not hold Vault.sol'],
    ['another compiler release', { ...vault, text: text.replace(/"version":"[^"]+"/, '"version":"0.8.19+commit.7dd6d404"') }, 'compiled by solc 0.8.19+commit.7dd6d404; Blockglass ships solc'],
    ['sources that are not what the code was built from', { ...vault, sources: [{ path: 'Vault.sol', content: `${SOURCE} // changed` }] }, 'the recompiled code names another metadata file'],
    ['Vyper', { ...vault, text: text.replace('"language":"Solidity"', '"language":"Vyper"') }, 'the metadata names no Solidity compilation target'],
  ])('refuses %s, in words', async (_what, metadata, words) => {
    const refused = compileStorageLayout(metadata);
    await expect(refused).rejects.toBeInstanceOf(NoStorageLayoutError);
    await expect(refused).rejects.toThrow(words);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const compiling = compileStorageLayout(vault, controller.signal);
    controller.abort(new Error('the person left the page'));
    await expect(compiling).rejects.toThrow('the person left the page');
  });
});
