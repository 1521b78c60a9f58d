import { parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccount, TRAFFIC_INDICES } from './accounts';
import { startAnvil, type AnvilProcess } from './anvil';
import { createSandboxClient, rawRequest, type SandboxClient } from './sandbox-chain';
import { TrafficSender } from './traffic-sender';

// A transaction the node accepted and then dropped leaves a gap in the account's nonces: every later send is
// accepted and waits behind it forever. heal() finds the stuck account and the next send fills the gap.

describe('the traffic sender', () => {
  let anvil: AnvilProcess;
  let client: SandboxClient;
  beforeAll(async () => {
    anvil = await startAnvil();
    client = createSandboxClient(anvil.url);
    await client.setAutomine(false);
  });
  afterAll(() => anvil?.stop());

  it('fills a nonce gap left by a dropped transaction, and leaves a moving account alone', async () => {
    const lines: string[] = [];
    const sender = new TrafficSender(client, (line) => lines.push(line));
    const account = sandboxAccount(TRAFFIC_INDICES[0]!);
    const tx = { to: account.address, value: 1n, gas: 21_000n, maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: parseGwei('1') };
    const mined = () => client.getTransactionCount({ address: account.address, blockTag: 'latest' });
    await client.setBalance({ address: account.address, value: 10n ** 20n }); // Anvil funds only its first ten accounts

    // A moving account: a send not mined yet, then mined; heal changes nothing either time.
    await sender.send(account, tx, 'first');
    await sender.heal(account.address);
    await client.mine({ blocks: 1 });
    expect(await mined()).toBe(1);
    await sender.heal(account.address);
    expect(lines).toEqual([]);

    // The node drops the next transaction after accepting it; the one after waits behind the gap.
    const dropped = await sender.send(account, tx, 'dropped');
    await rawRequest(client, 'anvil_dropTransaction', [dropped]);
    await sender.send(account, tx, 'waiting');
    await client.mine({ blocks: 1 });
    expect(await mined(), 'stuck behind the gap').toBe(1);
    await sender.heal(account.address); // still at 1 since the last heal, with sends beyond it: the gap is found
    expect(lines.join('\n')).toMatch(/stuck at nonce 1 \(sent up to 2\): sending at 1 again/);

    // The next send fills nonce 1, and the transaction waiting at 2 goes with it.
    await sender.send(account, tx, 'filler');
    await client.mine({ blocks: 1 });
    expect(await mined()).toBe(3);
  }, 60_000);
});
