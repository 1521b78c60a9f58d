import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HealthEvent } from '../src-shared/api/networks';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createContentReader } from '../src-main/services/decoding/readContent';
import { createExplorerService } from '../src-main/services/explorer/createExplorerService';
import { createPublicClient, http } from 'viem';
import { approvalFilter, latestApprovals } from '../src-main/services/history/approvals';
import { headReadsOf, multicallContracts } from '../src-main/services/history/approvalsOf';
import type { RawNodeLog } from '../src-main/services/chains/rawNodeLog';
import { createHistoryService } from '../src-main/services/history/createHistoryService';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { basicAuthorization } from '../src-main/services/secrets/basicAuthorization';
import { postJsonRpc, rawJsonRpc } from '../test-support/rawJsonRpc';
import { formatRatio, ratioOf, verdict, type Figure, type SectionResult } from './report';

// The approvals a trader granted, beside one raw eth_getLogs for them, in the same run:
//  - the app: history.approvals, a history service made afresh for each visit and the spenders' contracts forgotten
//    (nothing known of the tokens or the spenders), over one rpc and one decoding service (as in the app, whose
//    connections to the node stay open and whose signature database is read once), through the sandbox's gateway:
//    its Approval/ApprovalForAll logs (the whole chain in one request, else through the log planner), then
//    allowance(), symbol() and decimals() in one eth_call while the spenders are named (their code, then the
//    metadata file it points to, read from the sandbox's content store as the app does);
//  - the reference: one eth_getLogs of the same filter from block 0 to the head, sent raw through the same gateway;
//  - for scale, the floor of any reading that needs the logs first: that eth_getLogs, then the same reads at the head
//    in one raw eth_call (viem's deployless multicall, as the app sends it), through the same gateway.
// Each is the median of several runs, alternated. Nothing here is typed in by hand.

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 2;

export interface ApprovalsBenchOptions {
  quick: boolean;
  rpcUrl: string;
  storageUrl: string;
  key: string;
  secret: string;
  dataDir: string;
}

/** A trader's approvals beside one raw eth_getLogs: its figure and printable line. */
export async function benchApprovals(options: ApprovalsBenchOptions): Promise<SectionResult> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as { accounts: { traders: { address: string }[] } };
  const trader = manifest.accounts.traders[1]!.address;
  const { key, secret, storageUrl } = options;
  const network = { id: 'local', name: 'Local sandbox', family: 'evm' as const, chainId: 31337, rpcUrl: options.rpcUrl.slice(0, -key.length), wsUrl: null, gasUrl: null, storageUrl, credentialId: 'local', kind: 'local' as const };
  const resolved = { network, rpcUrl: options.rpcUrl, wsUrl: null, gasUrl: null, storageUrl, authorization: basicAuthorization(key, secret), secrets: [key, secret].filter(Boolean) };
  const rpc = createRpcService({ resolve: async () => resolved });
  const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
  const decoding = createDecodingService({ rpc, projectRoot, readContent: createContentReader(async () => resolved) });
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
  const getLogs = (head: string) => postJsonRpc<{ result: RawNodeLog[] }>(options.rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ ...approvalFilter(trader), fromBlock: '0x0', toBlock: head }] });
  const raw = async () => {
    const head = (await rawJsonRpc(options.rpcUrl, 'eth_blockNumber')).body.result as string;
    const started = performance.now();
    const answer = await getLogs(head);
    const ms = performance.now() - started;
    return { ms, logs: answer.body!.result.length };
  };
  // The floor: the logs, then the reads they call for in one eth_call, both raw (no naming, no decoding of the answers).
  const plain = createPublicClient({ transport: http(options.rpcUrl, { batch: false, retryCount: 0 }) });
  const twoRounds = async () => {
    const head = (await rawJsonRpc(options.rpcUrl, 'eth_blockNumber')).body.result as string;
    const started = performance.now();
    const logs = (await getLogs(head)).body!.result;
    const { reads } = headReadsOf(latestApprovals(logs, trader), trader.toLowerCase() as `0x${string}`);
    await plain.multicall({ contracts: multicallContracts(reads) as never, allowFailure: true, deployless: true, blockNumber: BigInt(head), batchSize: 0 });
    return performance.now() - started;
  };

  try {
    const runs = options.quick ? 5 : 15;
    const app: number[] = [];
    const reference: number[] = [];
    const floor: number[] = [];
    let last = { rows: 0, logs: 0 };
    let rawLogs = 0;
    await visit(); // warm the gateway's and Anvil's paths once, for both sides
    await raw();
    await twoRounds();
    for (let i = 0; i < runs; i++) {
      const measured = await visit();
      app.push(measured.ms);
      last = measured;
      const answer = await raw();
      reference.push(answer.ms);
      rawLogs = answer.logs;
      floor.push(await twoRounds());
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
    const floorLine = `  for scale: the least any reading that needs the logs first can take, the same eth_getLogs then the reads at the head in one raw eth_call, median ${median(floor).toFixed(1)} ms (${(median(floor) / referenceFigure.value).toFixed(2)}x of the one eth_getLogs)`;
    return { figures: [figure], lines: [line, floorLine] };
  } finally {
    await rpc.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
