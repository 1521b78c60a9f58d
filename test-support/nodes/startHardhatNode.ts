// Test support: Hardhat 2's node (npm `hardhat`, its EDR engine), started as `hardhat node` is from a project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevNode, REPO_ROOT, type DevNode } from './devNodeProcess';

/** Hardhat's own default chain id (the same as Anvil's and the Local sandbox's). */
export const HARDHAT_CHAIN_ID = 31337;

/**
 * Starts `hardhat node` on a free port (Hardhat takes port 0 and prints the one it got) with a minimal config
 * written to a temporary folder this node owns and removes when it stops. The config compiles nothing (contracts
 * are compiled by the seeder with the `solc` package: no compiler download) and keeps Hardhat's defaults, but for
 * `throwOnTransactionFailures: false`, so a transaction that reverts is mined and its hash answered, as on any
 * other node, instead of the send failing.
 */
export async function startHardhatNode(): Promise<DevNode> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-hardhat-'));
  const config = path.join(dir, 'hardhat.config.cjs');
  const paths = { root: dir, sources: path.join(dir, 'contracts'), cache: path.join(dir, 'cache'), artifacts: path.join(dir, 'artifacts') };
  fs.writeFileSync(
    config,
    `module.exports = ${JSON.stringify({ paths, networks: { hardhat: { chainId: HARDHAT_CHAIN_ID, throwOnTransactionFailures: false } } }, null, 2)};\n`,
  );
  try {
    const node = await startDevNode({
      label: 'hardhat',
      script: path.join(REPO_ROOT, 'node_modules', 'hardhat', 'internal', 'cli', 'cli.js'),
      args: ['node', '--config', config, '--hostname', '127.0.0.1', '--port', '0'],
      readyLine: /Started HTTP and WebSocket JSON-RPC server at http:\/\/127\.0\.0\.1:(\d+)\//,
      // Hardhat asks nothing and shows no banner when not on a terminal; these say so for any other case.
      env: { HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', HARDHAT_HIDE_SOLIDITY_SURVEY_MESSAGE: 'true' },
    });
    return {
      ...node,
      stop: async () => {
        await node.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
