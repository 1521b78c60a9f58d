import { appPath, readChain, revertReasonFromChain, seededManifest } from './chain';
import { expect, test } from './appFixture';

// A support engineer opens a link to a failed transaction in a new window. The page comes drawn: the web host draws
// its first frame with the app's own components as it serves it, so the failure, its reason and its fee are there
// before any of the app's script has run (here, with script turned off, it is all there is). Then the app starts
// and takes the page over from what the frame was drawn with, without asking for it again, and it can be used.

/** What the chain says of the transaction: its block, and the fee it paid as the app writes it (in ETH, for the gas it used). */
async function factsFromChain(hash: string): Promise<{ block: number; fee: RegExp }> {
  const receipt = await readChain<{ blockNumber: string; gasUsed: string }>('eth_getTransactionReceipt', [hash]);
  return { block: Number(BigInt(receipt.blockNumber)), fee: new RegExp(`paid a fee of 0\\.\\d+\\s*ETH \\(${Number(BigInt(receipt.gasUsed)).toLocaleString('en-US')} gas at`) };
}

test('a failed transaction is on the page before the app has started, and the app takes it over', async ({ launch, browser }) => {
  // The frame waits for all its reads here (a person's waits 300 ms at most, then shows what has come), so what it
  // shows does not depend on how quick this machine is.
  const app = await launch(process.env, ['--first-frame-budget', '30000']);
  const hash = seededManifest().transactions.failed;
  const reason = await revertReasonFromChain(hash);
  const { block, fee } = await factsFromChain(hash);
  const link = appPath(app.url, `/explorer/tx/${hash}`);

  // With script turned off: the shell's frame, inert, with the transaction's facts.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto(link);
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    const main = page.locator('#main');
    // Inert, it is not in the accessibility tree yet: found by its text.
    await expect(main.locator('h1, h2, h3').filter({ hasText: `Failed: ${reason}` })).toBeVisible();
    await expect(main).toContainText(`In block ${block} on Local sandbox`);
    await expect(main).toContainText(fee);
    await expect(page.locator('nav.sidebar a[href="/explorer"]')).toBeVisible();
    // Hidden from the accessibility tree until the app has it: nothing is found by its role yet.
    await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');
    await expect(page.getByRole('navigation')).toHaveCount(0);
  } finally {
    await noScript.close();
  }

  // With script: the app draws itself over the frame from the frame's reads, and the page can be used.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => void asked.push(String(payload))));
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(error.message));

    await page.goto(link);
    await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 30_000 });
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
    const main = page.locator('#main');
    await expect(main.getByRole('heading', { name: `Failed: ${reason}` })).toBeVisible();
    await expect(main).toContainText(fee);
    // The transaction was read once, by the shell: the window's socket never asked for it.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((message) => message.includes('"explorer.transaction"'))).toEqual([]);

    // It is the app now: its tabs switch in the page, and a link opens its page inside the app.
    await page.getByRole('link', { name: 'Trace', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Trace', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Call tree' })).toBeVisible({ timeout: 30_000 });
    await page.goto(link);
    const documents: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'document' && documents.push(request.url())));
    await expect(page.locator('#root')).not.toHaveAttribute('inert', { timeout: 30_000 });
    await main.getByRole('link', { name: new RegExp(`^(Block )?${block}$`) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/explorer/block/${block}$`));
    await expect(main.getByText('Block at a glance')).toBeVisible({ timeout: 30_000 });
    expect(documents).toEqual([]); // no document loaded: the app went there itself
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
