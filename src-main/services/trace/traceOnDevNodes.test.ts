import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import type { CallFrame } from '../../../src-shared/trace/callFrame';
import { frameAt } from '../../../src-shared/trace/framesOf';
import type { TraceFrameView, TraceView } from '../../../src-shared/trace/traceView';
import type { DevNode } from '../../../test-support/nodes/devNodeProcess';
import { seedDevNode, type DevNodeChain } from '../../../test-support/nodes/seedDevNode';
import { startGanache } from '../../../test-support/nodes/startGanache';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { createDecodingService } from '../decoding/createDecodingService';
import { createContentReader } from '../decoding/readContent';
import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork, sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createTraceService } from './createTraceService';
import { replayTransaction } from './replay/replayTransaction';
import type { RpcRequest } from './replay/rpcRequest';
import { devNodeNetwork } from '../rpc/testing/devNodeNetwork';

// The trace service on nodes nobody here wrote, each added as a custom network would be. Hardhat 2 refuses any
// tracer and Ganache 7 answers callTracer with opcode logs, so both are traced by the local replay, at the fork their
// blocks' headers show (neither answers eth_config). Each is seeded with the sandbox's deep revert (the same compiled
// contracts), and its frames must be the Local sandbox's: the same calls, by role, the reverting frame named.

const sandbox = sharedSandbox();
const { manifest } = sandbox;
const local = localSandboxNetwork(sandbox.info);
const anvil = sandboxNetwork(sandbox.info, '', { id: 'anvil', rpcUrl: sandbox.seededAnvilUrl, wsUrl: null });
const devNodes = new Map<string, NetworkWithCredentials>();
const rpc = createRpcService({
  resolve: async (networkId) => {
    if (networkId === 'anvil') return { ...anvil, rpcUrl: sandbox.seededAnvilUrl };
    if (networkId === 'local') return local;
    const node = devNodes.get(networkId);
    if (!node) throw new Error(`no network ${networkId}`);
    return node;
  },
});
// The contracts' metadata (their names, their ABIs) is read from the Local sandbox's content store for every network:
// the dev nodes run the very bytecode the sandbox seeded, whose metadata hash names that store's file.
const decoding = createDecodingService({ rpc, readContent: createContentReader(async () => local), projectRoot: process.cwd() });
const trace = createTraceService({ rpc, decoding });
afterAll(() => rpc.close());

/** A custom network at the node's address, as the network service resolves one without a key. */

/** The showcase's accounts and contracts by role on one chain. */
type Roles = Record<'sender' | 'router' | 'pool' | 'vault' | 'token', Address>;

/**
 * A frame as it must read on every node: its kind and depth, its caller and callee by role, its input, output and
 * value with every role's address (in an ABI word or not) written as the role, its error, its call and revert decoded
 * to their names, its callee's contract name. Gas is left out: the nodes' forks may price a call otherwise.
 */
function shapeOf(frame: TraceFrameView, roles: Roles): unknown {
  const byRole = (hex: string | undefined) =>
    hex === undefined ? undefined : Object.entries(roles).reduce((text, [role, address]) => text.replaceAll(address.slice(2).toLowerCase(), `<${role}>`), hex.toLowerCase());
  return {
    kind: frame.kind,
    depth: frame.depth,
    from: byRole(frame.from),
    to: byRole(frame.to),
    value: frame.value,
    input: byRole(frame.input),
    output: byRole(frame.output),
    error: frame.error,
    call: frame.call?.status === 'decoded' ? frame.call.name : frame.call?.status,
    revert: frame.revert?.status === 'decoded' ? frame.revert.name : frame.revert?.status,
    contract: frame.contract,
    children: frame.children.map((child) => shapeOf(child, roles)),
  };
}

const localRoles: Roles = { sender: manifest.accounts.tracer.address, ...manifest.contracts.trace };
const devRoles = (chain: DevNodeChain): Roles => ({ sender: chain.trace.sender, ...chain.trace.contracts });

const routerAbi = parseAbi(['function redeem(address pool, address to, uint256 amount) returns (uint256)']);

/** The Local sandbox's own redemption of 40 TRC: beside the vault's funding, the block before the deep revert's. */
async function localRedemption(): Promise<Hex> {
  const { deepRevert } = manifest.transactions;
  const contracts = manifest.contracts.trace;
  const mined = await rpc.request<{ blockNumber: Hex }>('anvil', 'eth_getTransactionByHash', [deepRevert.hash]);
  const block = await rpc.request<{ transactions: { hash: Hex; to: Address | null; input: Hex }[] }>('anvil', 'eth_getBlockByNumber', [`0x${(BigInt(mined.blockNumber) - 1n).toString(16)}`, true]);
  const input = encodeFunctionData({ abi: routerAbi, functionName: 'redeem', args: [contracts.pool, manifest.accounts.tracer.address, parseUnits('40', 18)] });
  const found = block.transactions.find((tx) => tx.to?.toLowerCase() === contracts.router.toLowerCase() && tx.input === input);
  if (!found) throw new Error('The Local sandbox has no redemption of 40 TRC beside the vault’s funding: the seed changed.');
  return found.hash;
}

// The Local sandbox's traces, by its Anvil's own callTracer (the truth the replay is held to), read once.
let localTraces: Promise<{ deepRevert: TraceView; redeemed: TraceView }> | undefined;
const localTrace = () =>
  (localTraces ??= (async () => ({
    deepRevert: await trace.transaction('anvil', manifest.transactions.deepRevert.hash),
    redeemed: await trace.transaction('anvil', await localRedemption()),
  }))());

describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode, 'inferred osaka'],
  ['Ganache 7', startGanache, 'inferred shanghai'],
])('traces on %s', (_, start, hardfork) => {
  let node: DevNode;
  let chain: DevNodeChain;
  let id: string;

  beforeAll(async () => {
    node = await start();
    const network = devNodeNetwork(node);
    id = network.network.id;
    devNodes.set(id, network);
    chain = await seedDevNode(node);
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('replays the deep revert into the Local sandbox’s frames, at the fork the headers show, and names where the revert began', async () => {
    const [view, { deepRevert: expected }] = await Promise.all([trace.transaction(id, chain.trace.deepRevert.hash), localTrace()]);
    expect(expected.source).toBe('callTracer');
    expect(view).toMatchObject({ source: 'replay', hardfork, check: { matchesReceipt: true, differences: [] } });
    expect(shapeOf(view.root, devRoles(chain))).toEqual(shapeOf(expected.root, localRoles));
    expect(view.summary).toEqual(expected.summary);

    const { deepRevert } = chain.trace;
    expect(view.summary.revertOrigin).toHaveLength(deepRevert.depth);
    const origin = frameAt(view.root as unknown as CallFrame, view.summary.revertOrigin!) as unknown as TraceFrameView;
    expect(origin).toMatchObject({ depth: deepRevert.depth, to: deepRevert.revertingContract.toLowerCase(), error: 'execution reverted', output: deepRevert.revertData.toLowerCase() });
    expect(origin.contract).toBe('TraceToken');
    expect(origin.call).toMatchObject({ status: 'decoded', name: deepRevert.revertingFunction });
    expect(origin.revert).toMatchObject({ status: 'decoded', name: deepRevert.errorName });
  });

  it('replays the redemption that succeeds into the Local sandbox’s frames, matching its receipt', async () => {
    const [view, { redeemed: expected }] = await Promise.all([trace.transaction(id, chain.trace.redeemed), localTrace()]);
    expect(view).toMatchObject({ source: 'replay', hardfork, check: { matchesReceipt: true, differences: [] } });
    expect(view.summary.revertOrigin).toBeUndefined();
    expect(shapeOf(view.root, devRoles(chain))).toEqual(shapeOf(expected.root, localRoles));
    expect(view.summary).toEqual(expected.summary);
  });
});

describe('replays on a Hardhat node of its own', () => {
  let node: DevNode;
  let request: RpcRequest;
  let from: Address;
  beforeAll(async () => {
    node = await startHardhatNode();
    const network = devNodeNetwork(node);
    devNodes.set(network.network.id, network);
    request = (method, params, signal) => rpc.request(network.network.id, method, params, { signal });
    from = ((await request('eth_accounts', [])) as Address[])[0]!;
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('catch a fork inferred wrongly by the receipt check: a call to P256VERIFY replayed at Prague rather than Osaka differs in gas used', async () => {
    // EIP-7951's precompile (Osaka) at 0x100: invalid input, so it answers nothing, but it costs its 6,900 gas; at
    // Prague the address is an empty account and costs nothing beyond the transaction's own gas.
    const hash = (await request('eth_sendTransaction', [{ from, to: '0x0000000000000000000000000000000000000100', data: `0x${'00'.repeat(160)}`, gas: '0x30000' }])) as Hex;

    const inferred = await replayTransaction({ request }, hash);
    expect(inferred).toMatchObject({ hardfork: 'inferred osaka', check: { matchesReceipt: true } });

    // A node that said Prague (in eth_config) would have it replayed at Prague: the check says the frames are not the truth.
    const prague = { current: { activationTime: 0, chainId: `0x${node.chainId.toString(16)}`, precompiles: { BLS12_G1ADD: '0x0b', KZG_POINT_EVALUATION: '0x0a' } }, next: null, last: null };
    const saysPrague: RpcRequest = async (method, params, signal) => (method === 'eth_config' ? prague : request(method, params, signal));
    const wrong = await replayTransaction({ request: saysPrague }, hash);
    expect(wrong.hardfork).toBe('prague');
    expect(wrong.check.matchesReceipt).toBe(false);
    expect(wrong.check.differences.map((difference) => difference.field)).toEqual(['gasUsed']);
  });

  it("replay a read of the block's own beacon root as Hardhat ran it: refused, since Hardhat writes no beacon roots", async () => {
    const latest = (await request('eth_getBlockByNumber', ['latest', false])) as { timestamp: Hex };
    const timestamp = BigInt(latest.timestamp) + 100n;
    await request('evm_setNextBlockTimestamp', [Number(timestamp)]);
    const hash = (await request('eth_sendTransaction', [{ from, to: '0x000F3df6D732807Ef1319fB7B8bB8522d0Beac02', data: `0x${timestamp.toString(16).padStart(64, '0')}`, gas: '0x30000' }])) as Hex;
    const block = (await request('eth_getBlockByNumber', ['latest', false])) as { timestamp: Hex; parentBeaconBlockRoot?: Hex };
    expect([BigInt(block.timestamp), block.parentBeaconBlockRoot]).toEqual([timestamp, expect.stringMatching(/^0x[0-9a-f]{64}$/)]);

    const replay = await replayTransaction({ request }, hash);
    expect(replay).toMatchObject({ check: { matchesReceipt: true }, frame: { error: 'execution reverted' } });
  });
});
