import { getAddress } from 'viem';
import { mainnet, sepolia } from 'viem/chains';
import { eurc, usdc } from 'viem/tokens';

/** What a well-known contract is, for the words beside its name. */
export type WellKnownKind = 'token' | 'router' | 'factory' | 'price feed' | 'utility';

/** A contract Blockglass names by itself on a chain, and where its address was taken from. */
export interface WellKnownContract {
  chainId: number;
  /** Checksummed. */
  address: `0x${string}`;
  name: string;
  kind: WellKnownKind;
  /** Where the address comes from (a package in node_modules and its file, or a file of this repository). */
  from: string;
}

// No address here was typed from memory: each is read from a package (viem's chain and token definitions, imported,
// so an update of viem updates them) or copied from a package's source or a file of this repository, named in `from`.
// micro-eth-signer 0.14.0 (a dependency of a dependency here) lists mainnet's tokens in src/abi/index.ts, WETH in
// src/abi/weth.ts, Uniswap's V2 router in src/abi/uniswap-v2.ts and V3's SwapRouter in src/abi/uniswap-v3.ts, V2's
// factory in src/net/uniswap-v2.ts, V3's quoter in src/net/uniswap-v3.ts and Chainlink's feeds in src/net/chainlink.ts.
// Left out because no package or file here holds their address: Uniswap's V3 factory and SwapRouter02, and on Sepolia
// WETH, USDT, DAI and Uniswap's contracts. Add them with their source when one is at hand.
const MICRO = 'node_modules/micro-eth-signer@0.14.0';

const entries: (Omit<WellKnownContract, 'address'> & { address: string })[] = [
  // Ethereum mainnet (chain id 1).
  { chainId: 1, address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', name: 'WETH', kind: 'token', from: `${MICRO} src/abi/weth.ts (WETH_CONTRACT)` },
  { chainId: 1, address: usdc.addresses[1], name: 'USDC', kind: 'token', from: 'viem/tokens usdc.addresses[1]' },
  { chainId: 1, address: '0xdac17f958d2ee523a2206206994597c13d831ec7', name: 'USDT', kind: 'token', from: `${MICRO} src/abi/index.ts (tokens: USDT)` },
  { chainId: 1, address: '0x6b175474e89094c44da98b954eedeac495271d0f', name: 'DAI', kind: 'token', from: `${MICRO} src/abi/index.ts (tokens: DAI)` },
  { chainId: 1, address: '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', name: 'WBTC', kind: 'token', from: `${MICRO} src/abi/index.ts (tokens: WBTC)` },
  { chainId: 1, address: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', name: 'UNI', kind: 'token', from: `${MICRO} src/abi/index.ts (tokens: UNI)` },
  { chainId: 1, address: eurc.addresses[1], name: 'EURC', kind: 'token', from: 'viem/tokens eurc.addresses[1]' },
  { chainId: 1, address: '0x7a250d5630b4cf539739df2c5dacb4c659f2488d', name: 'Uniswap V2: Router 2', kind: 'router', from: `${MICRO} src/abi/uniswap-v2.ts (UNISWAP_V2_ROUTER_CONTRACT)` },
  { chainId: 1, address: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f', name: 'Uniswap V2: Factory', kind: 'factory', from: `${MICRO} src/net/uniswap-v2.ts (FACTORY_ADDRESS)` },
  { chainId: 1, address: '0xe592427a0aece92de3edee1f18e0157c05861564', name: 'Uniswap V3: SwapRouter', kind: 'router', from: `${MICRO} src/abi/uniswap-v3.ts (UNISWAP_V3_ROUTER_CONTRACT)` },
  { chainId: 1, address: '0xb27308f9F90D607463bb33eA1BeBb41C27CE5AB6', name: 'Uniswap V3: Quoter', kind: 'utility', from: `${MICRO} src/net/uniswap-v3.ts (QUOTER_ADDRESS)` },
  { chainId: 1, address: '0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419', name: 'Chainlink: ETH / USD', kind: 'price feed', from: `${MICRO} src/net/chainlink.ts (ETH); src-main/services/prices/knownFeeds.ts` },
  { chainId: 1, address: mainnet.contracts.multicall3.address, name: 'Multicall3', kind: 'utility', from: 'viem/chains mainnet.contracts.multicall3' },
  { chainId: 1, address: mainnet.contracts.ensUniversalResolver.address, name: 'ENS: Universal Resolver', kind: 'utility', from: 'viem/chains mainnet.contracts.ensUniversalResolver' },
  // Sepolia (chain id 11155111).
  { chainId: 11155111, address: usdc.addresses[11155111], name: 'USDC', kind: 'token', from: 'viem/tokens usdc.addresses[11155111]' },
  { chainId: 11155111, address: eurc.addresses[11155111], name: 'EURC', kind: 'token', from: 'viem/tokens eurc.addresses[11155111]' },
  { chainId: 11155111, address: '0x694AA1769357215DE4FAC081bf1f309aDC325306', name: 'Chainlink: ETH / USD', kind: 'price feed', from: 'src-main/services/prices/knownFeeds.ts (as data.chain.link lists it)' },
  { chainId: 11155111, address: sepolia.contracts.multicall3.address, name: 'Multicall3', kind: 'utility', from: 'viem/chains sepolia.contracts.multicall3' },
  { chainId: 11155111, address: sepolia.contracts.ensUniversalResolver.address, name: 'ENS: Universal Resolver', kind: 'utility', from: 'viem/chains sepolia.contracts.ensUniversalResolver' },
];

/**
 * Blockglass's list of well-known contracts, every address checksummed, each when first read: a checksum is a keccak
 * hash, and the whole list's were 10 to 20 ms of every window's start, before its first frame.
 */
export const WELL_KNOWN_CONTRACTS: readonly WellKnownContract[] = entries.map(({ address: written, ...entry }) => {
  let checksummed: `0x${string}` | undefined;
  return Object.defineProperty({ ...entry }, 'address', { enumerable: true, get: () => (checksummed ??= getAddress(written)) }) as WellKnownContract;
});

/** Each entry by its chain and its address in lower case (as written, lowered: no checksum needed to find one). */
const byChainAndAddress = new Map(entries.map((entry, index) => [`${entry.chainId}:${entry.address.toLowerCase()}`, WELL_KNOWN_CONTRACTS[index]!]));

/** The well-known contract at an address on a chain (by chain id), if Blockglass's list names one. */
export function wellKnownContract(chainId: number, address: string): WellKnownContract | undefined {
  return byChainAndAddress.get(`${chainId}:${address.toLowerCase()}`);
}

/** Whether `name` is the list's name for the contract at `address` on any chain (a label that came from the list). */
export function isWellKnownName(address: string, name: string): boolean {
  const lower = address.toLowerCase();
  return entries.some((entry) => entry.name === name && entry.address.toLowerCase() === lower);
}
