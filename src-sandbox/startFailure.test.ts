import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from './sandbox';
import { seededCopies } from './testing/seededCopies';
import { commandLine, descendants } from '../test-support/processTree';

// Anvil is spawned first and restores the chain while the content store opens and the server gets ready:
// when any of those fails, the start rejects with the cause and leaves no Anvil (nor its guard) behind.

const { shared, seeded: seededDataDir, later } = seededCopies('blockglass-start-failure-');


/** Anvil processes (and their guards) this test process started. */
const anvils = () => descendants(process.pid).filter((pid) => commandLine(pid).includes('anvil'));

describe('a sandbox start that fails after Anvil was spawned', () => {
  it('rejects when the content store cannot open, and stops Anvil', async () => {
    const dataDir = seededDataDir();
    fs.rmSync(path.join(dataDir, 'content'), { recursive: true, force: true }); // the seeded copy's store, replaced by a file
    fs.writeFileSync(path.join(dataDir, 'content'), 'not a folder');
    expect(anvils()).toEqual([]);
    await expect(startSandbox({ dataDir, blockTimeSeconds: 0 })).rejects.toThrow(/content|EEXIST|ENOTDIR/);
    expect(anvils()).toEqual([]);
  });

  it('rejects when its port is taken, stops Anvil, and closes the content store (the next start opens it)', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    later(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as net.AddressInfo).port;
    const dataDir = seededDataDir();
    await expect(startSandbox({ dataDir, port, blockTimeSeconds: 0 })).rejects.toThrow(/EADDRINUSE/);
    expect(anvils()).toEqual([]);

    const sandbox = await startSandbox({ dataDir, blockTimeSeconds: 0 });
    later(() => sandbox.close());
    expect(sandbox.demoContent.rootCid).toBe(shared.demoContent.rootCid);
  });
});
