import type { Hex } from 'viem';
import type { TypicalGas } from '../../../src-shared/api/prices';
import type { SandboxPriceFacts } from './readSandboxManifest';

/** A plain ETH transfer's gas: fixed by the protocol. */
export const TRANSFER_GAS = 21_000n;
/**
 * Typical figures where the chain has no transaction of the kind the app knows: an ERC-20 `transfer` to a holder
 * who already has a balance costs about 50,000-65,000 gas (the upper end is what gas trackers quote); a Uniswap V2
 * swap of one hop through the router about 110,000-150,000. Said on the page as typical figures, not measured ones.
 */
export const TYPICAL_TOKEN_TRANSFER_GAS = 65_000n;
export const TYPICAL_SWAP_GAS = 150_000n;

/**
 * The gas of a transfer, a token transfer and a swap: a seeded transaction's receipt where the sandbox names one
 * (`gasUsedOf` reads its gasUsed), else the typical figure.
 */
export async function typicalGasOf(facts: SandboxPriceFacts, gasUsedOf: (hash: Hex) => Promise<bigint | null>): Promise<TypicalGas[]> {
  const measured = async (kind: 'token-transfer' | 'swap', hash: Hex | undefined, typical: bigint): Promise<TypicalGas> => {
    const used = hash ? await gasUsedOf(hash) : null;
    return used !== null && hash ? { kind, gas: used.toString(), basis: 'receipt', transaction: hash } : { kind, gas: typical.toString(), basis: 'typical' };
  };
  return [
    { kind: 'transfer', gas: TRANSFER_GAS.toString(), basis: 'protocol' },
    await measured('token-transfer', facts.erc20Transfer, TYPICAL_TOKEN_TRANSFER_GAS),
    await measured('swap', facts.swap, TYPICAL_SWAP_GAS),
  ];
}
