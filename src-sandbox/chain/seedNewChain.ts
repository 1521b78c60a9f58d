import fs from 'node:fs';
import type { AnvilProcess } from './anvil';
import { chainPaths, keepDump, writeContractMetadataFile, writeManifestFile } from './chainState';
import { historyToKeep } from './historyToKeep';
import type { SeedManifest } from './manifest';

/**
 * Seeds a fresh Anvil (started with every block's state kept) and saves it: Anvil is stopped so that it dumps the
 * chain with the seeded blocks' states (anvil_dumpState leaves them out), the dump becomes the live snapshot and,
 * copied, the seeded node's (`seeded-state.json`); the contracts' metadata next, and the manifest last (it marks a
 * finished seed). The caller starts the nodes again from the saved files.
 */
export async function seedNewChain(anvil: AnvilProcess, dataDir: string, log: (line: string) => void): Promise<SeedManifest> {
  log('seeding a new chain (first start or --fresh)');
  const { seedChain } = await import('./seed');
  const manifest = await seedChain({ rpcUrl: anvil.url, log });
  const keep = await historyToKeep(anvil.url, manifest.seededToBlock);
  await anvil.stop();
  await keepDump(dataDir, keep);
  const paths = chainPaths(dataDir);
  fs.copyFileSync(paths.live, paths.seeded);
  writeContractMetadataFile(dataDir, (await import('./contracts')).compiledContractMetadata());
  writeManifestFile(dataDir, manifest);
  return manifest;
}
