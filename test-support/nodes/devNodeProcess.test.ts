import { describe, expect, it } from 'vitest';
import { nodeClient } from '../nodeClient';
import { commandLine, descendants, isAlive } from '../processTree';
import { GANACHE_CHAIN_ID, startGanache } from './startGanache';
import { HARDHAT_CHAIN_ID, startHardhatNode } from './startHardhatNode';

// The development nodes start from their own CLIs, answer JSON-RPC, and stop whole: the node, its guard and
// anything else in their process group.
describe.each([
  ['Hardhat', startHardhatNode, HARDHAT_CHAIN_ID, /hardhat.*\bnode\b/],
  ['Ganache', startGanache, GANACHE_CHAIN_ID, /ganache/],
])('%s, started for a test', (_, start, chainId, command) => {
  it('answers on its own port with its chain id, and leaves no process behind once stopped', async () => {
    const node = await start();
    try {
      expect(node.chainId).toBe(chainId);
      expect(node.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(commandLine(node.pid)).toMatch(command);
      expect(await nodeClient(node.url).getBlockNumber()).toBe(0n);
    } finally {
      const children = descendants(node.pid);
      await node.stop();
      expect(isAlive(node.pid)).toBe(false);
      expect(children.filter(isAlive)).toEqual([]);
    }
    await node.exited;
  });
});
