import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HealthEvent } from '../src-shared/api/networks';
import type { SentEvent } from '../src-shared/api/history';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createExplorerService } from '../src-main/services/explorer/createExplorerService';
import { createHistoryService } from '../src-main/services/history/createHistoryService';
import { TRANSFER_TOPIC, addressTopic } from '../src-main/services/history/tokenTransfers';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { openStore } from '../src-main/services/store/openStore';
import { postJsonRpc, rawJsonRpc } from '../test-support/rawJsonRpc';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// An address's whole story without an indexer, beside the way one would find it without the app's tricks, in
// the same run: for a seeded trader, every transaction it sent and every token transfer it took part in.
//  - the app, first visit: history.sent (nonce bisection, all pages) and history.transfers (the log planner),
//    over a fresh SQLite store, through the sandbox's gateway, the app's signature database read beforehand (as
//    in a running app, which reads it once);
//  - the reference: a raw scan of every block from 0 to the head for the same facts (each block with its
//    transactions and its receipts, one batch per block, straight to Anvil), counting the trader's;
//  - the app, second visit: new services over the same store (as after a restart): what was kept is read from
//    SQLite, only the blocks after it are asked.
// Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_TARGET = 0.5;
const SECOND_TARGET = 0.25;

export interface HistoryBenchOptions {
  quick: boolean;
  rpcUrl: string;
  anvilUrl: string;
  dataDir: string;
}

interface Manifest {
  accounts: { traders: { address: string }[] };
}

/** The address history beside a raw scan of every block: its figures and printable lines. */
export async function benchHistory(options: HistoryBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as Manifest;
  const trader = manifest.accounts.traders[0]!.address;
  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'local', kind: 'local' as const };
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-bench-history-'));
  const opened: { close(): Promise<void> }[] = [];
  const visit = async () => {
    const store = openStore(storeDir);
    const rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [key] }) });
    opened.push(rpc);
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
    const decoding = createDecodingService({ rpc, projectRoot, store });
    const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding, store });
    const history = createHistoryService({ rpc, explorer, chainOf: (id) => decoding.chainOf(id), store });
    // The app as it runs: its signature database already read (once per run, by whatever decoded first), the
    // network's chain known. What is timed is the history itself.
    await decoding.decodeCallData('local', null, '0xa9059cbb');
    await decoding.chainOf('local');
    const started = performance.now();
    let sent = 0;
    let before: number | undefined;
    do {
      const events: SentEvent[] = [];
      await history.sent('local', trader, { ...(before !== undefined ? { before } : {}), count: 100 }, (event) => events.push(event), new AbortController().signal);
      const page = events.find((event): event is Extract<SentEvent, { kind: 'page' }> => event.kind === 'page')!.page;
      sent += page.rows.length;
      before = page.next ?? undefined;
    } while (before !== undefined);
    let transfers = 0;
    await history.transfers('local', trader, (event) => void (event.kind === 'rows' && (transfers += event.rows.length)), new AbortController().signal);
    const ms = performance.now() - started;
    await new Promise((resolve) => setImmediate(resolve)); // the explorer's finalized blocks reach the disk
    store.close();
    return { ms, sent, transfers };
  };

  try {
    const first = await visit();
    const raw = await rawScan(options.anvilUrl, trader);
    const second = await visit();
    if (first.sent !== raw.sent || second.sent !== raw.sent) throw new Error(`history bench: the app found ${first.sent} and ${second.sent} transactions sent, the raw scan ${raw.sent}`);
    if (first.transfers !== raw.transfers || second.transfers !== raw.transfers) throw new Error(`history bench: the app found ${first.transfers} and ${second.transfers} token transfers, the raw scan ${raw.transfers}`);
    const reference = { what: `a raw scan of all ${raw.blocks} blocks (Anvil)`, value: raw.ms };
    const section = 'Address history';
    const figures: Figure[] = [
      { section, what: `first visit: ${first.sent} transactions sent and ${first.transfers} token transfers of a trader`, value: first.ms, unit: 'ms', reference, target: { kind: 'ratioAtMost', limit: FIRST_TARGET } },
      { section, what: 'second visit (what was kept read from SQLite)', value: second.ms, unit: 'ms', reference, target: { kind: 'ratioAtMost', limit: SECOND_TARGET } },
    ];
    const lines = figures.map((figure) => `${figure.what}: ${figure.value.toFixed(1)} ms vs ${reference.what} ${reference.value.toFixed(1)} ms (${formatRatio(ratioOf(figure) ?? Number.NaN)}) ${verdict(figure)}`);
    for (const line of lines) console.log(line);
    return { figures, lines };
  } finally {
    for (const rpc of opened) await rpc.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
}

/** Every block from 0 to the head with its transactions and receipts (one batch per block), the trader's counted. */
async function rawScan(anvilUrl: string, trader: string): Promise<{ ms: number; sent: number; transfers: number; blocks: number }> {
  const me = trader.toLowerCase();
  const topic = addressTopic(trader);
  const started = performance.now();
  const head = Number(BigInt((await rawJsonRpc(anvilUrl, 'eth_blockNumber')).body.result as string));
  let sent = 0;
  let transfers = 0;
  for (let block = 0; block <= head; block++) {
    const hex = `0x${block.toString(16)}`;
    const [blockAnswer, receiptsAnswer] = (
      await postJsonRpc<[{ result: { transactions: { from: string }[] } }, { result: { logs: { topics: string[] }[] }[] }]>(anvilUrl, [
        { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [hex, true] },
        { jsonrpc: '2.0', id: 2, method: 'eth_getBlockReceipts', params: [hex] },
      ])
    ).body!;
    sent += blockAnswer.result.transactions.filter((tx) => tx.from.toLowerCase() === me).length;
    for (const receipt of receiptsAnswer.result) {
      for (const log of receipt.logs) if (log.topics[0] === TRANSFER_TOPIC && (log.topics[1] === topic || log.topics[2] === topic)) transfers += 1;
    }
  }
  return { ms: performance.now() - started, sent, transfers, blocks: head + 1 };
}
