/** The call playground's scripts: the EVM form (ABI encoding, decoding views), and Starknet's (with the starknet library). */
export const callModules = {
  evm: () => import('./CallPage'),
  starknet: () => import('./starknet/StarknetCallPage'),
};
