import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HealthEvent } from '../src-shared/api/networks';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createExplorerService } from '../src-main/services/explorer/createExplorerService';
import { approvalFilter } from '../src-main/services/history/approvals';
import { createHistoryService } from '../src-main/services/history/createHistoryService';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { postJsonRpc, rawJsonRpc } from '../test-support/rawJsonRpc';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// The approvals a trader granted, beside one raw eth_getLogs for them, in the same run:
//  - the app: history.approvals, a history service made afresh for each visit and the spenders' contracts forgotten
//    (nothing known of the tokens or the spenders), over one rpc and one decoding service (as in the app, whose
//    connections to the node stay open and whose signature database is read once), through the sandbox's gateway:
//    its Approval/ApprovalForAll logs (the whole chain in one request, else through the log planner), then
//    allowance(), symbol() and decimals() in one batch while the spenders are named;
//  - the reference: one eth_getLogs of the same filter from block 0 to the head, sent raw through the same gateway.
// Each is the median of several runs, alternated. Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 2;

export interface ApprovalsBenchOptions {
  quick: boolean;
  rpcUrl: string;
  dataDir: string;
}

/** A trader's approvals beside one raw eth_getLogs: its figure and printable line. */
export async function benchApprovals(options: ApprovalsBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as { accounts: { traders: { address: string }[] } };
  const trader = manifest.accounts.traders[1]!.address;
  const url = new URL(options.rpcUrl);
  const key = url.pathname.split('/').at(-1)!;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'local', kind: 'local' as const };
  const rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [key] }) });
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  const decoding = createDecodingService({ rpc, projectRoot });
  const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
  // The app as it runs: its signature database read once, the network's chain known. What is timed is the approvals.
  await decoding.decodeCallData('local', null, '0xa9059cbb');
  await decoding.chainOf('local');
  const visit = async () => {
    // Nothing known of the spenders' contracts (their metadata is read again), a history service made afresh.
    decoding.forgetContracts('local');
    const history = createHistoryService({ rpc, explorer, chainOf: (id) => decoding.chainOf(id), decoding });
    const started = performance.now();
    const view = await history.approvals('local', trader);
    return { ms: performance.now() - started, rows: view.rows.length, logs: view.logs };
  };
  const raw = async () => {
    const head = (await rawJsonRpc(options.rpcUrl, 'eth_blockNumber')).body.result as string;
    const started = performance.now();
    const answer = await postJsonRpc<{ result: unknown[] }>(options.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ ...approvalFilter(trader), fromBlock: '0x0', toBlock: head }] });
    const ms = performance.now() - started;
    return { ms, logs: answer.body!.result.length };
  };

  try {
    const runs = options.quick ? 5 : 15;
    const app: number[] = [];
    const reference: number[] = [];
    let last = { rows: 0, logs: 0 };
    let rawLogs = 0;
    await visit(); // warm the gateway's and Anvil's paths once, for both sides
    await raw();
    for (let i = 0; i < runs; i++) {
      const measured = await visit();
      app.push(measured.ms);
      last = measured;
      const answer = await raw();
      reference.push(answer.ms);
      rawLogs = answer.logs;
    }
    if (last.logs !== rawLogs) throw new Error(`approvals bench: the app read ${last.logs} approval logs, one raw eth_getLogs ${rawLogs}`);
    const section = 'Approvals';
    const referenceFigure = { what: 'one raw eth_getLogs of the same filter over the chain, through the same gateway, median', value: median(reference) };
    const figure: Figure = {
      section,
      what: `a trader's approvals (${last.rows} pairs from ${last.logs} logs, allowances, symbols and names read), median of ${runs}`,
      value: median(app),
      unit: 'ms',
      reference: referenceFigure,
      target: { kind: 'ratioAtMost', limit: TARGET },
    };
    const line = `${figure.what}: ${figure.value.toFixed(1)} ms vs ${referenceFigure.what} ${referenceFigure.value.toFixed(1)} ms (${formatRatio(ratioOf(figure) ?? Number.NaN)}) ${verdict(figure)}`;
    return { figures: [figure], lines: [line] };
  } finally {
    await rpc.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
