import { encodeAbiParameters, keccak256, numberToHex, parseUnits, type Hex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallFrame } from '../../../../src-shared/trace/callFrame';
import { fromCallTracer } from '../../../../src-shared/trace/fromCallTracer';
import type { TraceFrameView } from '../../../../src-shared/trace/traceView';
import { createDecodingService } from '../../decoding/createDecodingService';
import { createContentReader } from '../../decoding/readContent';
import { toApiError } from '../../errors/thrownToApiError';
import { createRpcService } from '../../rpc/createRpcService';
import { localSandboxNetwork, sandboxNetwork } from '../../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../../rpc/testing/sharedSandbox';
import { createWhatIfService } from './createWhatIfService';

// What-if on the shared sandbox, through its gateway (which refuses debug_, so this is the replay the app runs on
// Local), each re-run checked against Anvil's own answer to the same call at the parent block (debug_traceCall).
const sandbox = sharedSandbox();
const { manifest } = sandbox;
const local = localSandboxNetwork(sandbox.info);
const anvil = sandboxNetwork(sandbox.info, '', { id: 'anvil', rpcUrl: sandbox.seededAnvilUrl, wsUrl: null });
const rpc = createRpcService({ resolve: async (networkId) => (networkId === 'anvil' ? { ...anvil, rpcUrl: sandbox.seededAnvilUrl } : local) });
/** Anvil itself, which answers debug_ (the gateway refuses it). */
const anvilRequest = <T>(method: string, params: unknown[]) => rpc.request<T>('anvil', method, params);
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const whatIf = createWhatIfService({ rpc, decoding });
afterAll(() => rpc.close());

/** The frames alone (what is decoded beside them left out), without gas: a call's gas is not a transaction's. */
const framesOnly = ({ call: _c, revert: _r, label: _l, contract: _k, gas: _g, gasUsed: _u, children, ...frame }: TraceFrameView): unknown => ({
  ...frame,
  children: children.map(framesOnly),
});
const anvilFrames = (frame: CallFrame): unknown => {
  const { gas: _g, gasUsed: _u, children, ...rest } = frame;
  return { ...rest, children: children.map(anvilFrames) };
};

/** Anvil's call tree of `hash` sent as a call at its parent block with `gas` (and other fields) changed. */
async function anvilTraceCall(hash: Hex, change: Record<string, string>): Promise<CallFrame> {
  const tx = await anvilRequest<{ from: Hex; to: Hex; input: Hex; value: Hex; gas: Hex; blockNumber: Hex }>('eth_getTransactionByHash', [hash]);
  const call = { from: tx.from, to: tx.to, input: tx.input, value: tx.value, gas: tx.gas, ...change };
  return fromCallTracer(await anvilRequest('debug_traceCall', [call, numberToHex(BigInt(tx.blockNumber) - 1n), { tracer: 'callTracer' }]));
}

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  if (!error) throw new Error('expected a failure');
  const { kind, shortMessage, details } = toApiError(error);
  return { kind, shortMessage, details };
};

describe('the what-if service', () => {
  it('runs the out-of-gas transaction again with the gas it needs: the original fails as mined, the re-run succeeds as Anvil says it would', async () => {
    const { outOfGas } = manifest.transactions;
    const view = await whatIf.run('local', outOfGas.hash, { kind: 'gasLimit', gasLimit: numberToHex(outOfGas.gasNeeded) });
    expect(view).toMatchObject({ hash: outOfGas.hash, stateBlock: view.blockNumber - 1, originalMatchesReceipt: true, differences: [] });
    const receipt = await anvilRequest<{ gasUsed: Hex }>('eth_getTransactionReceipt', [outOfGas.hash]);
    expect(view.original).toMatchObject({ status: 'failed', gasLimit: numberToHex(outOfGas.gasLimit), gasUsed: receipt.gasUsed });
    expect(view.original.trace.summary.failed).toBeGreaterThan(0);
    expect(view.rerun).toMatchObject({ status: 'success', gasLimit: numberToHex(outOfGas.gasNeeded) });
    expect(view.rerun.error).toBeUndefined();
    expect(view.rerun.trace.summary).toMatchObject({ failed: 0, depth: 3 });
    expect(BigInt(view.rerun.gasUsed)).toBeLessThanOrEqual(BigInt(outOfGas.gasNeeded));
    // Decoded as the Trace tab decodes: the router's redeem, named from its metadata.
    expect(view.rerun.trace.root).toMatchObject({ contract: 'TraceRouter', call: { status: 'decoded', name: 'redeem' } });
    expect(framesOnly(view.rerun.trace.root)).toEqual(anvilFrames(await anvilTraceCall(outOfGas.hash, { gas: numberToHex(outOfGas.gasNeeded) })));
    expect(framesOnly(view.original.trace.root)).toEqual(anvilFrames(await anvilTraceCall(outOfGas.hash, {})));
  });

  it('runs the deep revert again with far more gas: it still reverts, with the same custom error from the token', async () => {
    const { deepRevert } = manifest.transactions;
    const view = await whatIf.run('local', deepRevert.hash, { kind: 'gasLimit', gasLimit: numberToHex(1_000_000) });
    for (const outcome of [view.original, view.rerun]) {
      expect(outcome).toMatchObject({ status: 'failed', error: 'execution reverted', output: deepRevert.revertData.toLowerCase(), revert: { status: 'decoded', name: deepRevert.errorName } });
      expect(outcome.trace.summary.revertOrigin).toHaveLength(deepRevert.depth);
    }
    expect(view.rerun.gasLimit).toBe(numberToHex(1_000_000));
  });

  it('changes an argument, typed by the decoded function: the deep revert asking for what the vault holds succeeds', async () => {
    const { deepRevert } = manifest.transactions;
    const amount = parseUnits('10', 18).toString();
    const view = await whatIf.run('local', deepRevert.hash, { kind: 'argument', index: 2, value: amount });
    expect(view.rerun).toMatchObject({ status: 'success', output: encodeAbiParameters([{ type: 'uint256' }], [BigInt(amount)]) });
    expect(view.rerun.trace.root.call).toMatchObject({ status: 'decoded', args: [{}, {}, { value: amount }] });
    expect(framesOnly(view.rerun.trace.root)).toEqual(anvilFrames(await anvilTraceCall(deepRevert.hash, { input: view.rerun.trace.root.input })));
  });

  it("overrides a storage slot: with the vault's token balance raised, the deep revert succeeds", async () => {
    const { deepRevert } = manifest.transactions;
    const { token, vault } = manifest.contracts.trace;
    // OpenZeppelin's ERC20 keeps balances in a mapping at slot 0.
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [vault, 0n]));
    const view = await whatIf.run('local', deepRevert.hash, { kind: 'storage', address: token, slot, value: numberToHex(parseUnits('5000', 18)) });
    expect(view.original.status).toBe('failed');
    expect(view.rerun.status).toBe('success');
  });

  it('changes the value, the sender and a balance', async () => {
    const { internalTransfer, outOfGas } = manifest.transactions;
    const split = await whatIf.run('local', internalTransfer.hash, { kind: 'value', value: numberToHex(3n * 10n ** 18n) });
    expect(split.rerun.status).toBe('success');
    expect(split.rerun.trace.root.children.map((frame) => frame.value)).toEqual(internalTransfer.transfers.map(() => numberToHex(15n * 10n ** 17n)));
    const payee = internalTransfer.transfers[0]!.to;
    const sender = await whatIf.run('local', outOfGas.hash, { kind: 'sender', sender: payee });
    expect(sender.rerun.trace.root.from).toBe(payee.toLowerCase());
    const rich = await whatIf.run('local', internalTransfer.hash, { kind: 'balance', address: manifest.contracts.trace.splitter, balance: numberToHex(7n) });
    expect(rich.rerun.status).toBe('success');
  });

  it('says clearly what is wrong with a change that cannot apply', async () => {
    const { outOfGas, deepRevert } = manifest.transactions;
    expect(await failureOf(whatIf.run('local', outOfGas.hash, { kind: 'gasLimit', gasLimit: numberToHex(21_000) }))).toMatchInlineSnapshot(`
      {
        "details": "Its intrinsic gas: 21,000, more for its call data, a creation or an access list. Give at least that much.",
        "kind": "invalidInput",
        "shortMessage": "A gas limit of 21,000 is below the 22,000 this transaction pays before its code runs.",
      }
    `);
    expect(await failureOf(whatIf.run('local', deepRevert.hash, { kind: 'argument', index: 3, value: '1' }))).toMatchInlineSnapshot(`
      {
        "details": undefined,
        "kind": "invalidInput",
        "shortMessage": "redeem takes 3 arguments: there is no argument 4.",
      }
    `);
    expect(await failureOf(whatIf.run('local', deepRevert.hash, { kind: 'argument', index: 2, value: '-1' }))).toMatchInlineSnapshot(`
      {
        "details": undefined,
        "kind": "invalidInput",
        "shortMessage": "Argument 3 (uint256 amount): A uint256 is from 0 to 115792089237316195423570985008687907853269984665640564039457584007913129639935.",
      }
    `);
    expect(await failureOf(whatIf.run('local', `0x${'ab'.repeat(32)}`, { kind: 'value', value: '0x0' }))).toMatchInlineSnapshot(`
      {
        "details": "No transaction 0xabababababababababababababababababababababababababababababababab on this network.",
        "kind": "notFound",
        "shortMessage": "The node does not know this transaction.",
      }
    `);
  });
});
