import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './sandbox';
import { rpcResult } from './testing/rawRpc';
import { useTempDirs } from '../test-support/tempDirs';

// A first start seeds the chain, then starts the seeded node (every seeded block's state) from the seed's snapshot.
// It is ready only once that node answers too: a tool that reads the nodes themselves as soon as the sandbox says it
// is ready (Otterscan's side by side, which reads the first Anvil) found the seeded node still loading, no port yet.

const tempDir = useTempDirs('blockglass-first-start-');
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("a sandbox's first start", () => {
  it('is ready with its seeded node answering at the last seeded block', { timeout: 300_000 }, async () => {
    sandbox = await startSandbox({ dataDir: tempDir(), blockTimeSeconds: 0 });
    const seededUrl = sandbox.seededAnvilUrl; // throws while the seeded node is still starting
    expect(Number(await rpcResult<string>(seededUrl, 'eth_blockNumber'))).toBe(sandbox.manifest.seededToBlock);
  });
});
