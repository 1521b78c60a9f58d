import { decodeAbiParameters, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { startGanache } from '../../../test-support/nodes/startGanache';
import type { Decoded } from '../../../src-shared/decoding/types';
import { createDecodingService } from '../decoding/createDecodingService';
import { readTokenFacts } from './readTokenFacts';
import { useSeededDevNode } from '../rpc/testing/seededDevNode';

// A token's facts on nodes nobody here wrote, added as a custom network would be: the seeded TraceToken (an
// OpenZeppelin ERC-20). Its name() and symbol() use MCOPY, which Ganache 7 (Shanghai) cannot run: there those two
// facts are absent with the node's reason, and every other fact is read as on Hardhat.


describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode, true],
  ['Ganache 7', startGanache, false],
])('token facts on %s', (_, start, runsMcopy) => {
  const dev = useSeededDevNode(start);

  const raw = async <T,>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(dev.node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: T }).result;
  };

  it('reads each fact the node can answer at one block, and says why of each it cannot', async () => {
    const { chain, rpc, id } = dev;
    const token = chain.trace.contracts.token;
    const facts = await readTokenFacts({ rpc }, id, token, new AbortController().signal);
    const at = (data: string) => raw<string>('eth_call', [{ to: token, data }, facts.block]);
    expect(facts.decimals).toEqual({ value: Number(BigInt(await at('0x313ce567'))) });
    expect(facts.totalSupply).toEqual({ value: BigInt(await at('0x18160ddd')).toString(10) });
    expect(facts.standard).toMatchObject({ value: { name: 'ERC-20' } });
    if (runsMcopy) {
      const text = async (data: string) => decodeAbiParameters([{ type: 'string' }], (await at(data)) as Hex)[0];
      expect(facts.name).toEqual({ value: await text('0x06fdde03') });
      expect(facts.symbol).toEqual({ value: await text('0x95d89b41') });
    } else {
      expect('absent' in facts.name && facts.name.absent).toMatch(/^name\(\) failed: /);
      expect('absent' in facts.symbol && facts.symbol.absent).toMatch(/^symbol\(\) failed: /);
      // In the node's own words: the opcode it does not know.
      expect(facts.name).toEqual({ absent: 'name() failed: The call reverted without data (the node said “VM Exception while processing transaction: invalid opcode”).' });
    }
    // Holders as the node's own Transfer logs up to the same block leave them.
    const logs = await raw<{ topics: string[]; data: string }[]>('eth_getLogs', [{ address: token, topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'], fromBlock: '0x0', toBlock: facts.block }]);
    const balances = new Map<string, bigint>();
    for (const log of logs) {
      const amount = BigInt(log.data);
      balances.set(log.topics[1]!, (balances.get(log.topics[1]!) ?? 0n) - amount);
      balances.set(log.topics[2]!, (balances.get(log.topics[2]!) ?? 0n) + amount);
    }
    balances.delete(`0x${'0'.repeat(64)}`);
    const held = [...balances.values()].filter((balance) => balance > 0n);
    expect(facts.holders).toMatchObject({ value: { count: held.length, transfers: logs.length, held: held.reduce((sum, b) => sum + b, 0n).toString(10) } });
  });

  it("shows the token's transfers in its units, as the token answers decimals() and symbol()", async () => {
    const { chain, rpc, id } = dev;
    const token = chain.trace.contracts.token;
    const decoding = createDecodingService({ rpc, projectRoot: process.cwd() });
    const logs = await raw<{ address: string; topics: string[]; data: string }[]>('eth_getLogs', [{ address: token, topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'], fromBlock: '0x0', toBlock: 'latest' }]);
    expect(logs.length).toBeGreaterThan(0);
    const decimals = Number(BigInt(await raw<string>('eth_call', [{ to: token, data: '0x313ce567' }, 'latest'])));
    const symbol = runsMcopy ? decodeAbiParameters([{ type: 'string' }], (await raw<string>('eth_call', [{ to: token, data: '0x95d89b41' }, 'latest'])) as Hex)[0] : null;
    for (const { decoded } of await decoding.decodeLogs(id, logs)) {
      const event = decoded as Decoded;
      expect(event.signature).toBe('Transfer(address,address,uint256)');
      // Ganache 7 cannot run symbol() (MCOPY): the amount is in units still, without a symbol.
      expect(event.args[2]!.units).toEqual({ decimals, symbol });
    }
  });
}, 180_000);
