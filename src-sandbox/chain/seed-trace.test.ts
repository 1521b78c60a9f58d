import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';
import { decodeErrorResult, decodeFunctionData, encodeDeployData, getContractAddress, hexToBytes, keccak256, numberToHex, type Address, type Hex } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { rpcResult } from '../testing/rawRpc';
import { traceChildAbi, traceTokenAbi } from './abis';
import { compileSandboxContracts } from './contracts';

// The trace showcase's manifest entries, checked against the run's seeded sandbox (the chain as saved and restored,
// which is what the app and the journeys meet), reading Anvil itself: the gateway refuses debug_ as the service does.

const sandbox = inject('sandbox');
// The seeded node: every seeded block's state, so Anvil can trace a seeded transaction (the live node keeps only its latest blocks').
const { manifest, seededAnvilUrl: anvilUrl } = sandbox;

/** A frame of Anvil's callTracer answer. */
interface Frame {
  type: string;
  from: string;
  to?: string;
  value?: Hex;
  input: Hex;
  output?: Hex;
  error?: string;
  calls?: Frame[];
}

const callTree = (hash: Hex) => rpcResult<Frame>(anvilUrl, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
const receiptOf = (hash: Hex) => rpcResult<{ status: Hex; blockNumber: Hex }>(anvilUrl, 'eth_getTransactionReceipt', [hash]);
const framesOf = (frame: Frame): Frame[] => [frame, ...(frame.calls ?? []).flatMap(framesOf)];
const lower = (address: Address) => address.toLowerCase();

describe('the seeded trace showcase', () => {
  it('has a mined, failed transaction whose revert began three calls deep, in the custom error of the contract the manifest names', async () => {
    const { deepRevert } = manifest.transactions;
    const receipt = await receiptOf(deepRevert.hash);
    expect(receipt.status).toBe('0x0');
    expect(Number(receipt.blockNumber)).toBeLessThanOrEqual(manifest.seededToBlock);

    // Down the failing frames (the last failing callee of each), to the innermost one: where the revert began.
    const tree = await callTree(deepRevert.hash);
    const path = [tree];
    for (let frame = tree; ; ) {
      const failed = (frame.calls ?? []).filter((call) => call.error !== undefined).at(-1);
      if (!failed) break;
      path.push((frame = failed));
    }
    const innermost = path.at(-1)!;
    expect(path.length - 1).toBe(deepRevert.depth);
    expect(deepRevert.depth).toBeGreaterThanOrEqual(3);
    expect(innermost).toMatchObject({ type: 'CALL', to: lower(deepRevert.revertingContract), output: deepRevert.revertData, error: 'execution reverted' });
    expect(decodeFunctionData({ abi: traceTokenAbi, data: innermost.input }).functionName).toBe(deepRevert.revertingFunction);
    const { trace } = manifest.contracts;
    expect(decodeErrorResult({ abi: traceTokenAbi, data: innermost.output! })).toEqual({
      abiItem: expect.objectContaining({ name: deepRevert.errorName }),
      errorName: 'ERC20InsufficientBalance',
      args: [trace.vault, 60n * 10n ** 18n, 1000n * 10n ** 18n],
    });
    expect(deepRevert.errorSignature).toBe('ERC20InsufficientBalance(address,uint256,uint256)');
    // Router, pool, vault, token: each caller passed the token's revert data up unchanged.
    expect(path.map((frame) => frame.to)).toEqual([trace.router, trace.pool, trace.vault, trace.token].map(lower));
    for (const frame of path) expect(frame.output).toBe(deepRevert.revertData);
    // The pool read the reserve first: a successful static call beside the failing one.
    expect(path[1]!.calls?.[0]).toMatchObject({ type: 'STATICCALL', to: lower(trace.token) });
    expect(path[1]!.calls?.[0]?.error).toBeUndefined();
  });

  it('has internal ETH transfers: calls with value from the splitter that moved the payees’ balances', async () => {
    const { internalTransfer } = manifest.transactions;
    const receipt = await receiptOf(internalTransfer.hash);
    expect(receipt.status).toBe('0x1');
    const frames = framesOf(await callTree(internalTransfer.hash));
    expect(internalTransfer.transfers.length).toBeGreaterThanOrEqual(2);
    const block = Number(receipt.blockNumber);
    for (const { from, to, value } of internalTransfer.transfers) {
      expect(from).toBe(manifest.contracts.trace.splitter);
      expect(BigInt(value)).toBeGreaterThan(0n);
      expect(frames).toContainEqual(expect.objectContaining({ type: 'CALL', from: lower(from), to: lower(to), value }));
      const [before, after] = await Promise.all([block - 1, block].map((n) => rpcResult<Hex>(anvilUrl, 'eth_getBalance', [to, numberToHex(n)])));
      expect(BigInt(after!) - BigInt(before!)).toBe(BigInt(value));
    }
  });

  it('has a CREATE2 from the factory, at the address the salt and the init code decide', async () => {
    const { create2 } = manifest.transactions;
    expect((await receiptOf(create2.hash)).status).toBe('0x1');
    const child = compileSandboxContracts().TraceChild;
    const initCodeHash = keccak256(encodeDeployData({ abi: traceChildAbi, bytecode: child.bytecode, args: [manifest.accounts.tracer.address] }));
    expect(create2.initCodeHash).toBe(initCodeHash);
    expect(getContractAddress({ opcode: 'CREATE2', from: create2.factory, salt: create2.salt, bytecodeHash: initCodeHash })).toBe(create2.address);
    const frames = framesOf(await callTree(create2.hash));
    expect(frames).toContainEqual(expect.objectContaining({ type: 'CREATE2', from: lower(create2.factory), to: lower(create2.address) }));
    expect((await rpcResult<Hex>(anvilUrl, 'eth_getCode', [create2.address, 'latest'])).length).toBeGreaterThan(2);
  });

  it('has a DELEGATECALL through a seeded proxy to the implementation', async () => {
    const { delegateCall } = manifest.transactions;
    const { proxiedToken } = manifest.contracts;
    expect(delegateCall).toMatchObject({ proxy: proxiedToken.erc1967Proxy, implementation: proxiedToken.implementation });
    const tree = await callTree(delegateCall.hash);
    expect(tree).toMatchObject({ type: 'CALL', to: lower(delegateCall.proxy) });
    expect(tree.calls).toContainEqual(expect.objectContaining({ type: 'DELEGATECALL', from: lower(delegateCall.proxy), to: lower(delegateCall.implementation) }));
  });

  it('has a mined transaction that ran out of gas below the router, and needs the gas the manifest names to succeed', async () => {
    const { outOfGas } = manifest.transactions;
    const receipt = await receiptOf(outOfGas.hash);
    expect(receipt.status).toBe('0x0');
    // The seed's last block: appended after everything else.
    expect(Number(receipt.blockNumber)).toBe(manifest.seededToBlock);
    const sent = await rpcResult<{ gas: Hex; from: Hex; to: Hex; input: Hex; value: Hex }>(anvilUrl, 'eth_getTransactionByHash', [outOfGas.hash]);
    expect(Number(sent.gas)).toBe(outOfGas.gasLimit);
    expect(sent.to).toBe(lower(manifest.contracts.trace.router));
    const frames = framesOf(await callTree(outOfGas.hash));
    expect(frames.slice(1).some((frame) => frame.error?.startsWith('out of gas'))).toBe(true);
    const parent = numberToHex(Number(receipt.blockNumber) - 1);
    const call = { from: sent.from, to: sent.to, data: sent.input, value: sent.value };
    expect(Number(await rpcResult<Hex>(anvilUrl, 'eth_estimateGas', [call, parent]))).toBe(outOfGas.gasNeeded);
    expect(outOfGas.gasNeeded).toBeGreaterThan(outOfGas.gasLimit);
    // With what it needs, the same call at the parent block succeeds.
    await expect(rpcResult(anvilUrl, 'eth_call', [{ ...call, gas: numberToHex(outOfGas.gasNeeded) }, parent])).resolves.toBeDefined();
  });

  it("keeps each trace contract's Solidity metadata in the content store, under the CID its code names, with its functions and errors", async () => {
    const { trace } = manifest.contracts;
    const authorization = `Basic ${Buffer.from(`${sandbox.info.key}:${sandbox.info.secret}`).toString('base64')}`;
    const expected: [Address, string, string][] = [
      [trace.token, 'TraceToken', 'error:ERC20InsufficientBalance'],
      [trace.pool, 'TracePool', 'function:redeem'],
      [trace.vault, 'TraceVault', 'error:NotPool'],
      [trace.router, 'TraceRouter', 'function:redeem'],
      [trace.splitter, 'TraceSplitter', 'error:PaymentFailed'],
      [trace.factory, 'TraceFactory', 'function:deploy'],
      [manifest.transactions.create2.address, 'TraceChild', 'function:owner'],
    ];
    for (const [address, name, item] of expected) {
      const code = await rpcResult<Hex>(anvilUrl, 'eth_getCode', [address, 'latest']);
      // The CBOR tail: {"ipfs": <34-byte multihash>, "solc": <version>}; its length is in the last two bytes.
      const tail = code.slice(-(parseInt(code.slice(-4), 16) * 2 + 4), -4);
      const multihash = /6469706673(5822[0-9a-f]{68})/.exec(tail)?.[1]?.slice(4);
      expect(multihash, name).toBeDefined();
      const cid = CID.createV0(Digest.decode(hexToBytes(`0x${multihash!}`)) as Digest.Digest<0x12, number>).toString();
      const response = await fetch(`${sandbox.info.storageUrl}/api/v0/cat?arg=${cid}`, { method: 'POST', headers: { authorization } });
      expect(response.status, name).toBe(200);
      const metadata = (await response.json()) as { output: { abi: { type: string; name?: string }[] }; settings: { compilationTarget: Record<string, string> } };
      expect(Object.values(metadata.settings.compilationTarget)).toEqual([name]);
      expect(metadata.output.abi.map((entry) => `${entry.type}:${entry.name}`)).toContain(item);
    }
  });
});
