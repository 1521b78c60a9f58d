import { afterEach, describe, expect, it } from 'vitest';
import { createKeychainBridge, type KeychainBridge } from './keychainBridge';
import { writeFakeKeyringModule } from './testing/fakeKeyringModule';

// The bridge's own behaviour (threading, timeouts, recovery, redaction) against a fake keyring module; the
// real keychain is exercised in createSecretStore.test.ts and keychainTimeout.test.ts.
describe.skipIf(process.platform === 'win32')('createKeychainBridge', () => {
  const modulePath = writeFakeKeyringModule();
  let bridge: KeychainBridge | undefined;
  afterEach(async () => {
    await bridge?.close();
  });

  it('runs get, set and delete on the keychain thread', async () => {
    bridge = createKeychainBridge({ service: 'svc', timeoutMs: 2000, modulePath });
    expect(await bridge.request({ op: 'get', account: 'a' })).toBeNull();
    expect(await bridge.request({ op: 'set', account: 'a', value: 'v1' })).toBeNull();
    expect(await bridge.request({ op: 'get', account: 'a' })).toBe('v1');
    expect(await bridge.request({ op: 'delete', account: 'a' })).toBe(true);
    expect(await bridge.request({ op: 'delete', account: 'a' })).toBe(false);
  });

  it('times out a call stuck in native code, fails fast while it is stuck, and recovers with a fresh thread', async () => {
    bridge = createKeychainBridge({ service: 'svc', timeoutMs: 400, modulePath });
    // The call blocks for 1.2 s and would then answer null: a rejection naming 0.4 s is the bridge's own timeout.
    await expect(bridge.request({ op: 'get', account: 'slow-1.2' })).rejects.toMatchObject({
      name: 'KeychainUnavailableError',
      shortMessage: 'No keychain answered within 0.4 s',
    });
    expect(bridge.isStuck()).toBe(true);

    // Refused for the stuck call, not queued behind it.
    await expect(bridge.request({ op: 'get', account: 'a' })).rejects.toMatchObject({
      details: expect.stringMatching(/^An earlier keychain request is still waiting for an answer\./),
    });

    // Once the stuck call returns, its thread ends and the next call gets a new one.
    await waitFor(() => !bridge?.isStuck(), 3000);
    expect(await bridge.request({ op: 'set', account: 'a', value: 'v2' })).toBeNull();
    expect(await bridge.request({ op: 'get', account: 'a' })).toBe('v2');
  });

  it('keeps the key out of native error messages', async () => {
    bridge = createKeychainBridge({ service: 'svc', timeoutMs: 2000, modulePath });
    const key = 'super-secret-key-0123456789';
    const error = await bridge.request({ op: 'set', account: 'leaky', value: key }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'KeychainUnavailableError', shortMessage: 'The system keychain could not be reached' });
    expect((error as { nodeSaid?: string }).nodeSaid).toBe('Platform failure: could not store <redacted>');
    expect((error as Error).message).not.toContain(key);
  });

  it('fails waiting and later calls once closed', async () => {
    bridge = createKeychainBridge({ service: 'svc', timeoutMs: 2000, modulePath });
    const waiting = bridge.request({ op: 'get', account: 'slow-0.3' }).catch((e: unknown) => e);
    await bridge.close();
    expect(await waiting).toMatchObject({ shortMessage: 'The secret store is closed' });
    await expect(bridge.request({ op: 'get', account: 'a' })).rejects.toMatchObject({ shortMessage: 'The secret store is closed' });
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
