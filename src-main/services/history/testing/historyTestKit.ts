import { afterAll } from 'vitest';
import type { HealthEvent } from '../../../../src-shared/api/networks';
import { createDecodingService } from '../../decoding/createDecodingService';
import { createExplorerService } from '../../explorer/createExplorerService';
import { createFeedHub } from '../../rpc/createFeedHub';
import { createRpcService } from '../../rpc/createRpcService';
import type { RpcParams } from '../../rpc/probeNetwork';
import { localSandboxNetwork } from '../../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../../rpc/testing/sharedSandbox';
import type { Store } from '../../store/openStore';
import { createTraceService } from '../../trace/createTraceService';
import { createHistoryService } from '../createHistoryService';
import type { CallTreeOf } from '../internalTouches';

/**
 * The history tests' kit on the shared sandbox: the app's services over a store (or none), with the rpc service's
 * own record of what it sent, and raw JSON-RPC to the sandbox for facts read independently. Every rpc service it
 * opens is closed after the file.
 */
export function historyTestKit() {
  const sandbox = sharedSandbox();
  const local = localSandboxNetwork(sandbox.info);
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const rpc of opened) await rpc.close();
  });

  /** The services as the app builds them, over `store` when given; `sent` lists each request the rpc service sent. */
  const servicesOver = (store?: Store) => {
    const sent: { method: string; params: RpcParams }[] = [];
    const rpc = createRpcService({ resolve: async () => local, onRequest: (_networkId, method, params) => sent.push({ method, params }) });
    opened.push(rpc);
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
    const decoding = createDecodingService({ rpc, ...(store ? { store } : {}) });
    const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding, ...(store ? { store } : {}) });
    // As the app hands it in: call trees from the trace service (a replay here: the sandbox offers no debug_ method).
    const trace = createTraceService({ rpc, decoding });
    const callTree: CallTreeOf = async (networkId, hash, signal) => {
      const view = await trace.transaction(networkId, hash, signal);
      return { root: view.root, trusted: view.check?.matchesReceipt ?? true };
    };
    const history = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId), decoding, callTree, ...(store ? { store } : {}) });
    // The same over no call trees: what a network without them gets.
    const historyWithoutTraces = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId), decoding, ...(store ? { store } : {}) });
    return { history, historyWithoutTraces, sent, rpc, decoding };
  };

  /** Raw JSON-RPC straight to the sandbox: the facts the services must find, read without them. */
  const raw = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return ((await response.json()) as { result: T }).result;
  };

  return { sandbox, servicesOver, raw };
}
