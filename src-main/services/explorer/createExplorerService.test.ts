import { afterAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { thrownToApiError } from '../errors/thrownToApiError';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from './createExplorerService';
import { createContentReader } from '../decoding/readContent';

const sandbox = sharedSandbox();
const { manifest } = sandbox;
// With the content store's basic-auth credential, as the app resolves the Local network.
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
afterAll(() => rpc.close());

/** Raw JSON-RPC straight to the sandbox: the values the explorer must show, read independently. */
async function raw<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

describe('explorer service on the sandbox', () => {
  it('reads the 600-transaction block with every row, its receipts outcome and fee', async () => {
    const number = manifest.bigBlock.number;
    const finalizedNumber = async () => Number((await raw<{ number: string }>('eth_getBlockByNumber', ['finalized', false])).number);
    const finalizedBefore = await finalizedNumber();
    const view = await explorer.block('local', String(number), undefined);
    expect(view.transactions).toHaveLength(manifest.bigBlock.transactionCount);
    expect(view.block.number).toBe(`0x${number.toString(16)}`);
    const receipts = await raw<{ transactionHash: string; gasUsed: string; effectiveGasPrice: string; status: string }[]>('eth_getBlockReceipts', [`0x${number.toString(16)}`]);
    const last = view.transactions.at(-1)!;
    const lastReceipt = receipts.at(-1)!;
    expect(last.hash).toBe(lastReceipt.transactionHash);
    expect(last.fee).toBe(`0x${(BigInt(lastReceipt.gasUsed) * BigInt(lastReceipt.effectiveGasPrice)).toString(16)}`);
    expect(last.status).toBe(lastReceipt.status === '0x1' ? 'success' : 'failed');
    // The live chain moves on while the block is read: finalized if it was before the read, not if it still is not
    // after; a block that became finalized during the read may be either.
    const finalizedAfter = await finalizedNumber();
    if (number <= finalizedBefore) expect(view.finalized).toBe(true);
    if (number > finalizedAfter) expect(view.finalized).toBe(false);
  });

  it('caches a finalized block: reopening it, by number or hash, does no network I/O', async () => {
    const view = await explorer.block('local', '5', undefined);
    expect(view.finalized).toBe(true);
    expect(await explorer.block('local', '5', undefined)).toBe(view);
    expect(await explorer.block('local', String(view.block.hash), undefined)).toBe(view);
    explorer.forget('local');
    expect(await explorer.block('local', '5', undefined)).not.toBe(view);
  });

  it('names methods in the rows without further reads: from the signature database, or metadata already read', async () => {
    const tx = await raw<{ blockNumber: string; hash: string }>('eth_getTransactionByHash', [manifest.transactions.erc20Transfer]);
    const view = await explorer.block('local', tx.blockNumber, undefined);
    const row = view.transactions.find((candidate) => candidate.hash === tx.hash)!;
    expect(row.method).toMatchObject({ kind: 'call', selector: '0xa9059cbb', name: 'transfer' });
    expect(['signatures', 'metadata']).toContain(row.method.source);
  });

  it("names a Uniswap router swap from the known ABIs shipped with the app (the 4byte list lacks it)", async () => {
    const tx = await raw<{ blockNumber: string; hash: string; input: string }>('eth_getTransactionByHash', [manifest.transactions.swap]);
    const view = await explorer.block('local', tx.blockNumber, undefined);
    const row = view.transactions.find((candidate) => candidate.hash === tx.hash)!;
    expect(row.method).toMatchObject({ kind: 'call', selector: tx.input.slice(0, 10), source: 'signatures' });
    expect(row.method.name).toMatch(/^swap/);
    const detail = await explorer.transaction('local', { hash: tx.hash });
    expect(detail.input).toMatchObject({ status: 'decoded', source: 'signatures', args: expect.arrayContaining([expect.objectContaining({ name: 'path', type: 'address[]' })]) });
  });

  it('says a block that is not there is not there, with the head', async () => {
    const failure = await explorer.block('local', '99999999', undefined).catch((error: unknown) => error);
    expect(thrownToApiError(failure, (text) => text)).toMatchObject({ name: 'NotFoundError', code: 'NOT_FOUND', shortMessage: 'No block 99999999 on Local sandbox.', data: { what: 'block', id: 'block 99999999' } });
    expect(thrownToApiError(failure, (text) => text).details).toMatch(/^The chain's head is block \d+\.$/);
  });

  it('reads a transaction with its receipt, decoded input and logs, and the token transfer', async () => {
    const view = await explorer.transaction('local', { hash: manifest.transactions.erc20Transfer });
    expect(view.pending).toBe(false);
    // The sandbox's own token: decoded from its metadata, with the ABI's argument names.
    expect(view.input).toMatchObject({ status: 'decoded', name: 'transfer', source: 'metadata' });
    expect(view.logs[0]?.decoded).toMatchObject({ status: 'decoded', name: 'Transfer' });
    const token = manifest.contracts.tokens.find((candidate) => candidate.address.toLowerCase() === String(view.transaction.to).toLowerCase())!;
    expect(view.transfers).toMatchObject([{ standard: 'ERC-20', token: view.logs[0]!.log.address, symbol: token.symbol, decimals: token.decimals }]);
    // Named by its metadata's contract name (the ABI source reads the same file and says it as `<path>:<name>`).
    const own = await explorer.address('local', String(view.transaction.to), undefined);
    expect(view.addresses[String(view.transaction.to).toLowerCase()]).toEqual({ isContract: true, label: own.abi?.contractName?.split(':').at(-1), labelSource: 'metadata' });
    expect(view.position?.count).toBeGreaterThan(0);
  });

  it('shows why a failed transaction failed: the revert reproduced at its parent block, decoded', async () => {
    const view = await explorer.transaction('local', { hash: manifest.transactions.failed });
    expect(view.receipt?.status).toBe('0x0');
    expect(view.revert).toMatchObject({ reproduced: true, atBlock: `0x${(BigInt(String(view.transaction.blockNumber)) - 1n).toString(16)}` });
    expect(view.revert?.decoding?.message.length).toBeGreaterThan(0);
  });

  it("decodes a sandbox contract's call from its own metadata, found in the content store by the CID in its code", async () => {
    const view = await explorer.transaction('local', { hash: manifest.transactions.failed });
    expect(view.input).toMatchObject({ status: 'decoded', source: 'metadata' });
    const account = await explorer.address('local', String(view.transaction.to), undefined);
    expect(account.abi).toMatchObject({ source: 'metadata', contractName: 'Reverter.sol:Reverter' });
    expect(account.abi?.metadataCid).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/);
    const source = account.abi?.sources?.find((file) => file.path === 'Reverter.sol');
    expect(source?.content).toContain('contract Reverter');
    const name = view.input?.status === 'decoded' ? view.input.name : '';
    expect(account.abi?.functions.some((signature) => signature.startsWith(`${name}(`))).toBe(true);
  });

  it('reads the ABI of a contract without metadata from its bytecode, as a guess: selectors named, standards detected', async () => {
    const router = await explorer.address('local', manifest.contracts.uniswapRouter, undefined);
    expect(router.abi?.source).toBe('guess');
    expect(router.abi?.functions).toEqual(expect.arrayContaining([expect.stringMatching(/^swapExactTokensForETH\(uint256 amountIn/)]));
    const weth = await explorer.address('local', manifest.contracts.weth, undefined);
    expect(weth.abi).toMatchObject({ source: 'guess', interfaces: expect.arrayContaining(['ERC-20']) });
    expect(weth.abi?.events).toEqual(expect.arrayContaining([expect.stringMatching(/^Deposit\(/)]));
  });

  it("marks the addresses that hold code, read in one batch and kept", async () => {
    const token = manifest.contracts.tokens[0]!.address;
    const deployer = manifest.accounts.deployer.address;
    // The token's metadata read (its page), it is marked with its contract's name from there.
    const own = await explorer.address('local', token, undefined);
    expect(own.abi?.source).toBe('metadata');
    const name = own.abi?.contractName?.split(':').at(-1);
    expect(own).toMatchObject({ label: name, labelSource: 'metadata' });
    expect(await explorer.marks('local', [token, deployer, token.toLowerCase()])).toEqual({ [token.toLowerCase()]: { isContract: true, label: name, labelSource: 'metadata' }, [deployer.toLowerCase()]: { isContract: false } });
  });

  it('says a transaction hash that is not there is not there', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const failure = await explorer.transaction('local', { hash }).catch((error: unknown) => error);
    expect(thrownToApiError(failure, (text) => text)).toMatchObject({ name: 'NotFoundError', shortMessage: `No transaction ${hash} on Local sandbox.`, data: { what: 'transaction', id: hash } });
  });

  it('reads an address and a mapping slot at a block', async () => {
    const showcase = manifest.contracts.storageShowcase;
    const account = await explorer.address('local', showcase, String(manifest.seededToBlock));
    expect(account).toMatchObject({ address: showcase, isContract: true, block: `0x${manifest.seededToBlock.toString(16)}` });
    expect(account.balance).toBe(await raw('eth_getBalance', [showcase, `0x${manifest.seededToBlock.toString(16)}`]));
    const slot = `0x${manifest.storage.plain[0]!.slot.toString(16)}`;
    expect((await explorer.storage('local', showcase, slot, String(manifest.seededToBlock))).value).toBe(manifest.storage.plain[0]!.value);
  });

  it('feeds the latest blocks, newest first, with no gap, and the newest transactions', async () => {
    const controller = new AbortController();
    const views: Awaited<Parameters<Parameters<typeof explorer.watchLatest>[2]>[0]>[] = [];
    const watching = explorer.watchLatest('local', 5, (view) => {
      views.push(view);
      if (views.length >= 2) controller.abort();
    }, controller.signal);
    await watching;
    const last = views.at(-1)!;
    expect(last.blocks).toHaveLength(5);
    const numbers = last.blocks.map((block) => BigInt(block.number));
    numbers.forEach((number, i) => i > 0 && expect(number).toBe(numbers[i - 1]! - 1n));
    expect(numbers[0]).toBe(BigInt(last.head));
    expect(last.reset).toBe(false);
  }, 30_000);
});
