import type { AnvilProcess } from './anvil';
import { keepSeed, writeContractMetadataFile, writeManifestFile } from './chainState';
import type { SeedManifest } from './manifest';

/**
 * Seeds a fresh Anvil (started with every block's state kept) and saves it: Anvil is stopped so that it dumps the
 * chain with the seeded blocks' states (anvil_dumpState leaves them out); the dump becomes the seeded node's snapshot
 * (`seeded-state.json`) and, without those states, the live one (see keepSeed); the contracts' metadata next, and the
 * manifest last (it marks a finished seed). The caller starts the nodes again from the saved files.
 */
export async function seedNewChain(anvil: AnvilProcess, dataDir: string, log: (line: string) => void): Promise<SeedManifest> {
  log('seeding a new chain (first start or --fresh)');
  const { seedChain } = await import('./seed');
  const manifest = await seedChain({ rpcUrl: anvil.url, log });
  await anvil.stop();
  await keepSeed(dataDir);
  writeContractMetadataFile(dataDir, (await import('./contracts')).compiledContractMetadata());
  writeManifestFile(dataDir, manifest);
  return manifest;
}
