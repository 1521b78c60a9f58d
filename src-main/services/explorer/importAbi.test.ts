import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { thrownToApiError } from '../errors/thrownToApiError';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from './createExplorerService';
import { createContentReader } from '../decoding/readContent';

const sandbox = sharedSandbox();
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-import-abi-'));
const store = openStore(dataDir);
afterAll(async () => {
  await rpc.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
const decoding = createDecodingService({ rpc, store, chainOf: async () => '31337', readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding, store });

describe('an imported ABI', () => {
  it('decodes first (above the contract’s own metadata), names the address, and goes when deleted', async () => {
    const hash = sandbox.manifest.transactions.erc20Transfer;
    const before = await explorer.transaction('local', { hash });
    expect(before.input).toMatchObject({ source: 'metadata' });
    const token = String(before.transaction.to);

    const imported = await explorer.importAbi('local', token, 'function transfer(address recipient, uint256 amount) returns (bool)\nevent Transfer(address indexed from, address indexed to, uint256 value)', 'Sandbox USD');
    expect(imported).toEqual({ address: token, format: 'human-readable', functions: 1, events: 1, errors: 0, label: 'Sandbox USD' });
    const after = await explorer.transaction('local', { hash });
    expect(after.input).toMatchObject({ status: 'decoded', source: 'imported', args: [{ name: 'recipient' }, { name: 'amount' }] });
    expect(after.addresses[token.toLowerCase()]).toEqual({ isContract: true, label: 'Sandbox USD', labelSource: 'yours' });
    const row = (await explorer.block('local', String(after.transaction.blockNumber), undefined)).transactions.find((candidate) => candidate.hash === hash);
    expect(row).toMatchObject({ toLabel: 'Sandbox USD', method: { name: 'transfer', source: 'imported' } });
    expect(await explorer.address('local', token, undefined)).toMatchObject({ label: 'Sandbox USD', abi: { source: 'imported', functions: ['transfer(address,uint256)'] } });
    // Kept in the store: rows of the table `abis` by chain id and lowercase address.
    expect(store.db.prepare('SELECT chain, address FROM abis').all()).toEqual([expect.objectContaining({ chain: '31337', address: token.toLowerCase() })]);

    expect(await explorer.deleteAbi('local', token)).toEqual({ deleted: true });
    expect((await explorer.transaction('local', { hash })).input).toMatchObject({ source: 'metadata' });
    expect(await explorer.deleteAbi('local', token)).toEqual({ deleted: false });
  });

  it('refuses input that is not an ABI with the sentence that says why, and stores nothing', async () => {
    const failure = await explorer.importAbi('local', sandbox.manifest.contracts.reverter, '{"bytecode":"0x"}', undefined).catch((error: unknown) => error);
    expect(thrownToApiError(failure, (text) => text)).toMatchObject({ name: 'AbiInputError', code: 'ABI_INVALID', shortMessage: 'This JSON object has no “abi” list: not a Foundry or Hardhat artifact.' });
    expect(store.db.prepare('SELECT count(*) AS n FROM abis').all()).toEqual([expect.objectContaining({ n: 0 })]);
  });
});
