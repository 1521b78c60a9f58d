import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { readMetadataPointer } from '../../../src-shared/decoding/solidityMetadata';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { ContentUnreadError, createContentReader } from './readContent';

// What the content reader says: the file, "the store has none" (null), or "no answer" (a rejection). Callers keep
// "none" for the run, so a store that did not answer must not read as one that lacks the file.
const sandbox = sharedSandbox();
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
afterAll(() => rpc.close());

const reverterCid = async () => readMetadataPointer(await rpc.request<string>('local', 'eth_getCode', [sandbox.manifest.contracts.reverter, 'latest']))!.ipfs!;

describe('reading a file from the content store', () => {
  it('gives the file the store holds, and null for a CID it does not hold', async () => {
    const read = createContentReader(async () => local);
    const text = await read('local', await reverterCid());
    expect(JSON.parse(text!)).toHaveProperty('compiler');
    const router = readMetadataPointer(await rpc.request<string>('local', 'eth_getCode', [sandbox.manifest.contracts.uniswapRouter, 'latest']))?.ipfs;
    expect(router, "the router's code names a metadata CID").toBeDefined();
    expect(await read('local', router!)).toBeNull();
  });

  it('rejects, naming neither the address nor the credential, when the store cannot be reached', async () => {
    const read = createContentReader(async () => ({ ...local, storageUrl: 'http://127.0.0.1:9/' }));
    const failure = read('local', await reverterCid());
    await expect(failure).rejects.toBeInstanceOf(ContentUnreadError);
    await expect(failure).rejects.toThrow('the store could not be reached');
    const message = await failure.catch((error: Error) => error.message);
    expect(message).not.toContain('127.0.0.1');
    if (local.authorization) expect(message).not.toContain(local.authorization);
  });

  it('rejects when the caller cancels, and when the store answers that it is busy', async () => {
    const read = createContentReader(async () => local);
    const controller = new AbortController();
    controller.abort(new Error('the person left the page'));
    await expect(read('local', await reverterCid(), controller.signal)).rejects.toThrow('the read was cancelled');

    const busy = createServer((_request, response) => response.writeHead(503).end('busy'));
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const reader = createContentReader(async () => ({ ...local, storageUrl: `http://127.0.0.1:${(busy.address() as AddressInfo).port}` }));
      await expect(reader('local', await reverterCid())).rejects.toThrow('the store answered 503');
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
