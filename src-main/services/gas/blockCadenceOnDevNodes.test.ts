import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_LEVELS } from '../../../src-shared/gas/feeSuggestion';
import type { DevNode } from '../../../test-support/nodes/devNodeProcess';
import { seedDevNode } from '../../../test-support/nodes/seedDevNode';
import { startGanache } from '../../../test-support/nodes/startGanache';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { createRpcService, type RpcService } from '../rpc/createRpcService';
import { createGasPoller } from './createGasPoller';
import { devNodeNetwork } from '../rpc/testing/devNodeNetwork';

// Nodes that mine on demand (NODE-DIALECTS.md, "Automine"): Hardhat says so when asked (hardhat_getAutomine),
// Ganache has no such method and is judged by its blocks, a block per transaction. The local estimate's levels
// then wait for nothing, and the snapshot says why, instead of mainnet's "15–30 s".


describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode],
  ['Ganache 7', startGanache],
])('the local gas estimate on %s', (_, start) => {
  let node: DevNode;
  let rpc: RpcService;

  beforeAll(async () => {
    node = await start();
    await seedDevNode(node);
    const resolved = devNodeNetwork(node);
    rpc = createRpcService({ resolve: async () => resolved });
  });
  afterAll(async () => {
    await rpc?.close();
    await node?.stop();
  });

  it('says the node mines on demand, and no level waits', async () => {
    const poller = createGasPoller(`custom-${node.name}`, { resolve: async () => devNodeNetwork(node), request: (networkId, method, params, options) => rpc.request(networkId, method, params, options) });
    const snapshot = await poller.poll(new AbortController().signal);
    expect(snapshot.source).toBe('local');
    expect(snapshot.blockCadence).toEqual({ kind: 'onDemand' });
    for (const level of FEE_LEVELS) expect(snapshot.suggestion[level]).toMatchObject({ minWaitTimeEstimate: 0, maxWaitTimeEstimate: 0 });
  });
});
