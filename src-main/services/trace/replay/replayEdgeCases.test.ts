import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../../../test-support/bareAnvil';
import { fromCallTracer } from '../../../../src-shared/trace/fromCallTracer';
import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import { replayTransaction } from './replayTransaction';
import { assemble, deployer, type Instruction } from './testing/assemble';
import { frameDifferences } from './testing/frameDifferences';
import { postJsonRpc } from './testing/postJsonRpc';
import { prestateOf } from './testing/prestateOf';
import type { RpcRequest } from './rpcRequest';

// What the seeded chain never does, each in a transaction of its own on a bare Anvil: the frames and halts a call
// tree can hold, replayed (through standard methods only) and compared with Anvil's own callTracer.
let anvil: AnvilProcess;
let node: RpcRequest;
let standardOnly: RpcRequest;
let sender: `0x${string}`;
const contracts: Record<string, `0x${string}`> = {};
const hashes: Record<string, `0x${string}`> = {};

type CallKindOpcode = 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL';

/** One call from a driver contract, its success flag dropped. */
function call(kind: CallKindOpcode, to: string, { gas, value, word }: { gas?: number; value?: bigint; word?: bigint } = {}): Instruction[] {
  return [
    ...(word === undefined ? [] : ([['PUSH', word], ['PUSH', 0], 'MSTORE'] as Instruction[])),
    ['PUSH', 0], ['PUSH', 0], ['PUSH', word === undefined ? 0 : 32], ['PUSH', 0],
    ...(kind === 'CALL' || kind === 'CALLCODE' ? ([['PUSH', value ?? 0n]] as Instruction[]) : []),
    ['PUSH', to as `0x${string}`], gas === undefined ? 'GAS' : ['PUSH', gas], kind, 'POP',
  ];
}

/** One creation from a driver contract (init code of at most 32 bytes), its address dropped. */
function create(initCode: string, salt?: number, value = 0n): Instruction[] {
  const size = initCode.length / 2;
  return [
    ['PUSH', `0x${initCode}`], ['PUSH', 0], 'MSTORE',
    ...(salt === undefined ? [] : ([['PUSH', salt]] as Instruction[])),
    ['PUSH', size], ['PUSH', 32 - size], ['PUSH', value], salt === undefined ? 'CREATE' : 'CREATE2', 'POP',
  ];
}

async function send(tx: { to?: string; data?: string; value?: bigint; gas?: number }): Promise<`0x${string}`> {
  return (await node('eth_sendTransaction', [{
    from: sender,
    ...(tx.to ? { to: tx.to } : {}),
    data: tx.data ?? '0x',
    value: `0x${(tx.value ?? 0n).toString(16)}`,
    gas: `0x${(tx.gas ?? 3_000_000).toString(16)}`,
  }])) as `0x${string}`;
}

/** The receipt of a transaction sent to the automining node (mined as it is sent, its receipt readable a moment after). */
async function mined(hash: string): Promise<{ contractAddress: `0x${string}` | null }> {
  for (let tries = 0; tries < 200; tries++) {
    const receipt = await node('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt as { contractAddress: `0x${string}` | null };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`transaction ${hash} was not mined`);
}

async function deploy(runtime: Instruction[]): Promise<`0x${string}`> {
  return (await mined(await send({ data: deployer(assemble(runtime)) }))).contractAddress!;
}

/** Deploys a driver that runs `steps` and sends it a transaction. */
async function drive(name: string, steps: Instruction[], value = 0n): Promise<void> {
  const driver = await deploy([...steps, 'STOP']);
  hashes[name] = await send({ to: driver, value });
  await mined(hashes[name]);
}

const OK_INIT = assemble([['PUSH', 1], ['PUSH', 0], 'RETURN']);
/** Init code of a contract that self-destructs (to the zero address) while it is being created. */
const DYING_INIT = assemble([['PUSH', 0], 'SELFDESTRUCT']);
const REVERT_INIT = assemble([['PUSH', 0xbb], ['PUSH', 0], 'MSTORE', ['PUSH', 32], ['PUSH', 0], 'REVERT']);

beforeAll(async () => {
  anvil = await startAnvil();
  node = postJsonRpc(anvil.url);
  standardOnly = (method, params, signal) =>
    /^(debug|trace|anvil|evm|ots|hardhat)_/.test(method) ? Promise.reject(new Error(`${method} is not a standard method`)) : node(method, params, signal);
  sender = ((await node('eth_accounts', [])) as `0x${string}`[])[0]!;
  contracts.stopper = await deploy(['STOP']);
  contracts.innerCaller = await deploy([...call('CALL', contracts.stopper), 'STOP']);
  contracts.designatedInvalid = await deploy(['INVALID']);
  contracts.undefinedOpcode = await deploy([0x0c]);
  contracts.loop = await deploy(['JUMPDEST', ['PUSH', 0], 'JUMP']);
  contracts.memoryHog = await deploy([['PUSH', 0xffffff], 'MLOAD', 'STOP']);
  contracts.reverter = await deploy([['PUSH', 0xaa], ['PUSH', 0], 'MSTORE', ['PUSH', 32], ['PUSH', 0], 'REVERT']);
  contracts.callerReturner = await deploy([['PUSH', 1], ['PUSH', 0], 'SSTORE', 'CALLER', ['PUSH', 0], 'MSTORE', ['PUSH', 32], ['PUSH', 0], 'RETURN']);
  contracts.selfDestructor = await deploy(['CALLER', 'SELFDESTRUCT']);
  contracts.stackUnderflow = await deploy(['ADD']);
  contracts.storer = await deploy([['PUSH', 1], ['PUSH', 0], 'SSTORE', 'STOP']);
  contracts.blockHashReader = await deploy([['PUSH', 1], 'NUMBER', 'SUB', 'BLOCKHASH', ['PUSH', 0], 'MSTORE', ['PUSH', 32], ['PUSH', 0], 'RETURN']);
  contracts.counter = await deploy([
    ['PUSH', 0], 'SLOAD', ['PUSH', 1], 'ADD', 'DUP1', ['PUSH', 0], 'SSTORE', ['PUSH', 0], 'MSTORE',
    ['PUSH', 0x77], ['PUSH', 32], ['PUSH', 0], 'LOG1', 'STOP',
  ]);

  await drive('a CALL inside a static call', call('STATICCALL', contracts.innerCaller));
  await drive('the designated INVALID opcode and an undefined one', [
    ...call('CALL', contracts.designatedInvalid, { gas: 10_000 }),
    ...call('CALL', contracts.undefinedOpcode, { gas: 10_000 }),
  ]);
  await drive('an inner frame out of gas', call('CALL', contracts.loop, { gas: 5_000 }));
  await drive('an inner frame out of gas for memory', call('CALL', contracts.memoryHog, { gas: 100_000 }));
  await drive('an inner revert with data', call('CALL', contracts.reverter));
  await drive('a delegatecall and a callcode', [...call('DELEGATECALL', contracts.callerReturner), ...call('CALLCODE', contracts.callerReturner)], 7n);
  await drive('creations that succeed, halt and revert', [...create(OK_INIT), ...create(OK_INIT, 1), ...create('fe'), ...create(REVERT_INIT)]);
  await drive('a self-destruct', call('CALL', contracts.selfDestructor, { value: 5n }), 10n);
  await drive('a self-destruct during creation', create(DYING_INIT, undefined, 4n), 10n);
  await drive('a CREATE2 collision and a creation beyond the balance', [...create(OK_INIT, 9), ...create(OK_INIT, 9), ...create(OK_INIT, undefined, 10n ** 18n)]);
  await drive('a stack underflow', call('CALL', contracts.stackUnderflow));
  await drive('a state change in a static call', call('STATICCALL', contracts.storer));
  await drive('precompile calls', [
    ...call('CALL', '0x0000000000000000000000000000000000000004', { word: 0x1234n }),
    ...call('STATICCALL', '0x0000000000000000000000000000000000000001', { word: 1n }),
  ]);
  await drive('value to a new account and beyond the balance', [
    ...call('CALL', '0x000000000000000000000000000000000000dead', { value: 3n }),
    ...call('CALL', contracts.stopper, { value: 10n ** 18n }),
  ], 10n);
  await drive('a block hash', call('CALL', contracts.blockHashReader));
  hashes['a transaction over EIP-7825’s gas cap (Anvil does not enforce it)'] = await send({ to: contracts.counter, gas: 20_000_000 });
  hashes['a transaction that reverts itself'] = await send({ to: contracts.reverter });
  hashes['a creation that reverts'] = await send({ data: `0x${REVERT_INIT}` });
  await mined(hashes['a creation that reverts']);

  // Three increments in one block: the third one's log holds 3 only if the first two were replayed before it.
  await node('evm_setAutomine', [false]);
  const counted = [await send({ to: contracts.counter }), await send({ to: contracts.counter }), await send({ to: contracts.counter })];
  await node('evm_mine', []);
  await node('evm_setAutomine', [true]);
  await mined(counted[2]!);
  hashes['the third of three transactions in one block'] = counted[2]!;
});

afterAll(async () => {
  await anvil?.stop();
});

const CASES = [
  'a CALL inside a static call',
  'the designated INVALID opcode and an undefined one',
  'an inner frame out of gas',
  'an inner frame out of gas for memory',
  'an inner revert with data',
  'a delegatecall and a callcode',
  'creations that succeed, halt and revert',
  'a self-destruct',
  'a self-destruct during creation',
  'a CREATE2 collision and a creation beyond the balance',
  'a stack underflow',
  'a state change in a static call',
  'precompile calls',
  'value to a new account and beyond the balance',
  'a block hash',
  'a transaction over EIP-7825’s gas cap (Anvil does not enforce it)',
  'a transaction that reverts itself',
  'a creation that reverts',
  'the third of three transactions in one block',
];

describe('replayTransaction on what the seeded chain never does (a bare Anvil)', () => {
  it.each(CASES)('replays %s into the frames of Anvil’s callTracer', async (name) => {
    const hash = hashes[name]!;
    const [replay, traced, changed, receipt] = await Promise.all([
      replayTransaction({ request: standardOnly }, hash),
      node('debug_traceTransaction', [hash, { tracer: 'callTracer' }]),
      node('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]),
      node('eth_getTransactionReceipt', [hash]) as Promise<{ cumulativeGasUsed: string }>,
    ]);
    const reference = fromCallTracer(traced);
    expect(replay.check).toEqual({ matchesReceipt: true, differences: [] });
    // Anvil's two departures from geth in the transaction's own frame (see replayTransaction.test.ts).
    expect(BigInt(reference.gasUsed)).toBe(BigInt(receipt.cumulativeGasUsed));
    const asAnvilStatesIt: CallFrame = { ...replay.frame, gas: `0x${(BigInt(replay.frame.gas) - replay.intrinsicGas).toString(16)}`, gasUsed: reference.gasUsed };
    expect(frameDifferences(asAnvilStatesIt, reference)).toEqual([]);
    expect(replay.stateDiff).toEqual(prestateOf(changed));
  });
});
