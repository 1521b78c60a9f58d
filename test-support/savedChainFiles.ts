/**
 * The files of a sandbox's saved chain in `<data>/chain/` (see src-sandbox/chain/chainState.ts): the live
 * snapshot with the latest blocks' states, the seeded snapshot with every seeded block's state (the seeded node's),
 * the seed's gzip snapshot of older data folders (either may be missing),
 * the manifest, and the contracts' Solidity metadata with their sources (chains seeded before it have none).
 * Fixtures and benchmarks copy these to start a sandbox that restores instead of seeding; only they use the list
 * (the sandbox names its files in chainState.ts), so it lives with the test helpers.
 */
export const SAVED_CHAIN_FILES = ['anvil-state.json', 'seeded-state.json', 'anvil-state.gz', 'manifest.json', 'contract-metadata.json'] as const;
