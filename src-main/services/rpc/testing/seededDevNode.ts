import { afterAll, beforeAll } from 'vitest';
import type { DevNode } from '../../../../test-support/nodes/devNodeProcess';
import { seedDevNode, type DevNodeChain } from '../../../../test-support/nodes/seedDevNode';
import { createRpcService, type RpcService } from '../createRpcService';
import { devNodeNetwork } from './devNodeNetwork';

/** A development node started and seeded for a suite, reached through the app's RPC service as a custom network. */
export interface SeededDevNode {
  node: DevNode;
  chain: DevNodeChain;
  rpc: RpcService;
  /** The custom network's id, to pass to the services. */
  id: string;
}

/**
 * Starts a development node with `start` before the suite's tests (Hardhat's or Ganache's, from test-support), seeds
 * it and serves it through an RPC service as a person's custom network; after them, closes the service and stops
 * the node. Its fields are set once the suite's first hook has run: read them in hooks and tests, not at collection.
 */
export function useSeededDevNode(start: () => Promise<DevNode>): SeededDevNode {
  const seeded = {} as SeededDevNode;
  beforeAll(async () => {
    seeded.node = await start();
    seeded.chain = await seedDevNode(seeded.node);
    const resolved = devNodeNetwork(seeded.node);
    seeded.id = resolved.network.id;
    seeded.rpc = createRpcService({ resolve: async () => resolved });
  });
  afterAll(async () => {
    await seeded.rpc?.close();
    await seeded.node?.stop();
  });
  return seeded;
}
