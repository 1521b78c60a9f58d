import { describe, expect, it } from 'vitest';
import { startSandbox } from './sandbox';
import { seededCopies } from './testing/seededCopies';
import { rpcResult } from './testing/rawRpc';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { isAlive, waitUntil } from '../test-support/processTree';

// The sandbox survives every request, and Anvil's death too: the eth_feeHistory an outside fuzz found (a block
// count of 2^256-1, which makes Anvil panic and abort) is refused before it reaches the node; a block count over
// 1,024 is cut to 1,024 as geth does; and an Anvil killed under the sandbox is started again from the last save,
// at the same addresses, saying so.

const { seeded, later } = seededCopies('blockglass-anvil-restart-');
const KEY = 'restartkey00000000000000000000001';

describe('Anvil under the sandbox', () => {
  it('refuses the fee-history request that aborts Anvil, caps a large block count, and restarts an Anvil that died', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ dataDir: seeded(), key: KEY, blockTimeSeconds: 0, log: (line) => lines.push(line) });
    later(() => sandbox.close());
    const url = sandbox.info.rpcUrl;
    const pid = sandbox.anvilPid;

    const killer = await rawJsonRpc(url, 'eth_feeHistory', [`0x${'f'.repeat(64)}`, '0x90', []]);
    expect(killer.body.error).toEqual({ code: -32602, message: 'invalid argument 0: hex number > 64 bits' });
    const capped = await rpcResult<{ baseFeePerGas: string[]; oldestBlock: string }>(url, 'eth_feeHistory', ['0xffffffffffffffff', 'latest', [50]]);
    const head = Number(await rpcResult<string>(url, 'eth_blockNumber'));
    expect(capped.baseFeePerGas.length).toBeLessThanOrEqual(1025);
    expect(Number(capped.oldestBlock)).toBeGreaterThanOrEqual(head + 1 - 1024);
    expect(sandbox.anvilPid).toBe(pid);
    expect(isAlive(pid)).toBe(true);

    process.kill(pid, 'SIGKILL');
    await waitUntil(() => lines.some((line) => line.startsWith('Anvil restarted from the last save')), 'the sandbox to restart Anvil', 60_000);
    expect(lines.find((line) => line.startsWith('Anvil stopped'))).toMatch(/^Anvil stopped unexpectedly \(exit code \d+\): restarting it from the last save$/);
    expect(sandbox.anvilPid).not.toBe(pid);
    // The same addresses answer, from the saved chain: the seeded blocks are there.
    expect(Number(await rpcResult<string>(url, 'eth_blockNumber'))).toBeGreaterThanOrEqual(sandbox.manifest.seededToBlock);
    const block = await rpcResult<{ number: string }>(url, 'eth_getBlockByNumber', [`0x${sandbox.manifest.seededToBlock.toString(16)}`, false]);
    expect(Number(block.number)).toBe(sandbox.manifest.seededToBlock);
  });
});
