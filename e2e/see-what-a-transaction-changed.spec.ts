import { seriousViolations } from './accessibilityChecker';
import { appPath, readChain, seededManifest } from './chain';
import { tokenUnitsText } from './amountText';
import { expect, test } from './appFixture';

// A support engineer asks what a token transfer changed. Its State tab, opened by its link, shows each changed
// address (replayed in Blockglass: the service offers no debug_ methods, and the sandbox refuses them as it does):
// the sender's nonce and balance before and after, the token's balance slots named by variable and holder (its
// storage layout recompiled from the Solidity metadata the sandbox's content store holds), and the token balance
// changes in the token's units. Every value is checked against the chain read at check time.

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const BALANCE_OF = '0x70a08231';


interface Receipt {
  from: string;
  blockNumber: string;
  transactionIndex: string;
  logs: { address: string; topics: string[]; data: string }[];
}

/** What `holder` held of `token` just before the transaction: at the block before, plus the Transfers of the block's earlier transactions. */
async function heldBefore(receipt: Receipt, token: string, holder: string): Promise<bigint> {
  const parent = `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`;
  let held = BigInt(await readChain<string>('eth_call', [{ to: token, data: `${BALANCE_OF}${holder.slice(2).padStart(64, '0')}` }, parent]));
  const word = `0x${holder.slice(2).padStart(64, '0')}`;
  for (const earlier of await readChain<Receipt[]>('eth_getBlockReceipts', [receipt.blockNumber])) {
    if (BigInt(earlier.transactionIndex) >= BigInt(receipt.transactionIndex)) continue;
    for (const log of earlier.logs) {
      if (log.address.toLowerCase() !== token.toLowerCase() || log.topics[0] !== TRANSFER) continue;
      if (log.topics[1] === word) held -= BigInt(log.data);
      if (log.topics[2] === word) held += BigInt(log.data);
    }
  }
  return held;
}

test('a token transfer’s State tab shows each changed address before and after, its slots named, and the tokens moved', async ({ readOnlyApp: app, page }) => {
  const manifest = seededManifest();
  const hash = manifest.transactions.erc20Transfer;
  const receipt = await readChain<Receipt>('eth_getTransactionReceipt', [hash]);
  const { nonce } = await readChain<{ nonce: string }>('eth_getTransactionByHash', [hash]);
  const transfer = receipt.logs.find((log) => log.topics[0] === TRANSFER)!;
  const token = manifest.contracts.tokens.find((candidate) => candidate.address.toLowerCase() === transfer.address.toLowerCase())!;
  const sender = receipt.from.toLowerCase();
  const amount = BigInt(transfer.data);
  // The sender sends other transactions in the same block: what the chain holds at the block before is not what
  // this transaction found, so the checks are on what the transaction itself says (its nonce, its Transfer log).
  const held = (value: bigint) => value.toLocaleString('en-US');

  await page.goto(appPath(app.url, `/explorer/tx/${hash}?tab=state`));
  await expect(page.getByRole('link', { name: 'State', exact: true })).toHaveAttribute('aria-current', 'page', { timeout: 30_000 });
  const changes = page.getByRole('region', { name: 'State changes' });
  await expect(changes.getByText(/^\d+ addresses changed$/)).toBeVisible({ timeout: 60_000 });
  await expect(changes.getByText('Replayed in Blockglass: the node offers no state tracer')).toBeVisible();
  await expect(changes.getByRole('alert')).toHaveCount(0);
  // One block per changed address, as many as the summary says.
  const count = Number((await changes.getByText(/^\d+ addresses changed$/).textContent())!.split(' ')[0]);
  await expect(changes.getByRole('article')).toHaveCount(count);

  // The sender: its nonce went up by one, as the chain says at the block before and the block.
  const senderBlock = changes.getByRole('article', { name: `Changes of ${sender}` });
  await expect(senderBlock.getByRole('row', { name: /^Nonce/ }).getByRole('cell')).toHaveText([String(BigInt(nonce)), String(BigInt(nonce) + 1n)]);
  await expect(senderBlock.getByRole('row', { name: /^Balance/ })).toBeVisible();

  // The token: named from its metadata, the sender's balance slot named by variable and holder, read as a number.
  const tokenBlock = changes.getByRole('article', { name: /^Changes of / }).filter({ hasText: 'SandboxToken' });
  const senderSlot = tokenBlock.getByRole('row', { name: new RegExp(`_balances\\[${sender}\\]`) });
  // Its name comes with the storage layout, recompiled from the metadata a moment after the changes show.
  await expect(senderSlot).toBeVisible({ timeout: 60_000 });
  const [wasText, isText] = await senderSlot.getByRole('cell').allTextContents();
  const [was, is] = [wasText, isText].map((text) => BigInt(text!.replaceAll(',', '')));
  expect(held(was! - is!)).toBe(held(amount));
  // What it held before the transaction: its balanceOf at the block before, moved by the block's earlier Transfers.
  expect(held(was!)).toBe(held(await heldBefore(receipt, token.address, sender)));
  await expect(changes.getByText(/named by variable from \d+ contracts?'s? storage layout/)).toBeVisible();

  // The tokens moved, in the token's units: what the sender lost, from its Transfer log.
  const tokens = page.getByRole('region', { name: /^Token balance changes/ });
  const sent = tokenUnitsText(amount, token.decimals, token.symbol);
  await expect(tokens.getByRole('row').filter({ hasText: `−${sent}` })).toHaveCount(1);
  await expect(tokens.getByRole('row').filter({ hasText: `+${sent}` })).toHaveCount(1);

  // As a screen reader meets it, in the light theme and the dark.
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
});
