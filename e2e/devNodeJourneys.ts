import type { Page } from '@playwright/test';
import { createPublicClient, createWalletClient, decodeErrorResult, decodeEventLog, defineChain, encodeFunctionData, http, parseAbi, toEventSelector, type Hex } from 'viem';
import { sandboxAccount } from '../src-sandbox/chain/accounts';
import type { DevNode } from '../test-support/nodes/devNodeProcess';
import type { DevNodeChain } from '../test-support/nodes/seedDevNode';
import { expect, test } from './appFixture';
import { appPath } from './chain';
import { addAndPickNetwork } from './devNodes';

/** The node started and seeded once for the file (see `seededDevNode` in ./devNodes). */
export type SeededDevNode = () => { node: DevNode; chain: DevNodeChain };

const postedEvent = parseAbi(['event Posted(address indexed author, uint256 indexed id, string text)']);
const errors = parseAbi(['error Error(string)', 'error Panic(uint256)', 'error InsufficientBalance(uint256 requested, uint256 available)']);

/** viem's clients on the node, to read what the chain holds at check time (and to post as the seeder does). */
function clientsOf(node: DevNode) {
  const chain = defineChain({ id: node.chainId, name: node.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node.url] } } });
  const transport = http(node.url, { retryCount: 0 });
  return { client: createPublicClient({ chain, transport }), wallet: createWalletClient({ chain, transport, account: sandboxAccount(0) }) };
}

/** The "Overview at block N" an address page shows: the block its balance and nonce were read at. */
async function overviewBlock(page: Page): Promise<bigint> {
  const heading = page.getByRole('heading', { name: /^Overview at block [\d,]+$/ });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  return BigInt((await heading.textContent())!.replace(/\D/g, ''));
}

/**
 * The explorer on a node nobody here wrote (`seeded` is the node and what its seeder made, added as the custom
 * network `name`): the home page marks the seeded failed transactions (no eth_getBlockReceipts on Hardhat or
 * Ganache: receipts read one by one), a seeded block lists its transaction, the sender's page its balance and nonce,
 * the Noticeboard's page its code; its ABI imported there, its counter read from storage and its `Posted` logs
 * found and decoded by a query, then a new post arriving in the live tail.
 */
export function exploreAndFollowLogsOn(name: string, seeded: SeededDevNode): void {
  test(`on ${name}, the explorer marks failed transactions, reads a block, addresses and storage, and logs come by query and live`, async ({ app, page }) => {
    const { node, chain } = seeded();
    const { client, wallet } = clientsOf(node);
    await addAndPickNetwork(page, app.url, { name, chainId: node.chainId, url: node.url });

    // Home: every seeded failed transaction in the latest ones, marked failed; a successful one not.
    const latest = page.getByRole('region', { name: 'Latest transactions' });
    for (const failed of Object.values(chain.failed)) {
      await expect(latest.getByRole('listitem').filter({ has: page.getByTitle(failed.hash, { exact: true }) }).getByText('failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    }
    const post = latest.getByRole('listitem').filter({ has: page.getByTitle(chain.posts[0]!, { exact: true }) });
    await expect(post).toBeVisible();
    await expect(post.getByText('failed', { exact: true })).toHaveCount(0);
    // The node lacks eth_getBlockReceipts: the page says how it read the outcomes instead.
    await expect(latest.getByRole('note')).toHaveText('This node does not offer eth_getBlockReceipts, so each transaction’s receipt is read on its own.');

    // The block of the custom error's transaction, from the home page's link: its transaction, failed.
    const { blockNumber } = await client.getTransactionReceipt({ hash: chain.failed.customError.hash });
    await page.getByRole('region', { name: 'Latest blocks' }).getByRole('link', { name: blockNumber.toLocaleString('en-US'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Block ${blockNumber.toLocaleString('en-US')}`) })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('1 transaction, 1 failed')).toBeVisible();
    const row = page.getByRole('grid', { name: 'transactions' }).getByRole('row').filter({ has: page.getByTitle(chain.failed.customError.hash, { exact: true }) });
    await expect(row.getByText('Failed', { exact: true })).toBeVisible();

    // The sender: an account without code, its balance and nonce as the chain has them at the block the page read.
    await page.goto(appPath(app.url, `/explorer/address/${chain.accounts.sender}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address');
    let at = await overviewBlock(page);
    const overview = page.getByLabel('Address overview');
    const nonce = await client.getTransactionCount({ address: chain.accounts.sender, blockNumber: at });
    const balance = await client.getBalance({ address: chain.accounts.sender, blockNumber: at });
    await expect(overview).toContainText(new RegExp(`Nonce \\(transactions sent\\)${nonce.toLocaleString('en-US')}Code`));
    await expect(overview).toContainText('none: an externally owned account');
    // The balance in ETH, then (two clicks: gwei, wei) to the wei.
    const amount = overview.getByRole('button', { name: / ETH$/ });
    await amount.click();
    await overview.getByRole('button', { name: / gwei$/ }).click();
    await expect(overview.getByRole('button', { name: / wei$/ })).toHaveText(`${balance.toLocaleString('en-US')} wei`);

    // Its story from the node alone: every transaction it sent (as many as its nonce now), and no token ever moved.
    const sections = page.getByRole('navigation', { name: 'Address sections' });
    await sections.getByRole('link', { name: 'Transactions' }).click();
    const sent = page.getByRole('region', { name: /Transactions sent/ });
    const sentNow = await client.getTransactionCount({ address: chain.accounts.sender });
    await expect(sent.getByRole('heading', { name: new RegExp(`${sentNow.toLocaleString('en-US')} in all`) })).toBeVisible({ timeout: 30_000 });
    await expect(sent.getByRole('grid', { name: 'transactions sent' })).toHaveAttribute('aria-rowcount', String(Math.min(sentNow, 25) + 1));
    await expect(sent.getByRole('row').filter({ has: page.getByTitle(chain.failed.customError.hash, { exact: true }) }).getByText('Failed', { exact: true })).toBeVisible();
    await sections.getByRole('link', { name: 'Holdings' }).click();
    await expect(page.getByText('This address never received a token.')).toBeVisible({ timeout: 30_000 });
    // Nor did it approve a spender: the node's own Approval and ApprovalForAll logs with it as owner are none.
    const owner = `0x${chain.accounts.sender.slice(2).toLowerCase().padStart(64, '0')}` as Hex;
    const approvalEvents = [toEventSelector('Approval(address,address,uint256)'), toEventSelector('ApprovalForAll(address,address,bool)')];
    const approvals = await client.request({ method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: 'latest', topics: [approvalEvents, owner] }] });
    expect(approvals).toEqual([]);
    await sections.getByRole('link', { name: 'Approvals' }).click();
    await expect(page.getByText('This address never approved a spender.')).toBeVisible({ timeout: 30_000 });

    // The Noticeboard: a contract, its code size as the chain has it; a person imports its ABI there.
    await page.goto(appPath(app.url, `/explorer/address/${chain.contracts.noticeboard}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contractholds code', { timeout: 30_000 });
    at = await overviewBlock(page);
    const code = await client.getCode({ address: chain.contracts.noticeboard, blockNumber: at });
    await expect(page.getByLabel('Address overview')).toContainText(`${((code!.length - 2) / 2).toLocaleString('en-US')} bytes`);
    const form = page.getByRole('region', { name: 'Import an ABI' });
    await form.getByLabel('ABI').fill(JSON.stringify(chain.abis.noticeboard));
    await form.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('region', { name: 'Imported ABI' })).toBeVisible();

    // Storage: its `count` (the first declared variable, slot 0) read at the head, as eth_getStorageAt answers.
    const reader = page.getByRole('region', { name: 'Read storage' });
    await reader.getByLabel('a plain variable').check();
    await reader.getByLabel('Declaration position').fill('0');
    const head = await client.getBlockNumber();
    await reader.getByLabel('At block').fill(String(head));
    await reader.getByRole('button', { name: 'Read slot' }).click();
    const word = await client.getStorageAt({ address: chain.contracts.noticeboard, slot: '0x0', blockNumber: head });
    const slot = page.getByLabel('Storage slot');
    await expect(slot).toContainText(`Raw word${word}`, { timeout: 30_000 });
    await expect(slot.getByRole('definition').last()).toHaveText(BigInt(word!).toString(10));

    // Logs: the Noticeboard's `Posted` events up to the second post's block: both posts, decoded with the imported ABI.
    const posted = toEventSelector('Posted(address,uint256,string)');
    const last = (await client.getTransactionReceipt({ hash: chain.posts.at(-1)! })).blockNumber;
    await page.goto(appPath(app.url, `/logs?address=${chain.contracts.noticeboard}&fromBlock=0&toBlock=${last}&topic0=${posted}`));
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Done: / })).toContainText(`${chain.posts.length} logs`, { timeout: 30_000 });
    const logs = page.getByRole('grid', { name: 'logs' });
    await expect(logs).toHaveAttribute('aria-rowcount', String(chain.posts.length + 1));
    for (const [i, hash] of chain.posts.entries()) {
      const text = await postedText(client, hash);
      await expect(logs.getByRole('row').filter({ has: page.getByTitle(hash, { exact: true }) })).toContainText(`Posted(author=`);
      await expect(logs.getByRole('row').filter({ has: page.getByTitle(hash, { exact: true }) })).toContainText(`id=${i + 1}, text=${text})`);
    }

    // Live tail of the same contract: no WebSocket to the node, so it polls; a third post arrives on top.
    await page.getByLabel('To block').fill('latest');
    await page.getByLabel('Follow new logs (live tail)').check();
    const tail = page.getByRole('region', { name: 'Live tail' });
    await expect(tail.getByRole('img', { name: 'Following' })).toBeVisible({ timeout: 30_000 });
    await expect(tail).toContainText('polling eth_getLogs at each new block (no WebSocket)');
    const text = `a post while following on ${name}`;
    const hash = await wallet.sendTransaction({ to: chain.contracts.noticeboard, data: encodeFunctionData({ abi: chain.abis.noticeboard, functionName: 'post', args: [text] }) });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const arrived = tail.getByRole('grid', { name: 'new logs' }).getByRole('row').filter({ has: page.getByTitle(hash, { exact: true }) });
    await expect(arrived).toContainText(`text=${text.slice(0, 10)}`, { timeout: 30_000 });
  });
}

/** The text of the `Posted` event a post transaction logged, as the chain has it. */
async function postedText(client: ReturnType<typeof clientsOf>['client'], hash: Hex): Promise<string> {
  const receipt = await client.getTransactionReceipt({ hash });
  const [log] = receipt.logs;
  const { args } = decodeEventLog({ abi: postedEvent, data: log!.data, topics: log!.topics });
  return args.text;
}

/**
 * The call playground on the node: `increment(41)` returns its value (decoded with the ABI pasted), `withdraw(101)` reverts with the custom error
 * decoded (from the signature database: no ABI imported), `increment(max)` with the panic named.
 */
export function callContractsOn(name: string, seeded: SeededDevNode): void {
  test(`on ${name}, a call returns a value, and a custom error and a panic are decoded`, async ({ app, page }) => {
    const { node, chain } = seeded();
    const { client } = clientsOf(node);
    await addAndPickNetwork(page, app.url, { name, chainId: node.chainId, url: node.url });
    const open = (data: Hex) => page.goto(appPath(app.url, `/call?to=${chain.contracts.reverter}&data=${data}&from=${chain.accounts.sender}`));
    const run = () => page.getByRole('button', { name: 'Run eth_call' }).click();

    // A value. The signature database does not name `increment`, so the developer pastes the contract's ABI: the
    // form reads the link's calldata back as that function, and the result decodes as the node returns it.
    const { data: returned } = await client.call({ account: chain.accounts.sender, to: chain.contracts.reverter, data: chain.value.data });
    await open(chain.value.data);
    await page.getByLabel('ABI (optional): JSON, an artifact, or signatures').fill(JSON.stringify(chain.abis.reverter));
    await expect(page.getByLabel('Function')).toHaveValue(/^increment\(uint256\)/, { timeout: 30_000 });
    await run();
    const result = page.getByRole('region', { name: /Result/ });
    await expect(result.getByLabel('Return data', { exact: true })).toHaveText(returned!, { timeout: 30_000 });
    await expect(result.getByRole('row', { name: new RegExp(`uint256 ${BigInt(returned!).toString(10)}$`) })).toBeVisible();

    // The custom error, its arguments as the seed's revert bytes have them.
    const { args } = decodeErrorResult({ abi: errors, data: chain.failed.customError.revertData });
    await open(chain.failed.customError.data);
    await run();
    await expect(page.getByRole('heading', { name: new RegExp(`^Reverted InsufficientBalance\\(${args![0]}, ${args![1]}\\)$`) })).toBeVisible({ timeout: 30_000 });
    // The node could not read the error (Hardhat: "an unrecognized custom error"; Ganache: a bare "revert"): its words
    // are not shown beside the error just decoded, only the code and the bytes behind Details.
    const reverted = page.getByRole('region', { name: /^Reverted InsufficientBalance/ });
    await reverted.getByText('Details: the node’s answer').click();
    await expect(reverted.getByLabel("The node's answer")).toContainText(chain.failed.customError.revertData);
    await expect(reverted).not.toContainText(/unrecognized custom error|without a reason string|VM Exception/i);

    // The panic: its code and what it means.
    const code = decodeErrorResult({ abi: errors, data: chain.failed.panic.revertData }).args![0] as bigint;
    await open(chain.failed.panic.data);
    await run();
    await expect(page.getByRole('heading', { name: `Reverted Panic 0x${code.toString(16).padStart(2, '0')}: arithmetic overflow or underflow` })).toBeVisible({ timeout: 30_000 });
  });
}
