import { parseEther } from 'viem';
import type { HealthEvent } from '../src-shared/api/networks';
import { createDecodingService } from '../src-main/services/decoding/createDecodingService';
import { createExplorerService } from '../src-main/services/explorer/createExplorerService';
import { createHistoryService } from '../src-main/services/history/createHistoryService';
import { createFeedHub } from '../src-main/services/rpc/createFeedHub';
import { createRpcService } from '../src-main/services/rpc/createRpcService';
import { devNodeNetwork } from '../src-main/services/rpc/testing/devNodeNetwork';
import { createTraceService } from '../src-main/services/trace/createTraceService';
import { startAnvil } from '../test-support/bareAnvil';
import type { DevNode } from '../test-support/nodes/devNodeProcess';
import { nodeClient } from '../test-support/nodeClient';
import { seedDevNode } from '../test-support/nodes/seedDevNode';
import { startGanache } from '../test-support/nodes/startGanache';
import { startHardhatNode } from '../test-support/nodes/startHardhatNode';
import { residentBytes } from '../test-support/processMemory';
import { table } from './benchKit';
import { benchKeptStates } from './keptStates';
import type { SectionResult } from './report';

// What each screen's reads cost a node it is pointed at, in resident memory: the node as a person runs it (Hardhat's
// node, Ganache, a bare `anvil`), the same small chain seeded (test-support/nodes/seedDevNode.ts) and then blocks of
// transfers mined on it, then each service the screens use run a few times in turn over the whole chain. Printed:
// the node's RSS before, after the first run and after the last; a service whose every run adds is one whose reads
// the node keeps (a state computed per old block, a filter, a subscription). Figures as measured; nothing typed in.

const MB = 1024 * 1024;

interface Operation {
  name: string;
  run: () => Promise<unknown>;
}

/** A bare Anvil, as `anvil` runs with no flags, wrapped as a dev node. */
async function startBareAnvil(): Promise<DevNode> {
  const anvil = await startAnvil();
  return { name: 'anvil', url: anvil.url, chainId: 31337, pid: anvil.pid, exited: anvil.exited, stop: () => anvil.stop() };
}

/** The node-growth section: each node, each screen's service, RSS before and after. */
export async function benchNodeGrowth(options: { quick: boolean }): Promise<SectionResult> {
  const blocks = options.quick ? 200 : 1000;
  const runs = options.quick ? 2 : 4;
  const lines = [`== What each screen's reads cost a node (RSS in MiB; ${blocks} blocks of transfers after the seed; each service run ${runs} times)`];
  const header = ['node', 'service', 'before', 'after 1st', `after ${runs}th`, 'per later run'];
  const rows: string[][] = [];
  for (const [label, start] of [
    ['Hardhat 2', startHardhatNode],
    ['Ganache 7', startGanache],
    ['Anvil (no flags)', startBareAnvil],
  ] as const) {
    const node = await start();
    try {
      const chain = await seedDevNode(node);
      const client = nodeClient(node.url);
      const [sender, receiver] = [chain.accounts.sender, chain.accounts.receivers[0]!];
      for (let i = 0; i < blocks; i++) {
        await client.request({ method: 'eth_sendTransaction', params: [{ from: sender, to: receiver, value: `0x${parseEther('0.001').toString(16)}` }] } as never);
        if ((await client.getBlockNumber({ cacheTime: 0 })) < BigInt(i)) await client.request({ method: 'evm_mine', params: [] } as never);
      }
      const network = devNodeNetwork(node);
      const rpc = createRpcService({ resolve: async () => network });
      const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
      const decoding = createDecodingService({ rpc });
      const explorer = createExplorerService({ rpc, health, networkName: async () => node.name, decoding });
      const trace = createTraceService({ rpc, decoding });
      const history = createHistoryService({ rpc, explorer, chainOf: (id) => decoding.chainOf(id), decoding });
      const id = network.network.id;
      const signal = new AbortController().signal;
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const operations: Operation[] = [
        { name: 'explorer: the latest blocks', run: () => Promise.all(Array.from({ length: 10 }, (_, i) => explorer.block(id, (head - BigInt(i)).toString(10)))) },
        { name: "explorer: an address's page", run: () => explorer.address(id, sender, undefined) },
        { name: 'history: balance over time (64 points)', run: () => history.balance(id, receiver, 64) },
        { name: 'history: transactions sent (nonce search)', run: () => history.sent(id, sender, { count: 25 }, () => {}, signal) },
        { name: 'history: who called a contract', run: () => history.callers(id, chain.contracts.noticeboard, () => {}, signal) },
        { name: 'history: approvals', run: () => history.approvals(id, sender) },
        { name: 'history: token transfers', run: () => history.transfers(id, chain.trace.sender, () => {}, signal) },
        { name: 'trace: the deep revert', run: () => trace.transaction(id, chain.trace.deepRevert.hash) },
        { name: 'logs: every log of the chain', run: () => rpc.request(id, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]) },
        { name: 'gas: fee history of 1024 blocks', run: () => rpc.request(id, 'eth_feeHistory', ['0x400', 'latest', [10, 50, 90]]).catch(() => null) },
      ];
      for (const operation of operations) {
        const before = residentBytes(node.pid) ?? Number.NaN;
        const after: number[] = [];
        for (let i = 0; i < runs; i++) {
          await operation.run().catch((error: Error) => lines.push(`  ${label}, ${operation.name}: ${error.message.split('\n')[0]}`));
          after.push(residentBytes(node.pid) ?? Number.NaN);
        }
        const perLater = (after.at(-1)! - after[0]!) / Math.max(1, runs - 1);
        rows.push([label, operation.name, (before / MB).toFixed(0), (after[0]! / MB).toFixed(0), (after.at(-1)! / MB).toFixed(0), `${perLater >= 0 ? '+' : ''}${(perLater / MB).toFixed(1)}`]);
      }
      await rpc.close();
    } finally {
      await node.stop();
    }
  }
  // Then what Anvil's kept states cost as its chain grows, with nothing asked of it (keptStates.ts).
  const kept = await benchKeptStates(options);
  return { figures: kept.figures, lines: [...lines, ...table(header, rows), '', ...kept.lines] };
}
