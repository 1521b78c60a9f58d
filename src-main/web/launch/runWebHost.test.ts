import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { commandLine, descendants, waitUntil } from '../../../test-support/processTree';
import { describeWithKeychain } from '../../services/secrets/testing/keyringSession';
import { STORE_FILE } from '../../services/store/openStore';
import { runWebHost } from './runWebHost';

// The web host starts the Local sandbox before it loads the app's services (startLocalSandbox): a start that then
// fails must stop that sandbox too, though no services exist yet to close it.

describeWithKeychain('runWebHost when the app cannot start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-runwebhost-'));
  const keychainService = `blockglass-test-${crypto.randomBytes(4).toString('hex')}`;
  afterAll(() => {
    delete process.env.BLOCKGLASS_KEYCHAIN_SERVICE;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says why, stops the sandbox it started first, and gives the data folder back', async () => {
    process.env.BLOCKGLASS_KEYCHAIN_SERVICE = keychainService;
    // A folder where the SQLite file belongs: the store cannot open, after the sandbox was started.
    fs.mkdirSync(path.join(dataDir, STORE_FILE), { recursive: true });
    const lines: string[] = [];
    const start = runWebHost({ projectRoot: process.cwd(), dataDir, port: 0, openWindow: false, json: true, exitWithWindow: false, log: (line) => lines.push(line) });
    await expect(start).rejects.toThrow(STORE_FILE);

    // The sandbox had been launched: its key made and its folder created before the store was opened.
    expect(lines).toContain('sandbox: made a new key for the local sandbox');
    expect(fs.existsSync(path.join(dataDir, 'sandbox'))).toBe(true);
    const sandboxes = () => descendants(process.pid).filter((pid) => commandLine(pid).includes(dataDir));
    await waitUntil(() => sandboxes().length === 0, 'no sandbox or Anvil left for the data folder', 20_000);
    // The data folder's lock is released: the next start may take it.
    expect(fs.existsSync(path.join(dataDir, 'web-host.lock'))).toBe(false);
  }, 60_000);
});
