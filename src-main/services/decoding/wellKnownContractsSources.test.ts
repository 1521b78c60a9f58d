import fs from 'node:fs';
import path from 'node:path';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { WELL_KNOWN_CONTRACTS } from '../../../src-shared/names/wellKnownContracts';

// Blockglass's list of well-known contracts says where each address comes from: a package's file in node_modules
// or viem's definitions file, each checked here to hold that address, and a file of this repository (the same).

const root = process.cwd();

/** The files an entry's `from` names: `node_modules/<pkg>@<version> <file>` and `src-…` paths. */
function filesOf(from: string): string[] {
  const files: string[] = [];
  const pkg = /node_modules\/([^@\s]+)@[\d.]+ (\S+)/.exec(from);
  if (pkg) files.push(path.join(root, 'node_modules', pkg[1]!, pkg[2]!));
  for (const match of from.matchAll(/(src-[\w/-]+\.ts)/g)) files.push(path.join(root, match[1]!));
  // viem's definitions, as the package ships them: `viem/tokens usdc.…` and `viem/chains mainnet.…`.
  const viem = /^viem\/(tokens|chains) (\w+)\./.exec(from);
  if (viem) files.push(path.join(root, 'node_modules', 'viem', '_esm', viem[1]!, 'definitions', `${viem[2]!}.js`));
  return files;
}

describe('the list of well-known contracts', () => {
  it('has mainnet’s and Sepolia’s contracts the issue asks for, each address checksummed and named once per chain', () => {
    const names = (chainId: number) => WELL_KNOWN_CONTRACTS.filter((entry) => entry.chainId === chainId).map((entry) => entry.name);
    expect(names(1)).toEqual(expect.arrayContaining(['WETH', 'USDC', 'USDT', 'DAI', 'Uniswap V2: Router 2', 'Uniswap V2: Factory', 'Uniswap V3: SwapRouter', 'Chainlink: ETH / USD']));
    expect(names(11155111)).toEqual(expect.arrayContaining(['USDC', 'Chainlink: ETH / USD']));
    for (const entry of WELL_KNOWN_CONTRACTS) expect(entry.address).toBe(getAddress(entry.address));
    const keys = WELL_KNOWN_CONTRACTS.map((entry) => `${entry.chainId}:${entry.address.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(WELL_KNOWN_CONTRACTS.map((entry) => [`${entry.name} on ${entry.chainId}`, entry] as const))('%s: its address is in the source it names', (_name, entry) => {
    const files = filesOf(entry.from);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.readFileSync(file, 'utf8').toLowerCase()).toContain(entry.address.slice(2).toLowerCase());
  });
});
