import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { importer } from 'ipfs-unixfs-importer';
import type { CID } from 'multiformats/cid';
import { chainPaths } from '../chain/chainState';
import type { ContractMetadataFile } from '../chain/contracts';
import { contentContextOf, type ContentStore } from './createContentStore';
import { kuboImporterOptions } from './kuboImporterOptions';

const MARKER_FILE = 'contract-metadata.json';

/**
 * Adds the sandbox contracts' Solidity metadata and every source file it names to the content store, as
 * single files with Kubo's default layout: the CIDs are exactly the IPFS hashes solc put in the bytecode and
 * in the metadata's `urls`, so a client that reads a contract's code finds its ABI and sources here, offline.
 * Pinned. Costs one hash of the file on later starts (a marker records what was added). Chains seeded before
 * the sandbox kept metadata have no file: nothing to add. Returns the CIDs added, by contract name.
 */
export async function seedContractMetadata(store: ContentStore, dataDir: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await fs.readFile(chainPaths(dataDir).contractMetadata, 'utf8');
  } catch {
    return {};
  }
  const { folder, blocks, pins } = contentContextOf(store);
  const digest = crypto.createHash('sha256').update(text).digest('hex');
  const marker = path.join(folder, MARKER_FILE);
  const recorded = await fs
    .readFile(marker, 'utf8')
    .then((json) => JSON.parse(json) as { digest: string; cids: Record<string, string>; all: string[] })
    .catch(() => undefined);
  if (recorded?.digest === digest && recorded.all.every((cid) => pins.get(cid) === 'recursive')) return recorded.cids;

  const file = JSON.parse(text) as ContractMetadataFile;
  const options = kuboImporterOptions({ cidVersion: 0, rawLeaves: undefined, chunker: 'default', trickle: false, hash: 'sha2-256', wrapWithDirectory: false });
  const writable = { put: async (cid: CID, bytes: Uint8Array) => (await blocks.put(cid, bytes), cid) };
  const add = async (content: string): Promise<string> => {
    let last: string | undefined;
    for await (const entry of importer([{ content: new TextEncoder().encode(content) }], writable, options)) last = entry.cid.toString();
    if (!last) throw new Error('the importer produced no CID');
    await pins.add([last], 'recursive');
    return last;
  };
  const cids: Record<string, string> = {};
  const all: string[] = [];
  for (const contract of file.contracts) all.push((cids[contract.name] = await add(contract.metadata)));
  for (const content of Object.values(file.sources)) all.push(await add(content));
  await fs.writeFile(marker, JSON.stringify({ digest, cids, all }));
  return cids;
}
