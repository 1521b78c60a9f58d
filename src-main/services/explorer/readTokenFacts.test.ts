import { afterAll, describe, expect, it } from 'vitest';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { readTokenFacts, standardOf } from './readTokenFacts';

const sandbox = sharedSandbox();
const requests: string[] = [];
const rpc = createRpcService({ resolve: async () => localSandboxNetwork(sandbox.info), onRequest: (_, method) => requests.push(method) });
afterAll(() => rpc.close());

async function raw<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

const word = (value: bigint | number) => `0x${value.toString(16).padStart(64, '0')}`;
const yes = { ok: true as const, data: word(1) };
const no = { ok: true as const, data: word(0) };
const reverted = { ok: false as const, why: 'it reverted.' };

describe("a token contract's facts", () => {
  it('are what its own calls answer at the block read, with the holders its Transfer logs leave up to that block', async () => {
    const token = sandbox.manifest.contracts.tokens[0]!;
    const facts = await readTokenFacts({ rpc }, 'local', token.address, new AbortController().signal);
    const at = (data: string) => raw<string>('eth_call', [{ to: token.address, data }, facts.block]);
    expect(facts.symbol).toEqual({ value: token.symbol });
    expect(facts.decimals).toEqual({ value: token.decimals });
    expect(facts.totalSupply).toEqual({ value: BigInt(await at('0x18160ddd')).toString(10) });
    expect('value' in facts.name && facts.name.value.length > 0).toBe(true);
    expect(facts.standard).toEqual({ value: { name: 'ERC-20', how: 'answers totalSupply(), balanceOf(address) and decimals()' } });
    if (!facts.holders || !('value' in facts.holders)) throw new Error(`no holders: ${JSON.stringify(facts.holders)}`);
    const holders = facts.holders.value;
    expect(holders.count).toBeGreaterThan(1);
    expect(holders.top).toBe(Math.min(10, holders.count));
    // Every token the sandbox seeds was minted by transfers from the zero address: what they leave held is its supply.
    expect(holders.held).toBe(facts.totalSupply && 'value' in facts.totalSupply ? facts.totalSupply.value : null);
    expect(BigInt(holders.topHeld) <= BigInt(holders.held)).toBe(true);
    const logs = await raw<unknown[]>('eth_getLogs', [{ address: token.address, topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'], fromBlock: '0x0', toBlock: facts.block }]);
    expect(holders.transfers).toBe(logs.length);
  });

  it('are read without the holders when asked so (no log scan), and at a block asked for, the same as at the head then', async () => {
    const token = sandbox.manifest.contracts.tokens[1]!;
    const requestsBefore = requests.length;
    const calls = await readTokenFacts({ rpc }, 'local', token.address, new AbortController().signal, { holders: false });
    expect(calls.holders).toBeNull();
    expect(requests.slice(requestsBefore)).not.toContain('eth_getLogs');
    const later = await readTokenFacts({ rpc }, 'local', token.address, new AbortController().signal, { block: `0x00${calls.block.slice(2)}` });
    expect(later.block).toBe(calls.block);
    expect({ ...later, holders: null }).toEqual(calls);
    expect(later.holders).toMatchObject({ value: { top: expect.any(Number) } });
  });

  it('are each absent with why on a contract that is no token, and its holders are not counted', async () => {
    const requestsBefore = requests.length;
    const facts = await readTokenFacts({ rpc }, 'local', sandbox.manifest.contracts.reverter, new AbortController().signal);
    expect('absent' in facts.standard).toBe(true);
    expect(facts.holders).toEqual({ absent: 'Not a token.' });
    expect('absent' in facts.symbol && facts.symbol.absent).toMatch(/^symbol\(\) (failed|returned)/);
    expect(requests.slice(requestsBefore)).not.toContain('eth_getLogs');
  });
});

describe('the standard', () => {
  const base = { name: reverted, symbol: reverted, decimals: reverted, totalSupply: { ok: true as const, data: word(5) }, balanceOfZero: { ok: true as const, data: word(0) }, erc165: no, erc721: no, erc1155: no };
  it.each([
    ['ERC-721 when ERC-165 says so', { ...base, erc165: yes, erc721: yes }, 'ERC-721'],
    ['ERC-1155 when ERC-165 says so', { ...base, erc165: yes, erc1155: yes, totalSupply: reverted }, 'ERC-1155'],
    ['ERC-20 by its calls when ERC-165 names neither', { ...base, erc165: yes }, 'ERC-20'],
    ['not ERC-721 when supportsInterface answers yes to everything but ERC-165 itself', { ...base, erc165: no, erc721: yes, totalSupply: reverted }, null],
    ['none without totalSupply()', { ...base, totalSupply: reverted }, null],
  ])('is %s', (_, answers, expected) => {
    const found = standardOf(answers);
    expect('value' in found ? found.value.name : null).toBe(expected);
  });
});
