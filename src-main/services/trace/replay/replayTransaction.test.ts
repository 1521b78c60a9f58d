import { beforeAll, describe, expect, it } from 'vitest';
import { sharedSandbox } from '../../rpc/testing/sharedSandbox';
import { fromCallTracer } from '../../../../src-shared/trace/fromCallTracer';
import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import { replayTransaction } from './replayTransaction';
import { UnknownHardforkError } from './chainHardfork';
import { frameDifferences } from './testing/frameDifferences';
import { postJsonRpc } from './testing/postJsonRpc';
import { prestateOf } from './testing/prestateOf';
import type { RpcRequest } from './rpcRequest';

// The replay reads state through the sandbox gateway, which refuses debug_ as the hosted service does; the
// reference is Anvil's own callTracer, asked directly: of the seeded node for a seeded transaction (it keeps every
// seeded block's state), of the live node for one of the live traffic (it keeps its latest blocks' state).
const sandbox = sharedSandbox();
const gateway = postJsonRpc(sandbox.info.rpcUrl);
const anvil = postJsonRpc(sandbox.seededAnvilUrl);
const live = postJsonRpc(sandbox.anvilUrl);
const { manifest } = sandbox;

interface MinedTx {
  hash: `0x${string}`;
  to: `0x${string}` | null;
  gas: `0x${string}`;
}

/** Every seeded block's transactions, in order (the seeded chain is the same on every machine). */
async function seededBlocks(): Promise<MinedTx[][]> {
  const numbers = Array.from({ length: manifest.seededToBlock }, (_, i) => i + 1);
  const blocks = await Promise.all(numbers.map((n) => anvil('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])));
  return blocks.map((block) => (block as { transactions: MinedTx[] }).transactions);
}

/** The seeded transactions whose receipt says they failed. */
async function seededFailures(): Promise<`0x${string}`[]> {
  const numbers = Array.from({ length: manifest.seededToBlock }, (_, i) => i + 1);
  const receipts = await Promise.all(numbers.map((n) => anvil('eth_getBlockReceipts', [`0x${n.toString(16)}`])));
  return (receipts as { status: string; transactionHash: `0x${string}` }[][]).flat().flatMap((receipt) => (receipt.status === '0x0' ? [receipt.transactionHash] : []));
}

/** The seeded transactions the replay must get right: every kind the manifest names, and a sample of the rest. */
async function cases(): Promise<[string, `0x${string}`][]> {
  const named: [string, `0x${string}`][] = [];
  // Every transaction the manifest names, whatever the seeder adds later (a hash, or an object carrying one).
  for (const [name, value] of Object.entries(manifest.transactions as Record<string, unknown>)) {
    const hash = typeof value === 'string' ? value : (value as { hash?: unknown } | undefined)?.hash;
    if (typeof hash === 'string') named.push([name, hash as `0x${string}`]);
  }
  const blocks = await seededBlocks();
  const big = blocks[manifest.bigBlock.number - 1]!;
  named.push(["the big block's last transaction", big[big.length - 1]!.hash]);
  const proxies = new Set([manifest.contracts.proxiedToken.erc1967Proxy, manifest.contracts.proxiedToken.transparentProxy].map((a) => a.toLowerCase()));
  const all = blocks.flat();
  for (const tx of all.filter((each) => each.to && proxies.has(each.to.toLowerCase()))) named.push([`a transfer through proxy ${tx.to}`, tx.hash]);
  for (const hash of await seededFailures()) named.push(['a failed transaction', hash]);
  // Twenty more, one from each of twenty blocks spread evenly over the non-empty seeded blocks (the middle one).
  const nonEmpty = blocks.filter((txs) => txs.length > 0);
  for (let i = 0; i < 20; i++) {
    const txs = nonEmpty[Math.floor((i * nonEmpty.length) / 20)]!;
    named.push([`sample ${i + 1}`, txs[Math.floor(txs.length / 2)]!.hash]);
  }
  const seen = new Set<string>();
  return named.filter(([, hash]) => !seen.has(hash) && !!seen.add(hash));
}

const CASES = await cases();

/**
 * The last transaction of the newest block of live traffic with at least two, waiting for one: a recent block, whose
 * parent's state the live node still keeps (it keeps its latest blocks' only).
 */
async function liveTransaction(): Promise<`0x${string}`> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const head = Number(await live('eth_blockNumber', []));
    for (let n = head; n > Math.max(manifest.seededToBlock, head - 16); n--) {
      const block = (await live('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) as { transactions: `0x${string}`[] } | null;
      if (block && block.transactions.length >= 2) return block.transactions[block.transactions.length - 1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the sandbox mined no block of live traffic with two transactions in 45 s');
}

/** The replay of `hash` through the gateway, checked against Anvil's callTracer, the receipt and the transaction. */
async function expectReplayMatchesAnvil(hash: `0x${string}`, node = anvil): Promise<void> {
  const [replay, traced, changed, receipt, tx] = await Promise.all([
    replayTransaction({ request: gateway }, hash),
    node('debug_traceTransaction', [hash, { tracer: 'callTracer' }]),
    node('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]),
    node('eth_getTransactionReceipt', [hash]) as Promise<{ gasUsed: string; cumulativeGasUsed: string }>,
    node('eth_getTransactionByHash', [hash]) as Promise<MinedTx>,
  ]);
  const reference = fromCallTracer(traced);
  expect(replay.check).toEqual({ matchesReceipt: true, differences: [] });
  // The transaction's frame as geth's callTracer states it: the gas it was sent with, the receipt's gas used.
  expect(BigInt(replay.frame.gas)).toBe(BigInt(tx.gas));
  expect(BigInt(replay.frame.gasUsed)).toBe(BigInt(receipt.gasUsed));
  // Anvil states that frame otherwise (its only departures from geth here, pinned so a change shows): the gas
  // left after intrinsic gas, and the block's gas used up to and including the transaction (cumulative).
  expect(BigInt(reference.gas)).toBe(BigInt(tx.gas) - replay.intrinsicGas);
  expect(BigInt(reference.gasUsed)).toBe(BigInt(receipt.cumulativeGasUsed));
  const asAnvilStatesIt: CallFrame = { ...replay.frame, gas: reference.gas, gasUsed: reference.gasUsed };
  expect(frameDifferences(asAnvilStatesIt, reference)).toEqual([]);
  expect(replay.stateDiff).toEqual(prestateOf(changed));
}

describe('replayTransaction on the seeded sandbox, through the gateway', () => {
  it.each(CASES)('replays %s (%s) into the frames of Anvil’s own callTracer', async (_name, hash) => {
    await expectReplayMatchesAnvil(hash);
  });

  it('replays a transaction of the live traffic (the last of its block) into the frames of Anvil’s own callTracer', async () => {
    await expectReplayMatchesAnvil(await liveTransaction(), live);
  });
});

describe('replayTransaction, when it cannot be the truth', () => {
  it('says the replay differs from the receipt when its storage reads come from the wrong block', async () => {
    // The swap's pair reserves read at the end of the seeded chain instead of at the swap's parent block.
    const wrongBlock = `0x${manifest.seededToBlock.toString(16)}`;
    const misreading: RpcRequest = (method, params, signal) =>
      gateway(method, method === 'eth_getStorageAt' ? [params[0], params[1], wrongBlock] : params, signal);
    const replay = await replayTransaction({ request: misreading }, manifest.transactions.swap);
    expect(replay.check.matchesReceipt).toBe(false);
    expect(replay.check.differences.map((difference) => difference.field)).toContain('logs');
  });

  it('reads the fork off the block header where the node does not answer eth_config, and says it inferred it', async () => {
    const noConfig: RpcRequest = (method, params, signal) =>
      method === 'eth_config' ? Promise.reject(new Error('the method eth_config does not exist')) : gateway(method, params, signal);
    const replay = await replayTransaction({ request: noConfig }, manifest.transactions.swap);
    expect(replay).toMatchObject({ hardfork: 'inferred osaka', check: { matchesReceipt: true } });
  });

  it('refuses a chain whose hardfork it cannot tell instead of guessing one', async () => {
    // No eth_config, and a header without the fields of London and later (as a chain before London states it).
    const before: RpcRequest = async (method, params, signal) => {
      if (method === 'eth_config') throw new Error('the method eth_config does not exist');
      const answer = await gateway(method, params, signal);
      if (method !== 'eth_getBlockByNumber' || !answer) return answer;
      const { baseFeePerGas: _a, withdrawalsRoot: _b, blobGasUsed: _c, excessBlobGas: _d, parentBeaconBlockRoot: _e, requestsHash: _f, ...header } = answer as Record<string, unknown>;
      return header;
    };
    const replay = replayTransaction({ request: before }, manifest.transactions.swap);
    await expect(replay).rejects.toBeInstanceOf(UnknownHardforkError);
    await expect(replay).rejects.toThrowErrorMatchingInlineSnapshot(`[UnknownHardforkError: Cannot tell which hardfork chain 31337 ran block 47 under: the EVM library does not know the chain and the node does not answer eth_config (EIP-7910), and its header has no base fee (a fork before London), which a header cannot tell apart.]`);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the person left the page'));
    await expect(replayTransaction({ request: gateway }, manifest.transactions.swap, { signal: controller.signal })).rejects.toThrow('the person left the page');
  });
});

beforeAll(() => {
  expect(CASES.length).toBeGreaterThanOrEqual(30);
});
