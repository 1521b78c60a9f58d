import { expect, test } from './appFixture';
import { RESPONDER_TOKEN, startStarknetResponder, type StarknetResponder } from '../test-support/starknetResponder';

// A developer on Starknet reads a token: they add their Starknet endpoint, call balanceOf by name (the
// selector computed and shown), pass the holder as an address, read the u256 result from its two felts, then
// call a function the token lacks and read the error in plain words.
//
// No Starknet node runs on this machine. The endpoint here is the Starknet spec responder
// (test-support/starknetResponder.ts): a local server that validates every request against
// test-support/specs/starknet-specs/starknet_api_openrpc.json and answers with spec-valid results.

let responder: StarknetResponder;
test.beforeAll(async () => {
  responder = await startStarknetResponder();
});
test.afterAll(async () => {
  await responder.close();
});

test("calls a Starknet token's balanceOf by name and reads the u256, then reads a missing entry point's error", async ({ app, page }) => {
  const url = new URL(app.url);
  await page.goto(`${url.origin}/settings/networks/new${url.hash}`);
  await page.getByLabel('Name').fill('Starknet responder');
  await page.getByLabel('Family').selectOption('starknet');
  await page.getByLabel('Chain id').fill('SN_SEPOLIA');
  await page.getByLabel('JSON-RPC address').fill(`${responder.origin}/starknet/v3/`);
  await page.getByRole('button', { name: 'Add network' }).click();
  await expect(page.getByRole('main').getByText('Starknet responder').first()).toBeVisible();
  await page.getByRole('link', { name: /API keys/i }).first().click();
  await page.getByRole('button', { name: 'Add key for Starknet responder' }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill('starknet-e2e-key-51c2');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByLabel(/^Key hint /).first()).toBeVisible();

  await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Starknet responder' });
  await page.goto(`${url.origin}/call${url.hash}`);
  await expect(page.getByRole('heading', { name: 'Call' })).toBeVisible();
  await expect(page.getByText(/Starknet's call \(starknet_call\) on Starknet responder/)).toBeVisible();

  await page.getByLabel('Contract address').fill(RESPONDER_TOKEN.address);
  await page.getByLabel('Function name').fill('balanceOf');
  // The selector is Starknet's keccak of the name, shown as the published value.
  await expect(page.getByLabel('Entry point selector')).toHaveValue('0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e');
  await page.getByRole('button', { name: 'Add argument' }).click();
  await page.getByLabel('Argument 1 kind').selectOption('address');
  await page.getByLabel('Argument 1 (address)').fill('0x1234');
  await expect(page.getByLabel('Calldata felts')).toHaveText('calldata: [0x1234]');
  await page.getByRole('button', { name: 'Run starknet_call' }).click();

  const result = page.getByRole('table', { name: 'Result felts' });
  await expect(result).toBeVisible();
  await expect(page.getByRole('heading', { name: /Returned Result: 2 felts/ })).toBeVisible();
  // What came of it is where the eye is, and where focus is: a screen reader reads it.
  const outcome = page.getByRole('region', { name: /^Returned Result: 2 felts/ });
  await expect(outcome).toBeFocused();
  await expect(outcome.getByRole('heading', { level: 2 })).toBeInViewport();
  const holder = [...RESPONDER_TOKEN.balances.entries()].find(([address]) => address === 0x1234n)![1];
  await expect(result.getByRole('cell', { name: 'Felt 0 as decimal' })).toHaveText((holder & (2n ** 128n - 1n)).toString());
  await page.getByLabel('Read felt 0 as').selectOption('u256WithNext');
  await expect(result.getByRole('cell', { name: /Felt 0 as u256/ })).toHaveText(holder.toString());
  // The request as sent: by name, as the spec writes starknet_call, with the key left to a placeholder.
  await expect(page.getByLabel('JSON-RPC request')).toContainText('"entry_point_selector": "0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e"');

  await page.getByLabel('Function name').fill('balance_of_all');
  await page.getByRole('button', { name: 'Run starknet_call' }).click();
  await expect(page.getByRole('heading', { name: /Failed The contract has no entry point for balance_of_all/ })).toBeVisible();
  await expect(page.getByLabel("The node's answer")).toContainText('21');

  await page.getByLabel('Function name').fill('name');
  await page.getByRole('button', { name: 'Remove argument 1' }).click();
  await page.getByRole('button', { name: 'Run starknet_call' }).click();
  await page.getByLabel('Read felt 0 as').selectOption('shortString');
  await expect(page.getByRole('cell', { name: 'Felt 0 as short string' })).toHaveText(RESPONDER_TOKEN.name);

  const calls = responder.requests.filter((request) => request.method === 'starknet_call');
  expect(calls.length).toBe(3);
  expect(responder.problems()).toEqual([]);
  expect(JSON.stringify(await page.content())).not.toContain('starknet-e2e-key-51c2');
});
