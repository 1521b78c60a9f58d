import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallersEvent } from '../src-shared/api/callers';
import type { HealthEvent } from '../src-shared/api/networks';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createExplorerService } from '../src-main/services/explorer/createExplorerService';
import { createHistoryService } from '../src-main/services/history/createHistoryService';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { openStore } from '../src-main/services/store/openStore';
import { postJsonRpc, rawJsonRpc } from '../test-support/rawJsonRpc';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// Who called a seeded contract (the storage showcase, whose callers the seed made), beside the way one finds them
// without the app's tricks, in the same run:
//  - the app, first visit: history.callers over a fresh SQLite store (nothing kept), through the sandbox's gateway,
//    its signature database read beforehand (as in a running app, which reads it once): the contract's creation
//    (bisection on eth_getCode), the blocks its state changed in (bisection on eth_getProof, a level per batch), its
//    logs, then those blocks' transactions;
//  - the reference: a raw scan of every block from 0 to the head (eth_getBlockByNumber with full transactions, one
//    request per block, straight to Anvil), counting the transactions sent to it.
// Each is the median of several runs, alternated. Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 0.5;

export interface CallersBenchOptions {
  quick: boolean;
  rpcUrl: string;
  anvilUrl: string;
  dataDir: string;
}

/** The first visit of a contract's Transactions tab beside a raw scan of every block: its figure and printable line. */
export async function benchCallers(options: CallersBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as { contracts: { storageShowcase: string } };
  const contract = manifest.contracts.storageShowcase.toLowerCase();
  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'local', kind: 'local' as const };
  const rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [key] }) });
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  const decoding = createDecodingService({ rpc, projectRoot });
  const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
  await decoding.decodeCallData('local', null, '0xa9059cbb');
  await decoding.chainOf('local');
  const dirs: string[] = [];

  const visit = async (kept?: string) => {
    // A fresh store (nothing kept of the contract: its creation, its callers), or one an earlier visit kept in.
    const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-callers-'));
    if (!kept) dirs.push(dir);
    const store = openStore(dir);
    const history = createHistoryService({ rpc, explorer, chainOf: (id) => decoding.chainOf(id), store });
    const started = performance.now();
    let called = 0;
    let done: Extract<CallersEvent, { kind: 'done' }> | undefined;
    await history.callers('local', contract, (event) => {
      if (event.kind === 'rows') called += event.rows.filter((row) => row.touch === 'called').length;
      if (event.kind === 'done') done = event;
    }, new AbortController().signal);
    const ms = performance.now() - started;
    store.close();
    return { ms, called, rows: done!.count, changed: done!.changedBlocks, requests: done!.requests, head: Number(BigInt(done!.head)), dir };
  };
  const raw = async (head: number) => {
    const started = performance.now();
    let called = 0;
    for (let block = 0; block <= head; block++) {
      const answer = await postJsonRpc<{ result: { transactions: { to: string | null }[] } }>(options.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [`0x${block.toString(16)}`, true] });
      called += answer.body!.result.transactions.filter((tx) => tx.to?.toLowerCase() === contract).length;
    }
    return { ms: performance.now() - started, called, blocks: head + 1 };
  };

  try {
    const runs = options.quick ? 3 : 9;
    const app: number[] = [];
    const reference: number[] = [];
    const head = Number(BigInt((await rawJsonRpc(options.anvilUrl, 'eth_blockNumber')).body.result as string));
    await visit(); // warm the gateway's and Anvil's paths once, for both sides
    await raw(head);
    let last = await visit();
    let scanned = await raw(last.head);
    for (let i = 0; i < runs; i++) {
      last = await visit();
      app.push(last.ms);
      scanned = await raw(last.head);
      reference.push(scanned.ms);
    }
    if (last.called !== scanned.called) throw new Error(`callers bench: the app found ${last.called} transactions sent to the contract, the raw scan ${scanned.called}`);
    // A second visit over the last one's store: what it kept (up to the finalized block) is read, only the blocks after asked.
    const second = await visit(last.dir);
    if (second.called !== scanned.called) throw new Error(`callers bench: the second visit found ${second.called} transactions sent to the contract, the raw scan ${scanned.called}`);
    const section = 'Who called a contract';
    const referenceFigure = { what: `a raw scan of all ${scanned.blocks} blocks for transactions to it (Anvil), median`, value: median(reference) };
    const figure: Figure = {
      section,
      what: `first visit of the storage showcase's Transactions tab: ${last.rows} rows (${last.called} calls) from ${last.changed} blocks its state changed in, ${last.requests} requests, median of ${runs}`,
      value: median(app),
      unit: 'ms',
      reference: referenceFigure,
      target: { kind: 'ratioAtMost', limit: TARGET },
    };
    const again: Figure = { section, what: `second visit (what the first kept read from SQLite, ${second.requests} requests)`, value: second.ms, unit: 'ms', reference: referenceFigure };
    const lines = [figure, again].map((each) => `${each.what}: ${each.value.toFixed(1)} ms vs ${referenceFigure.what} ${referenceFigure.value.toFixed(1)} ms (${formatRatio(ratioOf(each) ?? Number.NaN)}) ${verdict(each)}`);
    return { figures: [figure, again], lines };
  } finally {
    await rpc.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
