import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256 } from 'viem';
import type { AccountChangeView, PrestateAccountView, PrestateDiffView, StateView } from '../../../../src-shared/trace/stateView';
import { createDecodingService } from '../../decoding/createDecodingService';
import { createContentReader } from '../../decoding/readContent';
import { createRpcService } from '../../rpc/createRpcService';
import { localSandboxNetwork, sandboxNetwork } from '../../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../../rpc/testing/sharedSandbox';
import { openStore } from '../../store/openStore';
import { postJsonRpc } from '../replay/testing/postJsonRpc';
import { prestateOf } from '../replay/testing/prestateOf';
import { createTraceService } from '../createTraceService';

// The State tab's data on Local (the gateway refuses debug_, so it comes from the replay) against Anvil's own
// prestateTracer in diff mode, asked directly: for the swap, every seeded failure, the deep revert, the big block's
// last transaction and twenty others spread over the seed.
const sandbox = sharedSandbox();
const { manifest } = sandbox;
const local = localSandboxNetwork(sandbox.info);
const anvilNetwork = sandboxNetwork(sandbox.info, '', { id: 'anvil', rpcUrl: sandbox.seededAnvilUrl, wsUrl: null });
const rpc = createRpcService({ resolve: async (networkId) => (networkId === 'anvil' ? { ...anvilNetwork, rpcUrl: sandbox.seededAnvilUrl } : local) });
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const trace = createTraceService({ rpc, decoding });
const anvil = postJsonRpc(sandbox.seededAnvilUrl);
afterAll(() => rpc.close());

const blockNumbers = Array.from({ length: manifest.seededToBlock }, (_, i) => `0x${(i + 1).toString(16)}`);

/** The named transactions and a deterministic sample of the seed, each once. */
async function cases(): Promise<[string, `0x${string}`][]> {
  const blocks = (await Promise.all(blockNumbers.map((n) => anvil('eth_getBlockByNumber', [n, false])))) as { transactions: `0x${string}`[] }[];
  const receipts = (await Promise.all(blockNumbers.map((n) => anvil('eth_getBlockReceipts', [n])))) as { status: string; transactionHash: `0x${string}` }[][];
  const named: [string, `0x${string}`][] = [
    ['the swap', manifest.transactions.swap],
    ['the deep revert', manifest.transactions.deepRevert.hash],
  ];
  for (const receipt of receipts.flat()) if (receipt.status === '0x0') named.push(['a failed transaction', receipt.transactionHash]);
  const big = blocks[manifest.bigBlock.number - 1]!.transactions;
  named.push(["the big block's last transaction", big[big.length - 1]!]);
  // Twenty more: from twenty blocks spread evenly over the non-empty seeded blocks, the one a third of the way in.
  const nonEmpty = blocks.filter((block) => block.transactions.length > 0);
  for (let i = 0; i < 20; i++) {
    const txs = nonEmpty[Math.floor(((i + 0.5) * nonEmpty.length) / 20)]!.transactions;
    named.push([`sample ${i + 1}`, txs[Math.floor(txs.length / 3)]!]);
  }
  const seen = new Set<string>();
  return named.filter(([, hash]) => !seen.has(hash) && !!seen.add(hash));
}

const CASES = await cases();

/**
 * The page's rows put back into prestateTracer's terms: `pre` each address as it was (unless the transaction created
 * it), `post` what changed (unless it destroyed it). What the tab shows must say exactly what Anvil says.
 */
function asPrestate(accounts: readonly AccountChangeView[], pre: PrestateDiffView['pre']): PrestateDiffView {
  const diff: PrestateDiffView = { pre: {}, post: {} };
  for (const account of accounts) {
    // What the tab does not show (a balance, nonce or code the transaction left alone) is taken from Anvil's `pre`.
    const was = pre[account.address] ?? {};
    if (!account.created) {
      const before: PrestateAccountView = { balance: account.balance?.before ?? was.balance ?? '0x0' };
      const nonce = account.nonce?.before ?? was.nonce;
      if (nonce) before.nonce = nonce;
      const code = account.code ? account.code.before : was.code;
      if (code && code !== '0x') before.code = code;
      const slots = account.storage.filter((slot) => BigInt(slot.before) !== 0n);
      if (slots.length > 0) before.storage = Object.fromEntries(slots.map((slot) => [slot.slot, slot.before]));
      diff.pre[account.address] = before;
    }
    if (!account.destroyed) {
      const after: PrestateAccountView = {};
      if (account.balance) after.balance = account.balance.after;
      if (account.nonce) after.nonce = account.nonce.after;
      if (account.code) after.code = account.code.after;
      const slots = account.storage.filter((slot) => BigInt(slot.after) !== 0n);
      if (slots.length > 0) after.storage = Object.fromEntries(slots.map((slot) => [slot.slot, slot.after]));
      diff.post[account.address] = after;
    }
  }
  return diff;
}

describe('the State tab on Local (replayed) against Anvil’s own prestateTracer in diff mode', () => {
  beforeAll(() => {
    expect(CASES.length).toBeGreaterThanOrEqual(24);
  });

  it.each(CASES)('%s (%s): every address, balance, nonce, code and slot before and after as Anvil states them', async (_name, hash) => {
    const [view, answer] = await Promise.all([
      trace.state('local', hash),
      anvil('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]),
    ]);
    const reference = prestateOf(answer);
    expect(view).toMatchObject({ source: 'replay', check: { matchesReceipt: true } });
    expect(prestateOf(view.diff)).toEqual(reference);
    expect(asPrestate(view.accounts, reference.pre)).toEqual(reference);
    expect(view.accounts.map((account) => account.address)).toEqual([...new Set([...Object.keys(reference.pre), ...Object.keys(reference.post)])].sort());
  });
});

describe('the State tab’s names and tokens', () => {
  let swap: StateView;
  beforeAll(async () => {
    swap = await trace.state('local', manifest.transactions.swap);
  });

  it('gives the same rows from the node’s own prestateTracer where it offers one', async () => {
    const [replayed, traced] = await Promise.all([trace.state('local', manifest.transactions.deepRevert.hash), trace.state('anvil', manifest.transactions.deepRevert.hash)]);
    expect(traced.source).toBe('prestateTracer');
    expect(traced.check).toBeUndefined();
    expect(traced.accounts).toEqual(replayed.accounts);
  });

  it('replays for the diff where the node gives a call tree but refuses prestateTracer', async () => {
    const refusing = createTraceService({
      decoding,
      rpc: {
        request: (networkId, method, params, options) =>
          method === 'debug_traceTransaction' && ((params as unknown[])[1] as { tracer?: string } | undefined)?.tracer === 'prestateTracer'
            ? Promise.reject(new Error('tracer not found'))
            : rpc.request(networkId, method, params, options),
      },
    });
    const hash = manifest.transactions.deepRevert.hash;
    const [view, reference] = await Promise.all([refusing.state('anvil', hash), trace.state('anvil', hash)]);
    expect(view).toMatchObject({ source: 'replay', check: { matchesReceipt: true } });
    expect(view.accounts).toEqual(reference.accounts);
  });

  it('names a token’s balance slots by variable and holder, from the layout of its recompiled metadata', async () => {
    const view = await trace.state('local', manifest.transactions.erc20Transfer);
    const tokenRow = view.accounts.find((account) => account.storage.length > 0)!;
    expect(tokenRow.contract).toBe('SandboxToken');
    const tx = (await anvil('eth_getTransactionByHash', [manifest.transactions.erc20Transfer])) as { from: string };
    const holderSlot = keccak256(`0x${tx.from.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}`);
    expect(tokenRow.storage.find((slot) => slot.slot === holderSlot)).toMatchObject({ name: `_balances[${tx.from.toLowerCase()}]`, type: 'uint256' });
    expect(tokenRow.storage.every((slot) => slot.name?.startsWith('_balances['))).toBe(true);
    expect(view.namedContracts).toBe(1);
    expect(view.accounts.find((account) => account.address === tx.from.toLowerCase())?.roles).toEqual(['sender']);
    expect(tokenRow.roles).toEqual(['recipient']);
  });

  it('names a proxy’s slots by its implementation’s layout', async () => {
    const view = await trace.state('local', manifest.transactions.delegateCall.hash);
    const proxy = view.accounts.find((account) => account.address === manifest.transactions.delegateCall.proxy.toLowerCase())!;
    expect(proxy.storage.length).toBeGreaterThan(0);
    expect(proxy).toMatchObject({ contract: 'ERC1967Proxy', layoutContract: 'ProxiedToken' });
    expect(proxy.storage.map((slot) => slot.name)).toEqual(proxy.storage.map(() => expect.stringMatching(/^balanceOf\[0x[0-9a-f]{40}\]$/)));
  });

  it('gives token balance changes from the Transfer logs, with the token’s symbol and decimals, netting to zero per token', async () => {
    expect(swap.tokens.length).toBeGreaterThanOrEqual(3);
    for (const change of swap.tokens) expect(change).toMatchObject({ symbol: expect.any(String), decimals: expect.any(Number) });
    // A swap moves tokens between holders: what one gains another loses (no mint, no burn).
    for (const token of new Set(swap.tokens.map((change) => change.token))) {
      expect(swap.tokens.filter((change) => change.token === token).reduce((sum, { change }) => sum + (change.startsWith('-') ? -BigInt(change.slice(1)) : BigInt(change)), 0n)).toBe(0n);
    }
  });

  it('leaves the Uniswap pair’s slots unnamed: its npm build published no metadata', async () => {
    const pair = swap.accounts.find((account) => account.storage.length > 0 && !account.contract);
    expect(pair?.storage.every((slot) => slot.name === undefined)).toBe(true);
  });
});

describe('kept state', () => {
  it("keeps a finalized replay's diff and the layouts it named slots with, and opens the state again without replaying", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-state-'));
    const store = openStore(dataDir);
    const asked: string[] = [];
    const counted = createRpcService({ resolve: async () => local, onRequest: (_networkId, method) => asked.push(method) });
    const keeping = () => createTraceService({ rpc: counted, decoding, store, chainOf: async () => 'chain:31337:test' });
    try {
      const hash = manifest.transactions.erc20Transfer;
      const first = await keeping().state('local', hash);
      expect(asked).toContain('eth_getStorageAt');
      const kinds = store.db.prepare('SELECT kind FROM chain_cache ORDER BY kind').all();
      expect(kinds).toEqual([{ kind: 'storage-layout' }, { kind: 'trace' }]);

      asked.length = 0;
      expect(await keeping().state('local', hash)).toEqual(first);
      expect(asked.filter((method) => method === 'eth_getStorageAt' || method === 'debug_traceTransaction')).toEqual([]);
    } finally {
      await counted.close();
      store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
