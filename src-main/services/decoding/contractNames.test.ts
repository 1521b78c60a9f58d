import { afterAll, describe, expect, it } from 'vitest';
import { readMetadataPointer } from '../../../src-shared/decoding/solidityMetadata';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecodingService } from './createDecodingService';
import { createContentReader, type ContentReader } from './readContent';

// A contract's name as its own metadata states it: the file the CID in its code points to, read from the sandbox's
// content store without the sources it names. Expectations are read from the chain and the store at check time.
const sandbox = sharedSandbox();
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const store = createContentReader(async () => local);
const read: string[] = [];
const readContent: ContentReader = (networkId, cid, signal) => (read.push(cid), store(networkId, cid, signal));
const decoding = createDecodingService({ rpc, readContent, projectRoot: process.cwd() });
afterAll(() => rpc.close());

describe("a contract's name from its metadata", () => {
  it('is the compilation target the metadata file states, read once per file and without its sources', async () => {
    const reverter = sandbox.manifest.contracts.reverter;
    const code = await rpc.request<string>('local', 'eth_getCode', [reverter, 'latest']);
    const cid = readMetadataPointer(code)?.ipfs;
    expect(cid, 'the seeded Reverter carries its metadata CID').toBeDefined();
    const file = JSON.parse((await store('local', cid!))!) as { settings: { compilationTarget: Record<string, string> } };
    const [target] = Object.values(file.settings.compilationTarget);

    read.length = 0;
    expect(await decoding.contractNameOf('local', reverter)).toBe(target);
    expect(read).toEqual([cid]);
    // Asked again, and by the decoder for the whole ABI: the file is not read again; the ABI reads only the sources.
    expect(await decoding.contractNameOf('local', reverter)).toBe(target);
    const abi = await decoding.solidityMetadata('local', reverter);
    expect(abi?.sources.length).toBeGreaterThan(0);
    expect(read.filter((asked) => asked === cid)).toHaveLength(1);
  });

  it('is none for an account without code, and for a contract whose metadata the store does not hold', async () => {
    expect(await decoding.contractNameOf('local', sandbox.manifest.accounts.traders[0]!.address)).toBeNull();
    // Uniswap's router comes from npm's build: its code points to metadata nobody added to this store.
    const router = sandbox.manifest.contracts.uniswapRouter;
    const cid = readMetadataPointer(await rpc.request<string>('local', 'eth_getCode', [router, 'latest']))?.ipfs;
    if (cid) expect(await store('local', cid), 'the store holds no metadata for the router').toBeNull();
    expect(await decoding.contractNameOf('local', router)).toBeNull();
  });

  it('is not kept as none when the content store did not answer: a later look reads it', async () => {
    const reverter = sandbox.manifest.contracts.reverter;
    let storeUp = false;
    const flaky = createContentReader(async () => (storeUp ? local : { ...local, storageUrl: 'http://127.0.0.1:9/' }));
    const later = createDecodingService({ rpc, readContent: flaky, projectRoot: process.cwd() });
    await expect(later.contractNameOf('local', reverter)).rejects.toThrow('could not read');
    expect(await later.solidityMetadata('local', reverter), 'no metadata while the store is down').toBeNull();
    storeUp = true;
    expect(await later.contractNameOf('local', reverter)).toBe(await decoding.contractNameOf('local', reverter));
    const metadata = await later.solidityMetadata('local', reverter);
    expect(metadata?.sources.length).toBeGreaterThan(0);
    expect(metadata?.sources.every((source) => source.content !== null), 'every source read once the store answers').toBe(true);
  });

  it('rejects when the node cannot be reached, and a later look asks again', async () => {
    const down = createRpcService({ resolve: async () => ({ ...local, rpcUrl: 'http://127.0.0.1:9/' }) });
    try {
      const offline = createDecodingService({ rpc: down, readContent, projectRoot: process.cwd() });
      await expect(offline.contractNameOf('local', sandbox.manifest.contracts.reverter)).rejects.toThrow();
    } finally {
      await down.close();
    }
  });
});
