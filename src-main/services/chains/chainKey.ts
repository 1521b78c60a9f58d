/**
 * What the store's `chain` columns hold: which chain a row belongs to. Chain id 31337 is Anvil's, Hardhat's and
 * every local dev chain's, so a chain is its chain id AND its genesis block's hash, never the chain id alone
 * (reference/NODE-DIALECTS.md, "Other differences").
 *
 * - `<chainId>/<genesis hash>`: a chain the app has seen (`31337/0x8f3c…`), shared by every network that reaches it.
 * - `network:<networkId>`: the chain of one network, whose genesis was not known when the row was kept (rows
 *   of the schema before chain keys, moved by migration 4). The network adopts them when it learns its chain.
 * - `chain-id:<chainId>`: rows of the schema before chain keys that no network had the chain id of; the first
 *   network with that chain id to learn its chain adopts them.
 */

/** The key of a chain: its chain id as text (decimal for EVM, the `0x` felt for Starknet) and its genesis hash. */
export function chainKey(chainId: number | string, genesisHash: string): string {
  return `${String(chainId)}/${genesisHash.toLowerCase()}`;
}

/** The key of a network's chain before its genesis is known. */
export function networkChainKey(networkId: string): string {
  return `network:${networkId}`;
}

/** The key of rows kept by chain id alone that no network claimed when they were moved. */
export function chainIdKey(chainId: number | string): string {
  return `chain-id:${String(chainId)}`;
}
