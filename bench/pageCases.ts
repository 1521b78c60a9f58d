import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TRANSFER_TOPIC } from '../src-main/services/history/tokenTransfers';
import type { SeedManifest } from '../src-sandbox/chain/manifest';
import { postJsonRpc } from '../test-support/rawJsonRpc';
import type { PagesBenchOptions } from './pages';

/** One page of the page bench: where it is, what shows it is there, and the node reads it needs, sent raw. */
export interface PageCase {
  name: string;
  route: string;
  /** A selector present once the page's content is painted. */
  ready: string;
  /** The text of a button the page needs clicked (a query's or a call's Run), as a regular expression; null for none. */
  run: string | null;
  /** The reads the page needs, sent raw (Anvil, the gas API, the content store), as the floor. */
  floor: () => Promise<void>;
  /** The floor's reads, in words. */
  readsSay: string;
}

/** The bench sandbox's addresses and secrets, as the page bench was given them. */
type CaseOptions = Omit<PagesBenchOptions, 'quick' | 'projectRoot'>;

type Call = { method: string; params: unknown[] };

/** Every page the bench times, on the seeded chain of `dataDir` (facts read from its manifest and from the chain). */
export async function pageCases(options: CaseOptions, window: Page): Promise<PageCase[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dataDir, 'chain', 'manifest.json'), 'utf8')) as SeedManifest;
  // The floors: each page's reads as one plain batch to Anvil, its answers in the order asked.
  const batch = async (calls: Call[]): Promise<{ result?: unknown; error?: unknown }[]> => {
    const { body: answers } = await postJsonRpc<{ id: number; result?: unknown; error?: unknown }[]>(options.anvilUrl, calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call })));
    return answers!.sort((a, b) => a.id - b.id);
  };
  const one = async <T>(method: string, params: unknown[]): Promise<T> => (await batch([{ method, params }]))[0]!.result as T;
  const hex = (n: number | bigint) => `0x${n.toString(16)}`;

  const bigBlock = await one<{ transactions: string[] }>('eth_getBlockByNumber', [hex(manifest.bigBlock.number), false]);
  const inBigBlock = bigBlock.transactions[Math.floor(bigBlock.transactions.length / 2)]!;
  const trader = manifest.accounts.traders[0]!.address;
  const token = manifest.contracts.tokens[0]!;
  const authorization = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;
  // The demo folder's CID, as the content landing shows it.
  await window.evaluate(`history.pushState(null, '', '/content')`);
  const demo = (await window.locator('.content-demo .mono').first().textContent({ timeout: 60_000 }))!.trim();

  /** A transaction page's reads: the transaction and its receipt, then its block's header. */
  const transactionReads = async (hash: string, more: (tx: { blockNumber: string; to: string; input: string; from: string }) => Call[] = () => []) => {
    const [tx] = await batch([{ method: 'eth_getTransactionByHash', params: [hash] }, { method: 'eth_getTransactionReceipt', params: [hash] }]);
    const found = tx!.result as { blockNumber: string; to: string; input: string; from: string };
    await batch([{ method: 'eth_getBlockByNumber', params: [found.blockNumber, false] }, ...more(found)]);
  };

  return [
    {
      name: 'explorer home (10 latest blocks)',
      route: '/explorer',
      ready: '[aria-labelledby=latest-blocks] li',
      run: null,
      readsSay: 'the head, then 10 blocks with their transactions and receipts',
      floor: async () => {
        const head = BigInt(await one<string>('eth_blockNumber', []));
        await batch(Array.from({ length: 10 }, (_, i) => [{ method: 'eth_getBlockByNumber', params: [hex(head - BigInt(i)), true] }, { method: 'eth_getBlockReceipts', params: [hex(head - BigInt(i))] }]).flat());
      },
    },
    {
      name: `block ${manifest.bigBlock.number} (${manifest.bigBlock.transactionCount} transactions)`,
      route: `/explorer/block/${manifest.bigBlock.number}`,
      ready: '[role=grid][aria-label=transactions] [role=row][aria-rowindex="2"]',
      run: null,
      readsSay: 'the block with its transactions and its receipts',
      floor: async () => void (await batch([{ method: 'eth_getBlockByNumber', params: [hex(manifest.bigBlock.number), true] }, { method: 'eth_getBlockReceipts', params: [hex(manifest.bigBlock.number)] }])),
    },
    {
      name: `a transaction in block ${manifest.bigBlock.number}`,
      route: `/explorer/tx/${inBigBlock}`,
      ready: 'section[aria-labelledby=tx-receipt] dl',
      run: null,
      readsSay: 'the transaction and its receipt, then its block',
      floor: () => transactionReads(inBigBlock),
    },
    {
      name: 'a token transfer',
      route: `/explorer/tx/${manifest.transactions.erc20Transfer}`,
      ready: 'section[aria-labelledby=tx-transfers]',
      run: null,
      readsSay: "the transaction and its receipt, then its block and the token's symbol and decimals",
      floor: () =>
        transactionReads(manifest.transactions.erc20Transfer, (tx) => [
          { method: 'eth_call', params: [{ to: tx.to, data: '0x95d89b41' }, 'latest'] },
          { method: 'eth_call', params: [{ to: tx.to, data: '0x313ce567' }, 'latest'] },
        ]),
    },
    {
      name: 'a failed transaction with its reason',
      route: `/explorer/tx/${manifest.transactions.failed}`,
      ready: 'section[aria-labelledby=tx-summary]',
      run: null,
      readsSay: 'the transaction and its receipt, then its block and the call replayed at its parent',
      floor: () => transactionReads(manifest.transactions.failed, (tx) => [{ method: 'eth_call', params: [{ from: tx.from, to: tx.to, data: tx.input }, hex(BigInt(tx.blockNumber) - 1n)] }]),
    },
    {
      name: 'an address (a trader)',
      route: `/explorer/address/${trader}`,
      ready: 'dl[aria-label="Address overview"]',
      run: null,
      readsSay: 'its balance, nonce and code, and the head',
      floor: async () =>
        void (await batch([
          { method: 'eth_getBalance', params: [trader, 'latest'] },
          { method: 'eth_getTransactionCount', params: [trader, 'latest'] },
          { method: 'eth_getCode', params: [trader, 'latest'] },
          { method: 'eth_getBlockByNumber', params: ['latest', false] },
        ])),
    },
    {
      name: `the first row of a log query (${token.symbol} Transfer logs, whole chain)`,
      route: `/logs?address=${token.address}&topic0=${TRANSFER_TOPIC}&fromBlock=0&toBlock=latest`,
      ready: '[role=grid][aria-label=logs] [role=row][aria-rowindex="2"]',
      run: '^(Run query|Run anyway)$',
      readsSay: 'one eth_getLogs over the whole chain',
      floor: async () => void (await one('eth_getLogs', [{ address: token.address, topics: [TRANSFER_TOPIC], fromBlock: '0x0', toBlock: 'latest' }])),
    },
    {
      name: 'a call that reverts with a custom error',
      route: `/call?to=${manifest.contracts.reverter}&data=${manifest.reverts.customError.data}`,
      ready: '[aria-labelledby=call-outcome-title].call-outcome',
      run: '^Run eth_call$',
      readsSay: 'one eth_call',
      floor: async () => void (await batch([{ method: 'eth_call', params: [{ to: manifest.contracts.reverter, data: manifest.reverts.customError.data }, 'latest'] }])),
    },
    {
      name: 'the gas page',
      route: '/gas',
      ready: '[data-testid^="max-fee-"]',
      run: null,
      readsSay: "the gas API's suggestion",
      floor: async () => {
        const response = await fetch(`${options.gasUrl.replace(/\/$/, '')}/networks/${manifest.chainId}/suggestedGasFees`, { headers: { authorization } });
        await response.text();
      },
    },
    {
      name: 'a content folder (the demo folder)',
      route: `/content/${demo}`,
      ready: '[role=grid][aria-label*=entries] [role=row][aria-rowindex="2"]',
      run: null,
      readsSay: "the content store's listing of the folder",
      floor: async () => {
        const response = await fetch(`${options.storageUrl.replace(/\/$/, '')}/api/v0/ls?arg=${demo}`, { method: 'POST', headers: { authorization } });
        await response.text();
      },
    },
  ];
}
