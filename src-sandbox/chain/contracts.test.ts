import { keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  compileSandboxContracts,
  loadUniswapArtifacts,
  pairInitCodeHash,
  ROUTER_PAIR_INIT_CODE_HASH,
  verifyPairInitCodeHash,
} from './contracts';

describe('compileSandboxContracts', () => {
  it('compiles every sandbox contract to creation bytecode with an ABI', () => {
    const compiled = compileSandboxContracts();
    expect(Object.keys(compiled).sort()).toEqual(
      ['BatchCall', 'GasBurner', 'GasProbe', 'LogStorm', 'Reverter', 'SandboxToken', 'SandboxPriceFeed', 'SandboxCollectibles', 'SandboxItems', 'StorageShowcase', 'ProxiedToken', 'TraceToken', 'TraceVault', 'TracePool', 'TraceRouter', 'TraceSplitter', 'TraceFactory', 'TraceChild', 'ERC1967Proxy', 'TransparentUpgradeableProxy', 'ProxyAdmin'].sort(),
    );
    for (const contract of Object.values(compiled)) {
      expect(contract.bytecode).toMatch(/^0x60[0-9a-f]{40,}$/);
      expect(contract.abi.length).toBeGreaterThan(0);
    }
  });

  it('compiles once per process', () => {
    expect(compileSandboxContracts()).toBe(compileSandboxContracts());
  });
});

describe('Uniswap artifacts', () => {
  it("match the router's hard-coded pair init-code hash", () => {
    expect(pairInitCodeHash()).toBe(ROUTER_PAIR_INIT_CODE_HASH);
    expect(keccak256(loadUniswapArtifacts().pair.bytecode)).toBe(ROUTER_PAIR_INIT_CODE_HASH);
    expect(loadUniswapArtifacts().router.bytecode).toContain(ROUTER_PAIR_INIT_CODE_HASH.slice(2));
    expect(() => verifyPairInitCodeHash()).not.toThrow();
  });

  it('load WETH9, factory, pair, router and the test ERC20 with 0x-prefixed bytecode', () => {
    for (const artifact of Object.values(loadUniswapArtifacts())) {
      expect(artifact.bytecode.startsWith('0x60')).toBe(true);
    }
  });
});
