import type { KuboRPCClient } from 'kubo-rpc-client';
import { afterAll, beforeAll } from 'vitest';
import { kuboClient } from './kuboClient';
import { startTestStore, type TestStore } from './startTestStore';

/** For a test file: a test store and the official client pointed at it, up before its tests, closed after. */
export function useTestStore(): { store(): TestStore; ipfs(): KuboRPCClient } {
  let store: TestStore | undefined;
  let ipfs: KuboRPCClient | undefined;
  beforeAll(async () => {
    store = await startTestStore();
    ipfs = kuboClient(store.origin);
  });
  afterAll(() => store?.close());
  return { store: () => store!, ipfs: () => ipfs! };
}
