import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';
import { chainPaths } from './chain/chainState';
import type { SeedManifest } from './chain/manifest';
import { startSandbox } from './sandbox';
import { seededCopies } from './testing/seededCopies';
import { rpcResult } from './testing/rawRpc';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { waitUntil } from '../test-support/processTree';

// A restart (clean, or after kill -9) keeps the chain at or past its head, and the seeded blocks' history: balances,
// storage and calls answer at seeded blocks, as the explorer and the call playground need. The live node's older
// states are kept in memory while it runs, not saved (a stop stays quick): a live block mined before the restart
// says its state is not available.

const { shared, seeded: seededDataDir, later } = seededCopies('blockglass-history-');
const KEY = 'historykey000000000000000000001';


/** Live processes whose command line names `text`. */
function processesNaming(text: string): number[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** What the chain says at a block mined while the sandbox ran: a sender's balance, a slot, a revert. */
async function factsAt(rpcUrl: string, manifest: SeedManifest, block: number) {
  const full = await rpcResult<{ transactions: { from: string }[] }>(rpcUrl, 'eth_getBlockByNumber', [hex(block), true]);
  const sender = full.transactions[0]?.from ?? manifest.contracts.reverter;
  const slot = manifest.storage.plain[0]!;
  const revert = await rawJsonRpc(rpcUrl, 'eth_call', [{ to: manifest.contracts.reverter, data: manifest.reverts.reasonString.data }, hex(block)]);
  return {
    sender,
    balance: await rpcResult<string>(rpcUrl, 'eth_getBalance', [sender, hex(block)]),
    slot: await rpcResult<string>(rpcUrl, 'eth_getStorageAt', [manifest.contracts.storageShowcase, hex(slot.slot), hex(block)]),
    revert: revert.body.error,
  };
}

async function headOf(rpcUrl: string): Promise<number> {
  return Number.parseInt(await rpcResult<string>(rpcUrl, 'eth_blockNumber'), 16);
}

describe('history across restarts', () => {
  it('reads a storage slot, a balance and reproduces a revert at seeded blocks after a clean restart, and says a live block before it is not kept', { timeout: 60_000 }, async () => {
    const dataDir = seededDataDir();
    const manifest = shared.manifest;
    const first = await startSandbox({ dataDir, key: KEY, secret: 's', blockTimeSeconds: 1 });
    let firstClosed = false;
    later(async () => void (firstClosed || (await first.close())));
    const start = await headOf(first.info.rpcUrl);
    await waitUntil(async () => (await headOf(first.info.rpcUrl)) >= start + 3, 'three blocks of traffic', 20_000);
    const mined = start + 2; // mined by this run's traffic, after the seed
    const before = await factsAt(first.info.rpcUrl, manifest, manifest.seededToBlock);
    expect(await factsAt(first.info.rpcUrl, manifest, mined)).toMatchObject({ balance: expect.stringMatching(/^0x/) });
    const seededSlot = await rpcResult<string>(first.info.rpcUrl, 'eth_getStorageAt', [manifest.contracts.storageShowcase, hex(manifest.storage.plain[0]!.slot), hex(100)]);
    await first.close();
    firstClosed = true;

    const second = await startSandbox({ dataDir, key: KEY, secret: 's', blockTimeSeconds: 0 });
    later(() => second.close());
    expect(await headOf(second.info.rpcUrl)).toBeGreaterThanOrEqual(mined);
    expect(await factsAt(second.info.rpcUrl, manifest, manifest.seededToBlock)).toEqual(before);
    const gone = await rawJsonRpc(second.info.rpcUrl, 'eth_getBalance', [manifest.contracts.reverter, hex(mined)]);
    expect(gone.body.error).toMatchObject({ code: -32602, message: expect.stringContaining(`the state at block ${mined} is not available`) });
    expect(before.revert).toMatchObject({ code: 3, message: `execution reverted: ${manifest.reverts.reasonString.reason}` });
    expect(await rpcResult<string>(second.info.rpcUrl, 'eth_getStorageAt', [manifest.contracts.storageShowcase, hex(manifest.storage.plain[0]!.slot), hex(100)])).toBe(seededSlot);
    expect(BigInt(seededSlot)).toBe(BigInt(manifest.storage.plain[0]!.value));
  });

  it('keeps the chain and the seeded history after the sandbox is killed with SIGKILL (Anvil, stopped by its guard, dumps it)', { timeout: 60_000 }, async () => {
    const dataDir = seededDataDir();
    const manifest = shared.manifest;
    const cli = (blockTime: string) => {
      const child: ChildProcess = spawn(process.execPath, ['out/sandbox/cli.mjs', '--json', '--port', '0', '--data', dataDir, '--key', KEY, '--secret', 's', '--block-time', blockTime], { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      later(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      });
      const ready = new Promise<{ rpcUrl: string }>((resolve, reject) => {
        readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as { rpcUrl: string }));
        child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
      });
      return { child, ready, exited };
    };
    const first = cli('1');
    const { rpcUrl } = await first.ready;
    const start = await headOf(rpcUrl);
    await waitUntil(async () => (await headOf(rpcUrl)) >= start + 3, 'three blocks of traffic', 20_000);
    const mined = start + 2;
    const before = await factsAt(rpcUrl, manifest, manifest.seededToBlock);
    first.child.kill('SIGKILL');
    await first.exited;
    // The guard saw the pipe close and stopped Anvil, which dumped its chain as it went.
    await waitUntil(() => !processesNaming(chainPaths(dataDir).dump).length, 'Anvil to stop', 15_000);
    expect(fs.existsSync(chainPaths(dataDir).dump)).toBe(true);

    const second = cli('0');
    const again = await second.ready;
    expect(await headOf(again.rpcUrl)).toBeGreaterThanOrEqual(mined);
    expect(await factsAt(again.rpcUrl, manifest, manifest.seededToBlock)).toEqual(before);
  });
});
