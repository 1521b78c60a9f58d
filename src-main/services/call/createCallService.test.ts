import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeAbiParameters, formatUnits, encodeFunctionData, getAddress, parseAbiItem, type AbiFunction } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../src-shared/call/types';
import type { AbiError } from '../../../src-shared/decoding/candidates';
import { createDecodingService } from '../decoding/createDecodingService';
import { createContentReader } from '../decoding/readContent';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createCallService } from './createCallService';

const sandbox = sharedSandbox();
const { manifest } = sandbox;
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-call-'));
const store = openStore(dataDir);
const call = createCallService({ rpc, decoding, store, chainOf: async () => '31337', redact: (text) => text.replaceAll(sandbox.info.key, '[key]') });
afterAll(async () => {
  await rpc.close();
  call.flush(); // as the app does before it closes the store: the last test's calls wait on a timer to be written
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const from = manifest.accounts.deployer.address;
const reverter = manifest.contracts.reverter;
const fn = (text: string) => parseAbiItem(text) as AbiFunction;

/** Raw eth_call straight to the sandbox: what the service must agree with, read without it. */
async function rawCall(to: string, data: string): Promise<string> {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ from, to, data }, 'latest'] }) });
  return ((await response.json()) as { result: string }).result;
}

const failed = (outcome: CallOutcome) => {
  if (outcome.ok) throw new Error(`expected a revert, got ${outcome.returnData}`);
  return outcome;
};

describe('call service on the sandbox', () => {
  it("reads a token balance, decoded by name and type with the function's outputs, as the node answers it", async () => {
    const token = manifest.contracts.tokens[0]!.address;
    const balanceOf = fn('function balanceOf(address account) view returns (uint256 balance)');
    const data = encodeFunctionData({ abi: [balanceOf], args: [from] });
    const outcome = await call.run('local', { call: { from, to: token, data }, block: 'latest', fn: balanceOf });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const expected = decodeAbiParameters([{ type: 'uint256' }], (await rawCall(token, data)) as `0x${string}`)[0];
    // In the token's units: its decimals and symbol as the token answers them.
    const [decimals] = decodeAbiParameters([{ type: 'uint8' }], (await rawCall(token, '0x313ce567')) as `0x${string}`);
    const [symbol] = decodeAbiParameters([{ type: 'string' }], (await rawCall(token, '0x95d89b41')) as `0x${string}`);
    expect(outcome.outputs).toEqual({ status: 'decoded', args: [{ name: 'balance', type: 'uint256', value: expected.toString(10), units: { decimals, symbol } }] });
    expect(outcome.blockNumber).toBeNull(); // asked at a tag: shown as the tag, no second request for the header
    expect(outcome.elapsedMs).toBeGreaterThan(0);
  });

  it('tells the block a call ran at when asked by number or by hash', async () => {
    const token = manifest.contracts.tokens[0]!.address;
    const balanceOf = fn('function balanceOf(address account) view returns (uint256 balance)');
    const data = encodeFunctionData({ abi: [balanceOf], args: [from] });
    const head = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }) });
    const { result: block } = (await head.json()) as { result: { number: string; hash: string } };
    const byNumber = await call.run('local', { call: { from, to: token, data }, block: String(BigInt(block.number)), fn: balanceOf });
    expect(byNumber.blockNumber).toBe(block.number);
    const byHash = await call.run('local', { call: { from, to: token, data }, block: block.hash, fn: balanceOf });
    expect(byHash.blockNumber).toBe(block.number);
  });

  it("decodes each of the Reverter's reverts: the reason string, the custom error with its arguments, panics 0x11 and 0x12", async () => {
    const run = async (data: string) => failed(await call.run('local', { call: { from, to: reverter, data }, block: 'latest' }));
    const reason = await run(manifest.reverts.reasonString.data);
    expect(reason.error.code).toBe(3);
    expect(reason.revert?.message).toBe(manifest.reverts.reasonString.reason);

    const custom = await run(manifest.reverts.customError.data);
    expect(custom.revert).toMatchObject({ status: 'decoded', name: manifest.reverts.customError.errorName, source: 'metadata' });
    expect(custom.revert?.status === 'decoded' && custom.revert.args.map((arg) => arg.name)).toEqual(['requested', 'available']);

    for (const kind of ['panicOverflow', 'panicDivisionByZero'] as const) {
      const panic = await run(manifest.reverts[kind].data);
      expect(panic.revert?.message).toMatch(new RegExp(`^Panic 0x${manifest.reverts[kind].panicCode.toString(16).padStart(2, '0')}: `));
      expect(panic.error.data).toMatch(/^0x4e487b71/);
    }
  });

  it('decodes a custom error from the errors pasted with the call, where no metadata or import knows the contract', async () => {
    // A decoding service that reads no content store: the Reverter's own metadata is out of reach, as on a node
    // whose contracts have none (Hardhat, Ganache, a hosted chain).
    const blind = createCallService({ rpc, decoding: createDecodingService({ rpc, projectRoot: process.cwd() }), store, chainOf: async () => '31337', redact: (text) => text });
    const { data, errorName } = manifest.reverts.customError;
    const unnamed = failed(await blind.run('local', { call: { from, to: reverter, data }, block: 'latest' }));
    expect(unnamed.revert?.status === 'decoded' && unnamed.revert.source).not.toBe('pasted');
    const pasted = parseAbiItem('error InsufficientBalance(uint256 requested, uint256 available)') as AbiError;
    const outcome = failed(await blind.run('local', { call: { from, to: reverter, data }, block: 'latest', errors: [pasted] }));
    expect(outcome.revert).toMatchObject({ status: 'decoded', name: errorName, source: 'pasted' });
    // The arguments as the node's revert data holds them, named as pasted.
    const raw = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ from, to: reverter, data }, 'latest'] }) });
    const revertData = ((await raw.json()) as { error: { data: string } }).error.data as `0x${string}`;
    const [requested, available] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], `0x${revertData.slice(10)}`);
    expect(outcome.revert?.message).toBe(`InsufficientBalance(requested: ${requested}, available: ${available})`);
    blind.flush();
  });

  it('shows an unknown custom error raw with its argument types guessed, labelled as a guess', async () => {
    // Code that reverts with selector 0xdeadbeef and one word (7), put at an empty address by a state override.
    const target = '0x00000000000000000000000000000000000b10c5';
    const code = '0x63deadbeef60e01b600052600760045260246000fd';
    const outcome = failed(await call.run('local', { call: { from, to: target, data: '0x' }, block: 'latest', overrides: { [target]: { code } } }));
    expect(outcome.error.data).toBe(`0xdeadbeef${'7'.padStart(64, '0')}`);
    expect(outcome.revert).toMatchObject({ status: 'decoded', source: 'guess', selector: '0xdeadbeef' });
    expect(outcome.revert?.message).toContain('guessed');
  });

  it('warns when gas is over 10x the block gas limit, and still runs the call', async () => {
    const block = (await rpc.request<{ gasLimit: string }>('local', 'eth_getBlockByNumber', ['latest', false]));
    const gas = `0x${(BigInt(block.gasLimit) * 11n).toString(16)}`;
    const outcome = await call.run('local', { call: { from, to: reverter, data: encodeFunctionData({ abi: [fn('function increment(uint256 x) pure returns (uint256)')], args: [1n] }), gas }, block: 'latest' });
    expect(outcome.ok).toBe(true);
    expect(outcome.warnings.join(' ')).toMatch(/more than 10x the block gas limit/);
  });

  it('keeps with each call in the history what it returned, decoded, or the reason it reverted', async () => {
    const token = manifest.contracts.tokens[0]!.address;
    const balanceOf = fn('function balanceOf(address account) view returns (uint256 balance)');
    const data = encodeFunctionData({ abi: [balanceOf], args: [from] });
    const returned = await call.run('local', { call: { from, to: token, data }, block: 'latest', fn: balanceOf });
    if (!returned.ok) throw new Error(returned.error.message);
    const balance = decodeAbiParameters([{ type: 'uint256' }], returned.returnData as `0x${string}`)[0];
    // The token's balance in its units, as its decimals() and symbol() answer, rounded for reading.
    const [decimals] = decodeAbiParameters([{ type: 'uint8' }], (await rawCall(token, '0x313ce567')) as `0x${string}`);
    const [symbol] = decodeAbiParameters([{ type: 'string' }], (await rawCall(token, '0x95d89b41')) as `0x${string}`);
    const inUnits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, maximumSignificantDigits: 6, roundingPriority: 'morePrecision' }).format(formatUnits(balance, decimals) as `${number}`);
    expect(call.history('local')[0]!.summary).toEqual({ ok: true, returnData: returned.returnData, result: `${inUnits} ${symbol} (uint256)` });
    const reverted = failed(await call.run('local', { call: { from, to: reverter, data: manifest.reverts.customError.data }, block: 'latest' }));
    expect(call.history('local')[0]!.summary).toEqual({ ok: false, message: reverted.error.message, reason: reverted.revert?.message });
    expect(reverted.revert?.message).toMatch(/^InsufficientBalance\(requested: \d+, available: \d+\)$/);
  });

  it('keeps every call in the history, pinned first, and deletes one', async () => {
    const before = call.history('local');
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(before[0]!.request.call.from).toBe(from);
    const oldest = before.at(-1)!;
    expect(call.pin(oldest.id, true).pinned).toBe(true);
    expect(call.history('local')[0]!.id).toBe(oldest.id);
    expect(call.deleteHistory(oldest.id)).toEqual({ deleted: true });
    expect(call.history('local').some((entry) => entry.id === oldest.id)).toBe(false);
    expect(() => call.pin(oldest.id, false)).toThrow(/not in the history/);
  });

  it("suggests From: the node's first account where eth_accounts offers one, else the last one used on the network", async () => {
    // The bare Anvil offers its dev accounts; the sandbox's gateway answers [] (as a hosted service does).
    const anvil = createRpcService({ resolve: async () => ({ ...local, network: { ...local.network, id: 'anvil' }, rpcUrl: sandbox.anvilUrl, wsUrl: null }) });
    const onAnvil = createCallService({ rpc: anvil, decoding, store, chainOf: async () => '31337', redact: (text) => text });
    try {
      const offered = await fetch(sandbox.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] }) });
      const [first] = ((await offered.json()) as { result: string[] }).result;
      expect(await onAnvil.suggestedFrom('anvil')).toEqual({ address: getAddress(first!), source: 'node' });
    } finally {
      await anvil.close();
    }
    const last = call.history('local').toSorted((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0]!;
    expect(await call.suggestedFrom('local')).toEqual({ address: last.request.call.from, source: 'history' });
    expect(await call.suggestedFrom('never-used')).toEqual({ address: null, source: null });
  });

  it("lists a sandbox contract's functions and errors from its metadata", async () => {
    const view = await call.abi('local', reverter);
    expect(view.source).toBe('metadata');
    expect(view.functions.map((item) => item.name)).toEqual(expect.arrayContaining(['requireNonZero', 'withdraw', 'increment', 'divide']));
    expect(view.errors.map((item) => item.name)).toContain('InsufficientBalance');
  });
});
