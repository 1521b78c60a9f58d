import fs from 'node:fs';
import { toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildKnownAbis, KNOWN_ABIS_FILE } from './buildSignatures.mjs';

describe('the known-ABIs signature file', () => {
  it('is what scripts/buildSignatures.mjs builds from the installed packages (run it when this fails)', () => {
    expect(JSON.parse(fs.readFileSync(KNOWN_ABIS_FILE, 'utf8'))).toEqual(buildKnownAbis());
  });

  it("holds the Uniswap router's swaps with names, and events with their indexed flags", () => {
    const known = buildKnownAbis() as { functions: Record<string, string[]>; events: Record<string, string[]> };
    const swap = 'swapExactTokensForETH(uint256,uint256,address[],address,uint256)';
    expect(known.functions[toFunctionSelector(swap)]).toEqual(['swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)']);
    expect(known.events['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef']).toContain('Transfer(address indexed from, address indexed to, uint256 value)');
  });
});
