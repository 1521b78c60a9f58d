/** The call playground's scripts: the EVM form (ABI encoding, decoding views), and Starknet's (felts and selectors, src-shared/starknet). */
export const callModules = {
  evm: () => import('./CallPage'),
  starknet: () => import('./starknet/StarknetCallPage'),
};
