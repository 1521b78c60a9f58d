import { describe, expect, it } from 'vitest';
import type { ApiCallError } from './ApiCallError';
import { createFakeApiClient } from './createFakeApiClient';

describe('createFakeApiClient', () => {
  it('runs the given handlers with validated input', async () => {
    const api = createFakeApiClient({ methods: { 'networks.select': async ({ networkId }) => ({ id: networkId }) as never } });
    await expect(api.call('networks.select', { networkId: 'sepolia' })).resolves.toEqual({ id: 'sepolia' });
  });

  it('refuses invalid input as main would', async () => {
    const api = createFakeApiClient({ methods: { 'networks.select': async () => expect.fail('handler ran') } });
    const thrown = (await api.call('networks.select', { networkId: 'Not Valid' }).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error).toMatchObject({ name: 'InvalidInputError', code: 'invalid_input' });
  });

  it('names a method it has no handler for', async () => {
    const thrown = (await createFakeApiClient({}).call('settings.get', {}).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error.shortMessage).toBe('The fake API has no handler for "settings.get"; pass one to createFakeApiClient.');
  });

  it('passes thrown errors on as plain errors', async () => {
    const api = createFakeApiClient({
      methods: {
        'settings.get': async () => {
          throw { name: 'KeychainUnavailableError', kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', shortMessage: 'No keychain.', extra: 'dropped' };
        },
      },
    });
    const thrown = (await api.call('settings.get', {}).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error).toEqual({ name: 'KeychainUnavailableError', kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', shortMessage: 'No keychain.' });
  });

  it('streams subscription events and aborts the handler on cancel', async () => {
    let signal: { aborted: boolean } | undefined;
    const api = createFakeApiClient({
      topics: {
        'sandbox.status': async (_input, emit, given) => {
          signal = given;
          emit({ state: 'running', restarts: 0 });
          await new Promise<void>((resolve) => given.addEventListener('abort', () => resolve()));
        },
      },
    });
    const events: unknown[] = [];
    const unsubscribe = api.subscribe('sandbox.status', {}, { onEvent: (event) => events.push(event) });
    await expect.poll(() => events.length).toBe(1);
    unsubscribe();
    await expect.poll(() => signal?.aborted).toBe(true);
  });
});

describe('createFakeApiClient runs main\'s dispatcher core', () => {
  it('answers an unknown method and an over-limit subscription count exactly as main does', async () => {
    const api = createFakeApiClient({});
    const thrown = (await api.call('no.such' as never, {} as never).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error).toEqual({ name: 'UnknownMethodError', kind: 'invalidInput', code: 'unknown_method', shortMessage: 'There is no API method named "no.such".' });
  });

  it('refuses an answer that is not JSON-safe with main\'s error', async () => {
    const api = createFakeApiClient({ methods: { 'settings.get': async () => ({ theme: 1n }) as never } });
    const thrown = (await api.call('settings.get', {}).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error).toEqual({ name: 'OutputNotJsonSafeError', kind: 'internal', code: 'output_not_json_safe', shortMessage: 'The answer could not be sent: it is not JSON-safe.' });
  });
});
