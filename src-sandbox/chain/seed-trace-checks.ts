import { decodeErrorResult, decodeFunctionData, numberToHex, type Address, type Hex } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { traceChildAbi, traceFactoryAbi, traceTokenAbi } from './abis';
import type { CallFrame } from '../../src-shared/trace/callFrame';
import { fromCallTracer } from '../../src-shared/trace/fromCallTracer';
import { frameAt, framesOf } from '../../src-shared/trace/framesOf';
import { revertOrigin } from '../../src-shared/trace/summarizeTrace';
import type { SeedManifest } from './manifest';
import { rawRequest, type SandboxClient } from './sandbox-chain';
import type { TraceShowcase } from './seed-trace';

// Like seed-checks.ts: each claim of the trace showcase is read back from the node before the manifest states it.
// The seeder talks to Anvil itself (the gateway refuses debug_), so the call trees come from Anvil's callTracer.

/** Anvil's call tree of the transaction `hash`, in the app's model of it. */
export async function callTreeOf(client: SandboxClient, hash: Hex): Promise<CallFrame> {
  return fromCallTracer(await rawRequest<unknown>(client, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]));
}

const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * Checks the deep revert, the internal transfers and the CREATE2 against the node (receipts, call trees, balances,
 * code) and returns them as the manifest lists them.
 */
export async function checkTraceShowcase(
  client: SandboxClient,
  showcase: TraceShowcase,
  tracer: Address,
): Promise<Pick<SeedManifest['transactions'], 'deepRevert' | 'internalTransfer' | 'create2' | 'outOfGas'>> {
  return {
    deepRevert: await checkDeepRevert(client, showcase.deepRevert),
    internalTransfer: await checkInternalTransfer(client, showcase.internalTransfer),
    create2: await checkCreate2(client, showcase.create2, tracer),
    outOfGas: await checkOutOfGas(client, showcase.outOfGas),
  };
}

/**
 * Checks the out-of-gas redemption: mined with status 0, its gas limit as sent, a frame below the transaction's own
 * out of gas; and reads what it needs, the node's estimate of the same call at the parent block, above its limit.
 */
async function checkOutOfGas(
  client: SandboxClient,
  claim: TraceShowcase['outOfGas'],
): Promise<SeedManifest['transactions']['outOfGas']> {
  const [receipt, sent] = await Promise.all([client.getTransactionReceipt({ hash: claim.hash }), client.getTransaction({ hash: claim.hash })]);
  if (receipt.status !== 'reverted') throw new Error(`seed check: the out-of-gas transaction ${claim.hash} has status ${receipt.status}`);
  if (sent.gas !== BigInt(claim.gasLimit)) throw new Error(`seed check: the out-of-gas transaction was sent with ${sent.gas} gas, expected ${claim.gasLimit}`);
  const frames = framesOf(await callTreeOf(client, claim.hash));
  if (!frames.some((f) => f.depth > 0 && f.error?.startsWith('out of gas'))) {
    throw new Error(`seed check: no frame below the transaction ran out of gas in ${claim.hash}`);
  }
  const parent = numberToHex(receipt.blockNumber - 1n);
  const call = { from: sent.from, to: sent.to, data: sent.input, value: numberToHex(sent.value) };
  const gasNeeded = Number(BigInt(await rawRequest<Hex>(client, 'eth_estimateGas', [call, parent])));
  if (gasNeeded <= claim.gasLimit) throw new Error(`seed check: the out-of-gas transaction needs ${gasNeeded} gas at its parent block, no more than its ${claim.gasLimit}`);
  return { ...claim, gasNeeded };
}

async function checkDeepRevert(client: SandboxClient, claim: TraceShowcase['deepRevert']): Promise<SeedManifest['transactions']['deepRevert']> {
  const receipt = await client.getTransactionReceipt({ hash: claim.hash });
  if (receipt.status !== 'reverted') throw new Error(`seed check: the deep revert ${claim.hash} has status ${receipt.status}`);
  const tree = await callTreeOf(client, claim.hash);
  const path = revertOrigin(tree);
  const frame = path && frameAt(tree, path);
  if (!frame) throw new Error(`seed check: the deep revert's call tree has no failed root frame`);
  const { depth } = frame;
  if (depth !== claim.depth || !same(frame.to, claim.revertingContract)) {
    throw new Error(`seed check: the deep revert began at depth ${depth} in ${frame.to}, expected depth ${claim.depth} in ${claim.revertingContract}`);
  }
  if (frame.output !== claim.revertData.toLowerCase() || tree.output !== claim.revertData.toLowerCase()) {
    throw new Error(`seed check: the deep revert's data is ${frame.output} (the transaction's ${tree.output}), expected ${claim.revertData}`);
  }
  const error = decodeErrorResult({ abi: traceTokenAbi, data: frame.output });
  const called = decodeFunctionData({ abi: traceTokenAbi, data: frame.input });
  if (error.errorName !== claim.errorName || formatAbiItem(error.abiItem) !== claim.errorSignature || called.functionName !== claim.revertingFunction) {
    throw new Error(`seed check: the deep revert is ${called.functionName} reverting with ${formatAbiItem(error.abiItem)}`);
  }
  return claim;
}

async function checkInternalTransfer(
  client: SandboxClient,
  claim: TraceShowcase['internalTransfer'],
): Promise<SeedManifest['transactions']['internalTransfer']> {
  const receipt = await client.getTransactionReceipt({ hash: claim.hash });
  if (receipt.status !== 'success') throw new Error(`seed check: the internal transfers' transaction ${claim.hash} failed`);
  const frames = framesOf(await callTreeOf(client, claim.hash));
  for (const { from, to, value } of claim.transfers) {
    if (!frames.some((f) => f.kind === 'call' && same(f.from, from) && same(f.to, to) && BigInt(f.value) === BigInt(value))) {
      throw new Error(`seed check: no call with value ${value} from ${from} to ${to} in ${claim.hash}`);
    }
    // Nothing else pays the payees, so their balance moved by exactly the transfer in its block.
    const [before, after] = await Promise.all([
      client.getBalance({ address: to, blockNumber: receipt.blockNumber - 1n }),
      client.getBalance({ address: to, blockNumber: receipt.blockNumber }),
    ]);
    if (after - before !== BigInt(value)) throw new Error(`seed check: ${to}'s balance moved by ${after - before} in block ${receipt.blockNumber}, expected ${BigInt(value)}`);
  }
  return claim;
}

async function checkCreate2(client: SandboxClient, claim: TraceShowcase['create2'], owner: Address): Promise<SeedManifest['transactions']['create2']> {
  const receipt = await client.getTransactionReceipt({ hash: claim.hash });
  if (receipt.status !== 'success') throw new Error(`seed check: the CREATE2 transaction ${claim.hash} failed`);
  const frames = framesOf(await callTreeOf(client, claim.hash));
  if (!frames.some((f) => f.kind === 'create2' && same(f.from, claim.factory) && same(f.to, claim.address))) {
    throw new Error(`seed check: no CREATE2 frame from ${claim.factory} to ${claim.address} in ${claim.hash}`);
  }
  const atBlock = { blockNumber: receipt.blockNumber } as const;
  const [onChain, childOwner] = await Promise.all([
    client.readContract({ address: claim.factory, abi: traceFactoryAbi, functionName: 'addressOf', args: [claim.salt, owner], ...atBlock }),
    client.readContract({ address: claim.address, abi: traceChildAbi, functionName: 'owner', ...atBlock }),
  ]);
  if (!same(onChain, claim.address) || !same(childOwner, owner)) {
    throw new Error(`seed check: the factory computes ${onChain} and the child's owner is ${childOwner}; expected ${claim.address} owned by ${owner}`);
  }
  return claim;
}

/** Checks that `hash` holds a DELEGATECALL from `proxy` to `implementation`, and returns the manifest's `delegateCall`. */
export async function checkDelegateCall(
  client: SandboxClient,
  claim: SeedManifest['transactions']['delegateCall'],
): Promise<SeedManifest['transactions']['delegateCall']> {
  const frames = framesOf(await callTreeOf(client, claim.hash));
  if (!frames.some((f) => f.kind === 'delegatecall' && same(f.from, claim.proxy) && same(f.to, claim.implementation))) {
    throw new Error(`seed check: no DELEGATECALL from ${claim.proxy} to ${claim.implementation} in ${claim.hash}`);
  }
  return claim;
}
