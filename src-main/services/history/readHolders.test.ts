import { afterAll, describe, expect, it } from 'vitest';
import { createTokenFacts } from '../chains/tokenFacts';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { readHolders } from './readHolders';

const sandbox = sharedSandbox();
const rpc = createRpcService({ resolve: async () => localSandboxNetwork(sandbox.info) });
afterAll(() => rpc.close());

async function raw<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

describe("a token's holders from its transfers", () => {
  it('are the addresses with a balance, largest first, each what balanceOf says at the block read; together the total supply', async () => {
    const token = sandbox.manifest.contracts.tokens[0]!;
    const view = await readHolders({ rpc, tokens: createTokenFacts(rpc) }, 'local', token.address, new AbortController().signal);
    expect(view.holders).toBeGreaterThan(1);
    expect(view.symbol).toBe(token.symbol);
    const balances = view.rows.map((row) => BigInt(row.balance));
    expect([...balances].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(balances);
    for (const row of view.rows.slice(0, 5)) {
      const answer = await raw<string>('eth_call', [{ to: token.address, data: `0x70a08231${row.address.slice(2).padStart(64, '0')}` }, view.head]);
      expect(row.balance).toBe(BigInt(answer).toString(10));
    }
    if (view.holders === view.rows.length) {
      const supply = BigInt(await raw<string>('eth_call', [{ to: token.address, data: '0x18160ddd' }, view.head]));
      expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(supply);
    }
  });
});
