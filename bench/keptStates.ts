import { startAnvil } from '../test-support/bareAnvil';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { residentBytes } from '../test-support/processMemory';
import { table } from './benchKit';
import type { Figure, SectionResult } from './report';

// What Anvil's kept states cost as its chain grows, with nothing asked of it: `--prune-history N` keeps the latest N
// states in memory, and (Anvil 1.7) each kept state is a copy of the whole state, block hashes of the whole chain
// included, so its memory grows with N times the chain's length. The sandbox's live node keeps 128
// (src-sandbox/sandbox.ts); 8 is shown beside. Empty blocks, mined in steps by anvil_mine; RSS read after each. Then
// what it holds for the transactions it mined, with and without its transaction keeper.

const MB = 1024 * 1024;

/** The kept-states section: a bare Anvil per window, RSS as its chain grows. */
export async function benchKeptStates(options: { quick: boolean }): Promise<SectionResult> {
  const step = 5000;
  const steps = options.quick ? 2 : 4;
  const windows = [8, 128];
  const rows: string[][] = [];
  const figures: Figure[] = [];
  for (const kept of windows) {
    const anvil = await startAnvil({ args: ['--prune-history', String(kept)] });
    try {
      const start = residentBytes(anvil.pid) ?? Number.NaN;
      const sizes: number[] = [];
      for (let i = 1; i <= steps; i++) {
        const mined = await rawJsonRpc(anvil.url, 'anvil_mine', [`0x${step.toString(16)}`]);
        if (mined.body.error) throw new Error(`anvil_mine failed: ${JSON.stringify(mined.body.error)}`);
        sizes.push(residentBytes(anvil.pid) ?? Number.NaN);
      }
      const perThousand = ((sizes.at(-1)! - start) / (steps * step)) * 1000;
      rows.push([String(kept), (start / MB).toFixed(0), ...sizes.map((size) => (size / MB).toFixed(0)), (perThousand / MB).toFixed(1)]);
      figures.push({ section: 'Nodes', what: `a bare Anvil keeping ${kept} states, RSS added per 1,000 empty blocks mined`, value: perThousand / MB, unit: 'MiB', digits: 1 });
    } finally {
      await anvil.stop();
    }
  }
  const header = ['states kept', 'RSS at start', ...Array.from({ length: steps }, (_, i) => `after ${((i + 1) * step).toLocaleString('en-US')} blocks`), 'MiB per 1,000 blocks'];
  const held = await benchTransactionsHeld(options);
  return {
    figures: [...figures, ...held.figures],
    lines: [`== What Anvil's kept states cost as its chain grows (bare Anvil, --prune-history N, empty blocks; RSS in MiB)`, ...table(header, rows), '', ...held.lines],
  };
}

/**
 * What Anvil holds for the transactions it mined: 8 transfers a block, 8 states kept, with and without
 * `--transaction-block-keeper 64` (which drops the transactions, receipts and traces of blocks older than 64). RSS
 * per 1,000 blocks, read after a first stretch (the keeper's window filled). The live node's growth with traffic
 * is this, not its kept states.
 */
async function benchTransactionsHeld(options: { quick: boolean }): Promise<SectionResult> {
  const blocks = options.quick ? 1000 : 2000;
  const warm = 200;
  const perBlock = 8;
  const rows: string[][] = [];
  const figures: Figure[] = [];
  for (const [label, extra] of [
    ['every block\'s transactions', []],
    ['the latest 64 blocks\' (--transaction-block-keeper 64)', ['--transaction-block-keeper', '64']],
  ] as const) {
    const anvil = await startAnvil({ args: ['--prune-history', '8', '--no-mining', ...extra] });
    try {
      const accounts = (await rawJsonRpc(anvil.url, 'eth_accounts', [])).body.result as string[];
      let start = Number.NaN;
      for (let block = 0; block < warm + blocks; block++) {
        if (block === warm) start = residentBytes(anvil.pid) ?? Number.NaN;
        const sent = await Promise.all(accounts.slice(0, perBlock).map((from, i) => rawJsonRpc(anvil.url, 'eth_sendTransaction', [{ from, to: accounts[(i + 1) % accounts.length], value: '0x1' }])));
        const refused = sent.find((answer) => answer.body.error);
        if (refused) throw new Error(`eth_sendTransaction failed: ${JSON.stringify(refused.body.error)}`);
        const mined = await rawJsonRpc(anvil.url, 'evm_mine', []);
        if (mined.body.error) throw new Error(`evm_mine failed: ${JSON.stringify(mined.body.error)}`);
      }
      const end = residentBytes(anvil.pid) ?? Number.NaN;
      const perThousand = ((end - start) / blocks) * 1000;
      rows.push([label, (start / MB).toFixed(0), (end / MB).toFixed(0), (perThousand / MB).toFixed(1)]);
      figures.push({ section: 'Nodes', what: `a bare Anvil keeping 8 states and ${label}, RSS added per 1,000 blocks of ${perBlock} transfers`, value: perThousand / MB, unit: 'MiB', digits: 1 });
    } finally {
      await anvil.stop();
    }
  }
  return {
    figures,
    lines: [
      `== What Anvil holds for the transactions it mined (bare Anvil, 8 states kept, ${perBlock} transfers a block; RSS in MiB, from block ${warm} to ${warm + blocks})`,
      ...table(['transactions kept', `RSS at block ${warm}`, `at block ${warm + blocks}`, 'MiB per 1,000 blocks'], rows),
    ],
  };
}
